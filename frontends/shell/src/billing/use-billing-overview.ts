import { useQuery } from '@tanstack/react-query';
import { BILLING_API } from '@platform/contracts';
import { callApi } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** Billing's overview of the selected workspace (plan, balance), shared by the sidebar widget and the upgrade prompt. */
export function useBillingOverview() {
  const { region, workspace } = useWorkspace();
  return useQuery({
    queryKey: ['billing-overview', region, workspace?.uid],
    queryFn: () => callApi(BILLING_API.getBillingOverview, { region, params: { uid: workspace!.uid } }).then((r) => r.data),
    enabled: Boolean(workspace),
  });
}

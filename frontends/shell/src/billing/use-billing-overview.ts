import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_API, BILLING_CHANGED_EVENT } from '@platform/contracts';
import { callApi } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** Billing's overview of the selected workspace (plan, balance), shared by the sidebar widget and the upgrade prompt; read again when the billing page changes it. */
export function useBillingOverview() {
  const { region, workspace } = useWorkspace();
  const client = useQueryClient();
  const queryKey = ['billing-overview', region, workspace?.uid];
  useEffect(() => {
    const reread = () => void client.invalidateQueries({ queryKey: ['billing-overview'] });
    window.addEventListener(BILLING_CHANGED_EVENT, reread);
    return () => window.removeEventListener(BILLING_CHANGED_EVENT, reread);
  }, [client]);
  return useQuery({
    queryKey,
    queryFn: () => callApi(BILLING_API.getBillingOverview, { region, params: { uid: workspace!.uid } }).then((r) => r.data),
    enabled: Boolean(workspace),
  });
}

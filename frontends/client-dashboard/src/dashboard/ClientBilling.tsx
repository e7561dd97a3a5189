import Parcel from 'single-spa-react/parcel';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_KEY, useClientSession, useDashboard } from '../session';
import { CREDITS_KEY } from './use-organization-credits';

/**
 * The billing remote's client billing modal (billing.md §2), mounted while open; only for an
 * organisation with allowBilling. A purchase reads the top bar's credits again at once; closing it
 * reads the session and the credits again.
 */
export function ClientBilling({ onClose }: { onClose: () => void }) {
  const { host, loadParcel } = useDashboard();
  const { organization, client } = useClientSession();
  const queryClient = useQueryClient();
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
    onClose();
  };
  return (
    <Parcel
      config={() => loadParcel('client_billing')}
      region={host.region}
      orgId={organization.ID}
      allowBilling={Boolean(organization.allowBilling)}
      workspaceId={organization.ownerID ?? ''}
      clientId={client.ID}
      email={client.email}
      opened
      onClose={close}
      onBalanceChanged={() => void queryClient.invalidateQueries({ queryKey: CREDITS_KEY })}
      handleError={(error: Error) => console.error('client billing failed', error)}
    />
  );
}

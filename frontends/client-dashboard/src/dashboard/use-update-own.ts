import { useState } from 'react';
import { CLIENTS_API_MESSAGES, type UpdateOwnClientRequest } from '@platform/contracts';
import { notify } from '@platform/ui';
import { useDashboard } from '../session';

/**
 * Saves a change to the signed-in client's own record (account, status, notification settings):
 * 'Updated client data' and the session read again, or the failure message. `update` answers
 * whether it saved; `busy` is true while it runs.
 */
export function useUpdateOwn() {
  const { api, refresh } = useDashboard();
  const [busy, setBusy] = useState(false);
  const update = async (change: UpdateOwnClientRequest): Promise<boolean> => {
    setBusy(true);
    try {
      await api.updateOwn(change);
      notify.success(CLIENTS_API_MESSAGES.clientUpdated);
      await refresh();
      return true;
    } catch {
      notify.error(CLIENTS_API_MESSAGES.clientUpdateFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, update };
}

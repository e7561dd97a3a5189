import { useState } from 'react';
import { CLIENTS_API_MESSAGES, type OrgAdminSaveClientRequest } from '@platform/contracts';
import { ApiError, notify } from '@platform/ui';
import { useDashboard } from '../session';

/** Saves a user of the organisation (+ Add User, Users): 'Updated client data', or the service's refusal; answers whether it was saved. */
export function useSaveOrgUser() {
  const { api } = useDashboard();
  const [busy, setBusy] = useState(false);
  const save = async (body: OrgAdminSaveClientRequest): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await api.saveOrgClient(body);
      notify.success(answer.message ?? CLIENTS_API_MESSAGES.clientUpdated, 3000);
      return true;
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : CLIENTS_API_MESSAGES.clientUpdateFailed, 3000);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { save, busy };
}

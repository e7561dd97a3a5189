import { useNavigate } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS } from '@platform/contracts';
import { NOTICES, notify, useLogout, writeStored } from '@platform/ui';

/** Spec 4.4: sign-out clears local user data, token and workspace, then redirects. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        for (const key of ['userId', 'userData', 'sessionToken', 'selectedWorkspace'] as const) writeStored(BROWSER_STORAGE_KEYS[key], undefined);
        notify.success(NOTICES.session.signedOut);
        navigate('/login');
      },
      onError: () => window.alert(NOTICES.session.signOutAlert),
    });
}

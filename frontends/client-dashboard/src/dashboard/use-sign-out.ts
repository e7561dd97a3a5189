import { useNavigate } from 'react-router-dom';
import { CLIENT_DASHBOARD_MESSAGES, CLIENTS_API_MESSAGES } from '@platform/contracts';
import { notify } from '@platform/ui';
import { useDashboard } from '../session';

/** Log Out: ends the session on the server, then shows the login screen. */
export function useSignOut() {
  const { api, setSession } = useDashboard();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.logout();
      notify.success(CLIENTS_API_MESSAGES.signedOut);
      setSession(null);
      navigate('/', { replace: true });
    } catch {
      notify.error(CLIENT_DASHBOARD_MESSAGES.signOutError);
    }
  };
}

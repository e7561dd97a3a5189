import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyHostData, ClientSessionResponse } from '@platform/contracts';
import { ApiError, notify, type RemoteProps } from '@platform/ui';
import { sessionFailure } from './logic/session-refresh';
import { clientApi, type ClientApi } from './api/client-api';

export const SESSION_KEY = ['client-session'] as const;

interface DashboardContextValue {
  host: AgencyHostData;
  api: ClientApi;
  /** undefined while loading, null when nobody is signed in */
  session: ClientSessionResponse | null | undefined;
  /** a sign-in answer is the session: no second round trip */
  setSession: (session: ClientSessionResponse | null) => void;
  refresh: () => Promise<unknown>;
  /** another remote's parcel (the client billing modal), through the shell */
  loadParcel: RemoteProps['client_dashboard']['loadParcel'];
}

const DashboardContext = createContext<DashboardContextValue | null>(null);

/** The agency host, its API and the signed-in client (spec 2.9, 2.10). */
export function DashboardProvider({ host, loadParcel, children }: { host: AgencyHostData; loadParcel: RemoteProps['client_dashboard']['loadParcel']; children: ReactNode }) {
  const queryClient = useQueryClient();
  const api = useMemo(() => clientApi(host.region), [host.region]);
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        return await api.session();
      } catch (error) {
        const previous = queryClient.getQueryData<ClientSessionResponse | null>(SESSION_KEY) ?? null;
        const failure = sessionFailure(error instanceof ApiError ? error.status : 0, previous !== null);
        if (failure.notice) notify.error(failure.notice);
        if (!failure.signOut) return previous;
        // The cookie may still name the gone session: end it, so the login screen starts clean.
        if (previous) await api.logout().catch(() => undefined);
        return null;
      }
    },
    retry: false,
    staleTime: 30_000,
  });
  const value: DashboardContextValue = {
    host,
    api,
    session: query.data,
    setSession: (session) => queryClient.setQueryData(SESSION_KEY, session),
    refresh: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
    loadParcel,
  };
  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>;
}

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard outside DashboardProvider');
  return value;
}

/** The signed-in session (inside the dashboard, where one exists). */
export function useClientSession(): ClientSessionResponse {
  const { session } = useDashboard();
  if (!session) throw new Error('useClientSession without a session');
  return session;
}

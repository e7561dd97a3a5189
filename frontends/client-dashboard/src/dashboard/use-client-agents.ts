import { useQueries } from '@tanstack/react-query';
import { QUERY_KEYS, type Agent } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';

export interface ClientAgent {
  ID: string;
  agent?: Agent;
}

/**
 * The organisation's agents the client sees (its widgetIDs), each read from the agent service
 * (which lets a client read its organisation's agents only).
 */
export function useClientAgents(): { agents: ClientAgent[]; loading: boolean } {
  const { api, host } = useDashboard();
  const session = useClientSession();
  const ids = session.organization.widgetIDs ?? [];
  const results = useQueries({
    queries: ids.map((id) => ({ queryKey: QUERY_KEYS.agent(host.region, id), queryFn: () => api.agent(id), retry: false, staleTime: 60_000 })),
  });
  const agents = ids.flatMap((ID, i) => (results[i]?.isError ? [] : [{ ID, agent: results[i]?.data }]));
  return { agents, loading: results.some((r) => r.isLoading) };
}

import { useQuery } from '@tanstack/react-query';
import type { AgentListItem } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';

export type ClientAgent = AgentListItem;
/** The prefix of the agent list's query key (a created agent refreshes it). */
export const CLIENT_AGENTS_KEY = ['client-agents'] as const;

/**
 * The agents of the client's organisation (the agent service's GET /v2/client/agents). A refusal
 * (client access disabled) is no agents: the dashboard shows the locked modal.
 */
export function useClientAgents(): { agents: ClientAgent[]; loading: boolean } {
  const { api } = useDashboard();
  const session = useClientSession();
  const query = useQuery({
    queryKey: [...CLIENT_AGENTS_KEY, session.organization.ID, session.client.ID],
    queryFn: async () => {
      try {
        // "The first widget" is the organisation's first: keep its order.
        const order = session.organization.widgetIDs ?? [];
        const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
        return (await api.agents()).agents.sort((a, b) => rank(a.ID) - rank(b.ID));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return [];
        throw error;
      }
    },
    retry: false,
    staleTime: 60_000,
  });
  return { agents: query.data ?? [], loading: query.isLoading };
}

import { useQuery } from '@tanstack/react-query';
import { QUERY_KEYS, listAgents } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/**
 * The workspace's agents (the agents list's query), read again whenever a workspace page opens:
 * the list cached earlier may predate an agent created since (another tab, the API).
 */
export function useWorkspaceAgents() {
  const { region, workspace } = useWorkspace();
  return useQuery({ queryKey: QUERY_KEYS.agents(region, workspace?.uid), queryFn: () => listAgents(region, workspace?.uid), enabled: Boolean(workspace), refetchOnMount: 'always' });
}

/** id → title, for the workspace-wide pages' Agent column (the id until the list knows it). */
export function useWorkspaceAgentTitles() {
  const { data } = useWorkspaceAgents();
  return (agentId?: string) => data?.find((agent) => agent.ID === agentId)?.title || agentId || '';
}

import { useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@platform/contracts';
import { callApi } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** The workspace's agents (id → title), for the workspace-wide pages' Agent column. */
export function useWorkspaceAgentTitles() {
  const { region, workspace } = useWorkspace();
  const { data } = useQuery({
    queryKey: ['workspace-agents', region, workspace?.uid],
    enabled: Boolean(workspace),
    queryFn: async () => (await callApi(AGENT_API.listAgents, { region, query: { workspaceId: workspace!.uid } })).agents,
  });
  return (agentId?: string) => data?.find((agent) => agent.ID === agentId)?.title || agentId || '';
}

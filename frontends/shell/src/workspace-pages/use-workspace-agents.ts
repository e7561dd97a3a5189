import { useAgents } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** The workspace's agents (id → title), for the workspace-wide pages' Agent column. */
export function useWorkspaceAgentTitles() {
  const { region, workspace } = useWorkspace();
  const { data } = useAgents(region, workspace?.uid);
  return (agentId?: string) => data?.find((agent) => agent.ID === agentId)?.title || agentId || '';
}

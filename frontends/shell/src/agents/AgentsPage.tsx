import { Alert, Button, PageHeader, useAgents } from '@platform/ui';
import { useAgentEditor } from '../contexts/agent-editor-context';
import { useWorkspace } from '../contexts/workspace-context';
import { AgentList } from './AgentList';
import { AgentsEmptyState } from './AgentsEmptyState';
import { AgentsLoadingScreen } from './AgentsLoadingScreen';

/** /app/{region}/agents: loading screen (spec 2.5; its workspace stage is the provider's), then the list or the empty state. */
export function AgentsPage() {
  const { region, workspace } = useWorkspace();
  const agents = useAgents(region, workspace?.uid);
  const { openNewAgent } = useAgentEditor();

  // The list replaces the loading screen the moment the agents are there.
  if (workspace && agents.isPending) return <AgentsLoadingScreen stage="agents" />;
  const list = agents.data ?? [];
  return (
    <div data-testid="agents-page">
      <PageHeader
        title="Agents"
        description="Your AI chat and voice agents in this workspace"
        actions={
          list.length > 0 && (
            <Button onClick={openNewAgent} data-testid="list-new-agent">
              New Agent
            </Button>
          )
        }
      />
      {agents.isError ? (
        <Alert color="red" title="Your agents could not be loaded">
          {agents.error.message}{' '}
          <Button size="compact-xs" variant="light" onClick={() => void agents.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <AgentsEmptyState onNewAgent={openNewAgent} />
      ) : (
        <AgentList agents={list} region={region} />
      )}
    </div>
  );
}

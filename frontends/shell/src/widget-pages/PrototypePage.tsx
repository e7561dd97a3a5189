import { useSearchParams } from 'react-router-dom';
import { Anchor, PageHeader, Stack, Text } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { AgentWidget } from './AgentWidget';

/** /app/{region}/prototype?vg_id=: the Demo, the agent's real widget as visitors get it. */
export default function PrototypePage() {
  const { region } = useWorkspace();
  const [search] = useSearchParams();
  const agentId = search.get('vg_id');
  if (!agentId) {
    return (
      <Stack>
        <PageHeader title="Demo" />
        <Text c="dimmed">Open an agent and choose Demo to try its widget here.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" h="calc(100vh - 120px)">
      <PageHeader
        title="Demo"
        actions={
          <Anchor href={`/app/${region}/agents/${encodeURIComponent(agentId)}/share`} target="_blank" rel="noreferrer" size="sm">
            Open the share page
          </Anchor>
        }
      />
      <div style={{ flex: 1, minHeight: 0 }} data-testid="demo-widget">
        <AgentWidget agentId={agentId} region={region} mode="embedded" />
      </div>
    </Stack>
  );
}

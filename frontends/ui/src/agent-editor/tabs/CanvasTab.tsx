import { Stack } from '../../mantine';
import { CanvasEditor } from '../editor-slots';
import { useAgentForm } from '../forms/fields';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

/** Canvas (node view): the conversation graph, edited by the CanvasEditor. */
export function CanvasTab({ region, agentId, enableNodes }: TabProps) {
  const { agent, set } = useAgentForm();
  return (
    <Stack gap="md">
      <TabHeader title="Canvas" description="The conversation as a graph of nodes" viewSwitch={{ section: 'prompt', region, agentId, enableNodes }} />
      <CanvasEditor nodes={agent.nodes ?? []} onChange={(nodes) => set('nodes', nodes)} height={640} skeletonHeight={640} />
    </Stack>
  );
}

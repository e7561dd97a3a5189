import type { AgentListItem } from '@platform/contracts';
import { Checkbox, Stack, Text } from '@platform/ui';

/** Agents to check (an organisation's widgetIDs among the workspace's, a client's among its organisation's). */
export function AgentChecklist(props: { agents: readonly AgentListItem[]; checked: readonly string[]; onChange: (checked: string[]) => void; empty: string; testId: string; itemTestId?: (agentId: string) => string }) {
  const { agents, checked, onChange, empty, testId, itemTestId } = props;
  const toggle = (id: string) => onChange(checked.includes(id) ? checked.filter((other) => other !== id) : [...checked, id]);
  return (
    <Stack gap={4} data-testid={testId}>
      {agents.length === 0 && <Text size="sm" c="dimmed">{empty}</Text>}
      {agents.map((agent) => (
        <Checkbox key={agent.ID} label={agent.title || agent.ID} checked={checked.includes(agent.ID!)} onChange={() => toggle(agent.ID!)} data-testid={itemTestId?.(agent.ID!)} />
      ))}
    </Stack>
  );
}

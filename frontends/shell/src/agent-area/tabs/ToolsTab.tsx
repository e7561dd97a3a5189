import { newDocumentId, type Tool } from '@platform/contracts';
import { ActionIcon, Alert, Button, Card, Group, IconInfoCircle, IconPlus, IconX, Stack, Text, Tooltip } from '@platform/ui';
import { TextAreaField, TextField, useAgentForm } from '../forms/fields';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

/** Tools (agents without nodes): functions the agent may call during a conversation. */
export function ToolsTab(_props: TabProps) {
  const { agent, update } = useAgentForm();
  const tools = agent.tools ?? [];
  const setTools = (next: Tool[]) => update((a) => ({ ...a, tools: next, assignedToolsIds: next.map((t) => t.id) }));
  const add = () => setTools([...tools, { id: newDocumentId(), name: `tool_${tools.length + 1}`, description: 'Describe when the agent should call this tool.' }]);

  return (
    <Stack gap="lg">
      <TabHeader
        title="Tools"
        description="Functions the agent can call, such as looking up an order or booking a slot"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={add}>
            Add tool
          </Button>
        }
      />
      {tools.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          No tools yet. A tool is a name, a description the model reads, and the URL it calls.
        </Alert>
      )}
      {tools.map((tool, i) => (
        <Card key={tool.id} withBorder radius="md" data-testid="tool-card">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{tool.name || 'Unnamed tool'}</Text>
            <Tooltip label="Remove tool">
              <ActionIcon variant="subtle" color="red" onClick={() => setTools(tools.filter((t) => t.id !== tool.id))} aria-label={`Remove ${tool.name}`}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Stack gap="sm">
            <TextField path={`tools.${i}.name`} label="Name" required />
            <TextAreaField path={`tools.${i}.description`} label="Description" minRows={2} />
            <TextField path={`tools.${i}.serverUrl`} label="Server URL" placeholder="https://api.example.com/tool" clearToUndefined />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

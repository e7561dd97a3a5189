import { useState } from 'react';
import { AGENT_API, TOOL_FIELD_LOCATIONS, TOOL_FIELD_TYPES, newDocumentId, type Region, type Tool, type ToolField, type VoiceToolTestResponse } from '@platform/contracts';
import { ActionIcon, Alert, Badge, Button, Card, Code, Group, IconInfoCircle, IconPlayerPlay, IconPlus, IconX, Paper, SimpleGrid, Stack, Text, Tooltip } from '../../mantine';
import { callApi } from '../../api/client';
import { SelectField, SwitchField, TextAreaField, TextField, useAgentForm } from '../forms/fields';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

/** One argument of a tool: where it goes (query, body, header), its key, value or default, type and description. */
function FieldRow({ path, onRemove }: { path: string; onRemove: () => void }) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid="tool-field">
      <Group justify="flex-end" mb={-8}>
        <ActionIcon variant="subtle" color="red" size="sm" onClick={onRemove} aria-label="Remove field">
          <IconX size={14} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TextField path={`${path}.key`} label="Key" required />
        <SelectField path={`${path}.in`} label="Sent in" data={TOOL_FIELD_LOCATIONS} />
        <SelectField path={`${path}.type`} label="Type" data={TOOL_FIELD_TYPES} />
        <TextField path={`${path}.value`} label="Value" clearToUndefined />
        <TextField path={`${path}.defaultValue`} label="Default value" clearToUndefined />
        <TextField path={`${path}.description`} label="Description" clearToUndefined />
      </SimpleGrid>
      <SwitchField path={`${path}.required`} label="Required" />
    </Paper>
  );
}

/** A JSON answer indented for reading; any other answer as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Calls the tool server as a voice call would, and shows the answer and how long it took. */
function ToolTest({ tool, region, agentId, error }: { tool: Tool; region: Region; agentId: string; error?: string }) {
  const [result, setResult] = useState<VoiceToolTestResponse['data'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult((await callApi(AGENT_API.testVoiceTool, { region, params: { agentId }, body: { tool } })).data);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={run} loading={busy} disabled={!tool.serverUrl || Boolean(error)} data-testid="tool-test">
          Test tool
        </Button>
        {!tool.serverUrl && (
          <Text size="xs" c="dimmed">
            Add a server URL to test this tool.
          </Text>
        )}
      </Group>
      {failure && (
        <Alert color="red" data-testid="tool-test-error">
          {failure}
        </Alert>
      )}
      {result && (
        <Paper withBorder p="sm" radius="md" data-testid="tool-test-result">
          <Group gap="xs" mb={6}>
            <Badge color={result.status < 300 ? 'green' : 'red'}>HTTP {result.status}</Badge>
            <Badge variant="light">{result.durationMs} ms</Badge>
          </Group>
          <Text size="xs" fw={600}>
            Arguments sent
          </Text>
          <Code block>{JSON.stringify(result.arguments, null, 2)}</Code>
          <Text size="xs" fw={600} mt={6}>
            Response
          </Text>
          <Code block data-testid="tool-test-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {result.body ? readable(result.body) : '(empty)'}
          </Code>
        </Paper>
      )}
    </Stack>
  );
}

/** Tools (agents without nodes): functions the agent may call during a conversation, saved with the agent and assigned to it. */
export function ToolsTab({ region, agentId }: TabProps) {
  const { agent, update, errors } = useAgentForm();
  const tools = agent.tools ?? [];
  const setTools = (next: Tool[]) => update((a) => ({ ...a, tools: next, assignedToolsIds: next.map((t) => t.id) }));
  const add = () => setTools([...tools, { id: newDocumentId(), name: `tool_${tools.length + 1}`, description: 'Describe when the agent should call this tool.', fields: [] }]);
  const setFields = (index: number, fields: ToolField[]) => setTools(tools.map((tool, i) => (i === index ? { ...tool, fields } : tool)));
  const toolError = (i: number) => Object.entries(errors).find(([path]) => path.startsWith(`tools.${i}.`))?.[1];

  return (
    <Stack gap="lg">
      <TabHeader
        title="Tools"
        description="Functions the agent can call, such as looking up an order or booking a slot"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={add} data-testid="tool-add">
            Add tool
          </Button>
        }
      />
      {tools.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          No tools yet. A tool is a name, a description the model reads, the URL it calls and the fields it sends.
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
            <TextAreaField path={`tools.${i}.description`} label="Description" required minRows={2} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField path={`tools.${i}.serverUrl`} label="Server URL" placeholder="https://api.example.com/tool" clearToUndefined />
              <TextField path={`tools.${i}.serverUrlSecret`} label="Server URL secret" description="Sent as the x-vapi-secret header" clearToUndefined />
            </SimpleGrid>
            <TextField path={`tools.${i}.imageUrl`} label="Image URL" clearToUndefined />
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Fields
              </Text>
              <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => setFields(i, [...(tool.fields ?? []), { in: 'body', key: '', type: 'string' }])} data-testid="tool-field-add">
                Add field
              </Button>
            </Group>
            {(tool.fields ?? []).map((_, f) => (
              <FieldRow key={f} path={`tools.${i}.fields.${f}`} onRemove={() => setFields(i, (tool.fields ?? []).filter((__, j) => j !== f))} />
            ))}
            <ToolTest tool={tool} region={region} agentId={agentId} error={toolError(i)} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@platform/contracts';
import { Alert, Anchor, Badge, Button, Group, Loader, PageHeader, Select, Table, Text, callApi, channelLabel } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { useWorkspaceAgentTitles } from './use-workspace-agents';
import { filterSessions, sessionHref } from './workspace-lists';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** /app/{region}/sessions: the recorded conversations of every agent of the workspace, newest first, each opening in its agent's Chats tab. */
export default function SessionsPage() {
  const { region, workspace } = useWorkspace();
  const titleOf = useWorkspaceAgentTitles();
  const [agentId, setAgentId] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: ['workspace-sessions', region, workspace?.uid],
    enabled: Boolean(workspace),
    queryFn: async () => (await callApi(AGENT_API.listWorkspaceSessions, { region, params: { workspaceId: workspace!.uid } })).data,
  });
  const shown = data && filterSessions(data, { agentId, channel });
  const agents = [...new Set(data?.map((s) => s.agentId))].map((id) => ({ value: id, label: titleOf(id) }));
  const channels = [...new Set(data?.map((s) => s.channel))].map((c) => ({ value: c, label: channelLabel(c) }));

  return (
    <div data-testid="sessions-page">
      <PageHeader title="Sessions" description="Conversations people had with your agents, newest first. Open one to read it in the agent's Chats tab." />
      {error && <Alert color="red">{`The sessions could not be loaded: ${message(error)}`}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {data && data.length === 0 && (
        <Text c="dimmed" data-testid="sessions-empty">
          No sessions yet. Conversations appear here once people talk to your agents (with Record chat history on).
        </Text>
      )}
      {shown && data!.length > 0 && (
        <>
          <Group justify="space-between" align="flex-end" mb="sm">
            <Group>
              <Select label="Agent" placeholder="All agents" data={agents} value={agentId} onChange={setAgentId} clearable w={220} />
              <Select label="Channel" placeholder="All channels" data={channels} value={channel} onChange={setChannel} clearable w={180} />
            </Group>
            <Button size="xs" variant="subtle" loading={isFetching} onClick={() => void refetch()}>
              Reload
            </Button>
          </Group>
          <Table striped data-testid="sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Last message</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Messages</Table.Th>
                <Table.Th>Leads</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((session) => (
                <Table.Tr key={session.id} data-testid="session-row">
                  <Table.Td>{new Date(session.updatedAt).toLocaleString()}</Table.Td>
                  <Table.Td>{titleOf(session.agentId)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" size="sm">
                      {channelLabel(session.channel)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{session.userMessages}</Table.Td>
                  <Table.Td>{session.leads}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={sessionHref(region, session)} size="sm">
                      Open
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {shown.length === 0 && <Text c="dimmed">No sessions match these filters.</Text>}
        </>
      )}
    </div>
  );
}

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  EVENT_ID_HEADER,
  EVENT_SIGNATURE_HEADER,
  NOTIFICATION_API,
  NOTIFICATION_MESSAGES,
  WORKSPACE_EVENT_TYPES,
  type EventDeliveryView,
} from '@platform/contracts';
import { ApiError, Alert, Badge, Button, Checkbox, Code, Group, Loader, PageHeader, Paper, Stack, Table, Text, TextInput, Title, callApi, notify, workspaceApi } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

const STATUS_COLOR: Record<EventDeliveryView['status'], string> = { pending: 'yellow', delivered: 'green', failed: 'red' };

/** /app/{region}/events: the workspace's events endpoint (internal.events), its subscriptions, a test event and the recent deliveries. */
export default function EventsPage() {
  const { region, workspace } = useWorkspace();
  const [workspaceName, setWorkspaceName] = useState<string>();
  const [endpoint, setEndpoint] = useState('');
  const [subscribed, setSubscribed] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [deliveries, setDeliveries] = useState<EventDeliveryView[]>();
  const uid = workspace?.uid;

  const loadDeliveries = useCallback(async () => {
    if (!uid) return;
    try {
      setDeliveries((await callApi(NOTIFICATION_API.listEventDeliveries, { region, params: { uid } })).deliveries);
    } catch {
      setDeliveries([]);
    }
  }, [region, uid]);

  useEffect(() => {
    if (!uid) return;
    workspaceApi
      .getWorkspace(region, uid)
      .then(({ data }) => {
        setWorkspaceName(data.workspaceName);
        setEndpoint(data.internal?.events?.endpoint ?? '');
        setSubscribed(data.internal?.events?.subscribedEvents ?? []);
      })
      .catch((err) => setError(err instanceof Error ? err.message : String(err)));
    void loadDeliveries();
  }, [region, uid, loadDeliveries]);

  if (!uid) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await workspaceApi.saveWorkspace(region, uid, { workspaceName: workspaceName ?? workspace.workspaceName, internal: { events: { endpoint: endpoint.trim(), subscribedEvents: subscribed } } });
      notify.success(NOTIFICATION_MESSAGES.eventsSaved);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status === 400 ? err.message : NOTIFICATION_MESSAGES.eventsSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  const sendTest = async () => {
    try {
      notify.success((await callApi(NOTIFICATION_API.sendTestEvent, { region, params: { uid } })).message);
      await loadDeliveries();
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <div data-testid="events-page">
      <PageHeader title="Events" description="Your endpoint receives the events this workspace subscribes to, signed with the workspace secret." />
      {error && <Alert color="red">{error}</Alert>}
      {workspaceName === undefined && !error ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="lg" maw={760}>
          <Paper withBorder p="md" radius="md" component="form" onSubmit={save}>
            <Stack gap="sm">
              <TextInput label="Endpoint URL" placeholder="https://example.com/webhooks/platform" value={endpoint} onChange={(e) => setEndpoint(e.currentTarget.value)} />
              <Checkbox.Group label="Subscribed events" value={subscribed} onChange={setSubscribed}>
                <Stack gap={6} mt={6}>
                  {WORKSPACE_EVENT_TYPES.map((type) => (
                    <Checkbox key={type.type} value={type.type} label={`${type.label} (${type.type})`} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Group>
                <Button type="submit" loading={saving}>
                  Save
                </Button>
                <Button variant="light" onClick={() => void sendTest()}>
                  Send test event
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Stack gap={4}>
            <Text size="sm">
              Each event is POSTed as <Code>{'{type, payload: {createdAt, workspaceSecret, ...}}'}</Code>. Check the <Code>{EVENT_SIGNATURE_HEADER}</Code> header: <Code>t=&lt;ms&gt;,v1=&lt;hex&gt;</Code>, the
              HMAC-SHA256 of <Code>{'<t>.<body>'}</Code> with your workspace secret. <Code>{EVENT_ID_HEADER}</Code> stays the same on retries.
            </Text>
            <Text size="sm" c="dimmed">
              An answer other than 2xx is retried with growing waits; after the last attempt the workspace's members get an e-mail.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={4}>Recent deliveries</Title>
              <Button size="xs" variant="subtle" onClick={() => void loadDeliveries()}>
                Refresh
              </Button>
            </Group>
            {deliveries === undefined ? (
              <Loader size="sm" />
            ) : deliveries.length === 0 ? (
              <Text c="dimmed" data-testid="deliveries-empty">
                No events sent yet.
              </Text>
            ) : (
              <Table striped data-testid="deliveries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Attempts</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Last error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {deliveries.map((delivery) => (
                    <Table.Tr key={delivery.id} data-testid={`delivery-${delivery.type}`}>
                      <Table.Td>{delivery.type}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[delivery.status]} variant="light">
                          {delivery.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{delivery.attempts}</Table.Td>
                      <Table.Td>{new Date(delivery.createdAt).toLocaleString()}</Table.Td>
                      <Table.Td>{delivery.lastError ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Stack>
      )}
    </div>
  );
}

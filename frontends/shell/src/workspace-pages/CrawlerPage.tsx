import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_API, KNOWLEDGE_REFRESH_RATES, type KnowledgeRefreshRate, type KnowledgeSourceView } from '@platform/contracts';
import { Alert, Anchor, Badge, Button, Group, Loader, PageHeader, Select, Table, Text, callApi, notify, agentTabHref } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { useWorkspaceAgentTitles } from './use-workspace-agents';
import { crawlerTotals, isReading } from './workspace-lists';

const STATUS_COLORS: Record<KnowledgeSourceView['status'], string> = { INITIALIZED: 'gray', PENDING: 'blue', SUCCESS: 'green', ERROR: 'red' };
const REFRESH_OPTIONS = KNOWLEDGE_REFRESH_RATES.map((rate) => ({ value: rate, label: rate === 'never' ? 'Never' : `Every ${rate}` }));
/** While a source is being read, the list is read again this often (as the Knowledge tab does). */
const READING_POLL_MS = 2000;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** /app/{region}/automations (Crawler): the knowledge sources of every agent of the workspace, with their refresh rate. */
export default function CrawlerPage() {
  const { region, workspace } = useWorkspace();
  const titleOf = useWorkspaceAgentTitles();
  const client = useQueryClient();
  const key = ['workspace-knowledge', region, workspace?.uid];
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: key,
    enabled: Boolean(workspace),
    queryFn: async () => (await callApi(AGENT_API.listWorkspaceKnowledgeSources, { region, params: { workspaceId: workspace!.uid } })).data,
    refetchInterval: (query) => (query.state.data?.some(isReading) ? READING_POLL_MS : false),
  });
  const rerate = useMutation({
    mutationFn: ({ source, refreshRate }: { source: KnowledgeSourceView; refreshRate: KnowledgeRefreshRate }) =>
      callApi(AGENT_API.updateKnowledgeSource, { region, params: { agentId: source.agentId!, sourceId: source.id }, body: { refreshRate } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    onError: (err) => notify.error(message(err)),
  });
  const totals = data && crawlerTotals(data);

  return (
    <div data-testid="crawler-page">
      <PageHeader title="Crawler" description="The websites and files your agents answer from, across the workspace. Add sources in an agent's Knowledge tab." />
      {error && <Alert color="red">{`The knowledge sources could not be loaded: ${message(error)}`}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {data && data.length === 0 && (
        <Text c="dimmed" data-testid="crawler-empty">
          No knowledge sources yet. Open an agent's Knowledge tab to add a website or files.
        </Text>
      )}
      {totals && data!.length > 0 && (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed" data-testid="crawler-totals">
              {totals.sources} sources · {totals.pages} pages · {totals.characters.toLocaleString()} characters{totals.failed ? ` · ${totals.failed} failed` : ''}
            </Text>
            <Button size="xs" variant="subtle" loading={isFetching} onClick={() => void refetch()}>
              Reload
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" data-testid="crawler-sources">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Agent</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Content</Table.Th>
                  <Table.Th>Last read</Table.Th>
                  <Table.Th>Refresh</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data!.map((source) => (
                  <Table.Tr key={source.id} data-testid="crawler-source" data-status={source.status}>
                    <Table.Td maw={260}>
                      <Text size="sm" fw={500} truncate>
                        {source.name || source.url}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {source.sourceType === 'url' ? 'Website' : 'Document'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={agentTabHref(region, source.agentId!, 'kb')}>
                        {titleOf(source.agentId)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[source.status]} variant="light">
                        {source.status}
                      </Badge>
                      {source.status === 'ERROR' && source.error && (
                        <Text size="xs" c="red" mt={4} maw={240}>
                          {source.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {source.pageCount !== undefined ? `${source.pageCount} pages · ` : ''}
                        {(source.charCount ?? 0).toLocaleString()} chars
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{source.status === 'SUCCESS' && source.updatedAt ? new Date(source.updatedAt).toLocaleString() : '—'}</Text>
                    </Table.Td>
                    <Table.Td w={150}>
                      <Select
                        aria-label={`Refresh rate of ${source.name ?? source.url}`}
                        size="xs"
                        data={REFRESH_OPTIONS}
                        value={source.refreshRate ?? 'never'}
                        allowDeselect={false}
                        disabled={source.sourceType !== 'url'}
                        onChange={(rate) => rate && rerate.mutate({ source, refreshRate: rate as KnowledgeRefreshRate })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { KNOWLEDGE_DOCUMENT_ACCEPT, KNOWLEDGE_REFRESH_RATES, type KnowledgeRefreshRate, type KnowledgeSourceView, type Region } from '@platform/contracts';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, IconInfoCircle, IconTrash, Loader, Select, Stack, Table, Text, TextInput, Tooltip } from '../../../mantine';
import { notify } from '../../../notices/notify';
import { FileDropZone } from '../../editor-slots';
import { useKnowledgeActions, useKnowledgeSources } from './knowledge-queries';

const STATUS_COLORS: Record<KnowledgeSourceView['status'], string> = { INITIALIZED: 'gray', PENDING: 'blue', SUCCESS: 'green', ERROR: 'red' };
const REFRESH_OPTIONS = KNOWLEDGE_REFRESH_RATES.map((rate) => ({ value: rate, label: rate === 'never' ? 'Never' : `Every ${rate}` }));
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function SourceRow({ source, region, agentId }: { source: KnowledgeSourceView; region: Region; agentId: string }) {
  const { update, remove } = useKnowledgeActions(region, agentId);
  return (
    <Table.Tr data-testid="kb-source" data-status={source.status}>
      <Table.Td maw={280}>
        <Text size="sm" fw={500} truncate>
          {source.url ? (
            <Anchor href={source.url} target="_blank" rel="noreferrer">
              {source.name || source.url}
            </Anchor>
          ) : (
            source.name
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {source.sourceType === 'url' ? 'Website' : 'Document'}
          {source.tags?.length ? ` · ${source.tags.join(', ')}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[source.status]} variant="light" leftSection={source.status === 'PENDING' ? <Loader size={10} /> : undefined} data-testid="kb-source-status">
          {source.status}
        </Badge>
        {source.status === 'ERROR' && source.error && (
          <Text size="xs" c="red" mt={4} maw={260} data-testid="kb-source-error">
            {source.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="kb-source-counts">
          {(source.charCount ?? 0).toLocaleString()} chars · {source.chunkCount} chunks{source.pageCount !== undefined ? ` · ${source.pageCount} pages` : ''}
        </Text>
      </Table.Td>
      <Table.Td w={150}>
        <Select
          aria-label="Refresh rate"
          size="xs"
          data={REFRESH_OPTIONS}
          value={source.refreshRate ?? 'never'}
          allowDeselect={false}
          disabled={source.sourceType !== 'url'}
          onChange={(rate) => rate && update.mutate({ sourceId: source.id, refreshRate: rate as KnowledgeRefreshRate }, { onError: (err) => notify.error(message(err)) })}
        />
      </Table.Td>
      <Table.Td w={40}>
        <Tooltip label="Delete source">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${source.name}`} loading={remove.isPending} onClick={() => remove.mutate(source.id, { onError: (err) => notify.error(message(err)) })}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The agent's knowledge sources: add a website or files, see each one's status, counts and refresh rate. */
export function KnowledgeSources({ region, agentId }: { region: Region; agentId: string }) {
  const { data, isLoading, error } = useKnowledgeSources(region, agentId);
  const { add } = useKnowledgeActions(region, agentId);
  const [url, setUrl] = useState('');
  const [refreshRate, setRefreshRate] = useState<KnowledgeRefreshRate>('never');

  const addWebsite = () =>
    add.mutate(
      { sourceType: 'url', url: /^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`, refreshRate },
      { onSuccess: () => setUrl(''), onError: (err) => notify.error(message(err)) },
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Website"
          description="Pages of this site are read (robots.txt respected) and kept up to date at the refresh rate"
          placeholder="https://www.example.com"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 260 }}
          data-testid="kb-website-input"
        />
        <Select label="Refresh" data={REFRESH_OPTIONS} value={refreshRate} allowDeselect={false} onChange={(rate) => rate && setRefreshRate(rate as KnowledgeRefreshRate)} w={150} />
        <Button onClick={addWebsite} loading={add.isPending} disabled={!url.trim()} data-testid="kb-add-website">
          Add website
        </Button>
      </Group>
      <FileDropZone
        agentId={agentId}
        accept={KNOWLEDGE_DOCUMENT_ACCEPT}
        maxSizeMB={20}
        targetPath={`agents/${agentId}/kb`}
        skeletonHeight={140}
        onUploaded={(file, original) => add.mutate({ sourceType: 'doc', contentURL: file.url, name: original.name }, { onError: (err) => notify.error(message(err)) })}
      />
      {isLoading && <Loader size="sm" />}
      {error && <Alert color="red">{`The sources could not be loaded: ${message(error)}`}</Alert>}
      {data && data.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          No knowledge yet. Add your website or drop files; the agent answers from them once they show SUCCESS.
        </Alert>
      )}
      {data && data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="kb-sources">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Content</Table.Th>
                <Table.Th>Refresh</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((source) => (
                <SourceRow key={source.id} source={source} region={region} agentId={agentId} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

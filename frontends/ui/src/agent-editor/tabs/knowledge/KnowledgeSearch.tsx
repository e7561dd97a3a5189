import { useState } from 'react';
import type { Region } from '@platform/contracts';
import { Alert, Anchor, Badge, Button, Group, IconSearch, Paper, Stack, Text, TextInput } from '../../../mantine';
import { useKnowledgeActions } from './knowledge-queries';

/** Which chunks a question retrieves, as the agent would use them in its answer. */
export function KnowledgeSearch({ region, agentId }: { region: Region; agentId: string }) {
  const { search } = useKnowledgeActions(region, agentId);
  const [query, setQuery] = useState('');
  const run = () => query.trim() && search.mutate(query.trim());
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <TextInput
          label="Ask a question"
          placeholder="What are your opening hours?"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && run()}
          style={{ flex: 1 }}
          data-testid="kb-search-input"
        />
        <Button leftSection={<IconSearch size={16} />} onClick={run} loading={search.isPending} disabled={!query.trim()} data-testid="kb-search">
          Search
        </Button>
      </Group>
      {search.error && <Alert color="red">{search.error.message}</Alert>}
      {search.data && search.data.chunks.length === 0 && <Alert color="gray">No chunk of the knowledge matches this question.</Alert>}
      {search.data?.chunks.map((chunk, i) => (
        <Paper key={chunk.chunkId} withBorder p="sm" radius="md" data-testid="kb-search-chunk">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {i + 1}. {chunk.url ? <Anchor href={chunk.url} target="_blank" rel="noreferrer">{chunk.name}</Anchor> : chunk.name}
            </Text>
            <Badge variant="light">similarity {chunk.score.toFixed(2)}</Badge>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={6} style={{ whiteSpace: 'pre-wrap' }}>
            {chunk.text}
          </Text>
        </Paper>
      ))}
      {search.data && search.data.searchQuery !== search.data.query && (
        <Text size="xs" c="dimmed">
          Searched as: {search.data.searchQuery}
        </Text>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@platform/contracts';
import { Alert, Anchor, Loader, PageHeader, Paper, Stack, Text, TextInput, callApi, agentTabHref } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** /app/{region}/prompts: the system prompt of every agent of the workspace, searchable, each linking to where it is edited. */
export default function PromptsPage() {
  const { region, workspace } = useWorkspace();
  const [query, setQuery] = useState('');
  const { data, error } = useQuery({
    queryKey: ['workspace-prompts', region, workspace?.uid],
    enabled: Boolean(workspace),
    // Fuse.js loads with the prompts, in its own chunk (kept out of the shell's eager code).
    queryFn: async () => {
      const [answer, { promptSearch }] = await Promise.all([
        callApi(AGENT_API.listWorkspacePrompts, { region, params: { workspaceId: workspace!.uid } }),
        import(/* webpackChunkName: "prompt-search" */ './prompt-search'),
      ]);
      return { prompts: answer.data, search: promptSearch(answer.data) };
    },
    structuralSharing: false,
  });
  const shown = data?.search(query);

  return (
    <div data-testid="prompts-page">
      <PageHeader title="Prompts" description="The system prompt of each agent in this workspace. Search them, and open one to edit it in its agent." />
      {error && <Alert color="red">{`The prompts could not be loaded: ${message(error)}`}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {data && data.prompts.length === 0 && (
        <Text c="dimmed" data-testid="prompts-empty">
          No agents yet: create one and its system prompt appears here.
        </Text>
      )}
      {shown && data!.prompts.length > 0 && (
        <Stack gap="sm" maw={900}>
          <TextInput placeholder="Search prompts and agents" aria-label="Search prompts" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
          {shown.length === 0 && <Text c="dimmed">No prompt matches “{query}”.</Text>}
          {shown.map((entry) => (
            <Paper key={entry.agentId} withBorder p="sm" radius="md" data-testid="prompt-card">
              <Anchor component={Link} to={agentTabHref(region, entry.agentId, 'nodes')} fw={600}>
                {entry.title || entry.agentId}
              </Anchor>
              {entry.prompt ? (
                <Text size="sm" mt={4} lineClamp={6} style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.prompt}
                </Text>
              ) : (
                <Text size="sm" c="dimmed" mt={4}>
                  No system prompt yet.
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </div>
  );
}

import { Link } from 'react-router-dom';
import type { AgentListItem, Region } from '@platform/contracts';
import { Card, SimpleGrid, Text, truncateName } from '@platform/ui';

const edited = (seconds?: number) => (seconds ? `Edited ${new Date(seconds * 1000).toLocaleDateString()}` : '');

/** Agents newest first (the API client sorts by lastModified). */
export function AgentList({ agents, region }: { agents: AgentListItem[]; region: Region }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="agent-list">
      {agents.map((agent) => (
        <Card key={agent.ID} withBorder component={Link} to={`/app/${region}/agents/${agent.ID}/overview`} className="plain-link">
          <Text fw={600}>{truncateName(agent.title || 'Untitled agent', 40)}</Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {agent.description || 'No description'}
          </Text>
          <Text size="xs" c="dimmed" mt="sm">
            {edited(agent.lastModified)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

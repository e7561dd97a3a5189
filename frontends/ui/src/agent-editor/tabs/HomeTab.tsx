import { Link } from 'react-router-dom';
import { AGENT_TABS } from '@platform/contracts';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '../../mantine';
import { useAgentForm } from '../forms/fields';
import { agentTabHref } from '../logic/tabs';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

const SHORTCUTS = ['overview', 'kb', 'channels', 'settings'] as const;

/** Home: the agent at a glance with shortcuts (shown to members and clients, hidden for signed-in owners). */
export function HomeTab({ region, agentId }: TabProps) {
  const { agent } = useAgentForm();
  return (
    <Stack>
      <TabHeader title="Home" description="Your agent at a glance" />
      <Card withBorder radius="md">
        <Group>
          <Avatar src={agent.roundedImageURL || undefined} size="lg" radius="xl">
            {(agent.title ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Title order={4}>{agent.title}</Title>
            <Text c="dimmed" size="sm">
              {agent.description}
            </Text>
          </div>
          <Badge ml="auto" variant="light">
            {agent.enableNodes ? 'Nodes' : 'Prompt'}
          </Badge>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SHORTCUTS.map((tab) => (
          <Button key={tab} component={Link} to={agentTabHref(region, agentId, tab)} variant="default" size="md" justify="flex-start">
            {AGENT_TABS[tab]}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

import { Link } from 'react-router-dom';
import { Button, Center, Stack, Text, Title } from '@platform/ui';

/** /404: a missing agent, or any unknown path. */
export function NotFoundPage() {
  return (
    <Center mih="70vh" p="xl" data-testid="not-found">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text c="dimmed" ta="center">
          We could not find this page. The agent may have been deleted, or the link is incomplete.
        </Text>
        <NotFoundActions />
      </Stack>
    </Center>
  );
}

function NotFoundActions() {
  return (
    <Stack align="center" gap="xs">
      <Button component={Link} to="/app/eu/agents">
        Go to your agents
      </Button>
      <Button component={Link} to="/" variant="subtle">
        Back to the home page
      </Button>
    </Stack>
  );
}

import { Center, Progress, Stack, Text, Title } from '@mantine/core';
import { loadingMessage } from '../logic/loading-progress';

/**
 * Full-area progress screen (agents list); the caller drives the percentage. The number, the
 * bar and the message show the same rounded value, and the bar does not animate towards it,
 * so the three never disagree.
 */
export function LoadingScreen({ percent }: { percent: number }) {
  const rounded = Math.round(percent);
  return (
    <Center h="100%" mih={360} data-testid="loading-screen" data-percent={rounded}>
      <Stack align="center" gap="sm" w={320}>
        <Title order={2} data-testid="loading-percent">
          {rounded}%
        </Title>
        <Progress value={rounded} w="100%" size="md" radius="xl" transitionDuration={0} aria-label="Loading progress" />
        <Text c="dimmed" data-testid="loading-message">
          {loadingMessage(rounded)}
        </Text>
      </Stack>
    </Center>
  );
}

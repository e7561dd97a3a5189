import { Center, Progress, Stack, Text, Title } from '@mantine/core';
import { loadingMessage } from '../logic/loading-progress';

/** Full-area progress screen (agents list); the caller drives the percentage. */
export function LoadingScreen({ percent }: { percent: number }) {
  const rounded = Math.round(percent);
  return (
    <Center h="100%" mih={360} data-testid="loading-screen">
      <Stack align="center" gap="sm" w={320}>
        <Title order={2}>{rounded}%</Title>
        <Progress value={rounded} w="100%" size="md" radius="xl" animated={rounded < 100} aria-label="Loading progress" />
        <Text c="dimmed">{loadingMessage(rounded)}</Text>
      </Stack>
    </Center>
  );
}

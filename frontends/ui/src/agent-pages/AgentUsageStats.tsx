import { Paper, SimpleGrid, Text } from '@mantine/core';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The Analytics page's figures of an agent (the shell's Analytics tab and the client dashboard's). */
export function AgentUsageStats({ agent }: { agent: { allTimeTriggers?: number; tokensUsage?: number; maxTokensUsage?: number } }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="agent-usage">
      <Stat label="Triggers (all time)" value={agent.allTimeTriggers ?? 0} />
      <Stat label="Tokens used" value={agent.tokensUsage ?? 0} />
      <Stat label="Token limit" value={agent.maxTokensUsage ? agent.maxTokensUsage : 'None'} />
    </SimpleGrid>
  );
}

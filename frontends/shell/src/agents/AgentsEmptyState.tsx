import {
  Button,
  Group,
  IconBrandDiscord,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconRobot,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@platform/ui';

const CHANNEL_ICONS = [IconBrandWhatsapp, IconBrandInstagram, IconBrandMessenger, IconBrandDiscord, IconBrandTelegram];

export function AgentsEmptyState({ onNewAgent }: { onNewAgent: () => void }) {
  return (
    <Paper withBorder radius="lg" p={48} data-testid="agents-empty">
      <Stack align="center" gap="md" maw={520} mx="auto" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconRobot size={36} />
        </ThemeIcon>
        <Title order={3}>No agents yet</Title>
        <Text c="dimmed">
          Create your first AI agent: describe your business, pick your brand colours and get a chat and voice agent you can
          test right away, then connect it to your website and messaging channels.
        </Text>
        <Group gap="xs" c="dimmed">
          {CHANNEL_ICONS.map((Icon, index) => (
            <Icon key={index} size={22} stroke={1.5} />
          ))}
        </Group>
        <Button onClick={onNewAgent} size="md" data-testid="empty-new-agent">
          Create your first agent
        </Button>
      </Stack>
    </Paper>
  );
}

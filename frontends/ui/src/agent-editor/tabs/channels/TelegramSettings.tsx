import { useState } from 'react';
import { CHANNELS_API, MESSAGES, connectTelegramRequestSchema, type Region, type TelegramWebhookInfo } from '@platform/contracts';
import { Alert, Badge, Button, Code, Group, IconInfoCircle, PasswordInput, Stack, Text } from '../../../mantine';
import { callApi } from '../../../api/client';
import { notify } from '../../../notices/notify';
import { FormSection } from '../../forms/fields';
import { track } from '../../logic/analytics';
import type { AgentChannels } from './use-agent-channels';

const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.channels.unexpectedError);

/** Telegram: the token form, then the connected bot with its webhook as Telegram reports it. */
export function TelegramSettings({ region, agentId, channels, reload }: { region: Region; agentId: string; channels?: AgentChannels; reload: () => Promise<void> }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [info, setInfo] = useState<Record<string, TelegramWebhookInfo>>({});

  const save = async () => {
    const { error: invalid } = connectTelegramRequestSchema.validate({ agentId, token });
    if (invalid) return setError(invalid.message);
    setError(undefined);
    setSaving(true);
    try {
      const answer = await callApi(CHANNELS_API.connectTelegram, { region, body: { agentId, token: token.trim() } });
      notify.success(answer.message);
      track('telegram_channel_added', { agentId });
      setToken('');
      await reload();
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  const showInfo = async (botId: string) => {
    try {
      const answer = await callApi(CHANNELS_API.getTelegramWebhookInfo, { region, body: { agentId, botId } });
      setInfo((current) => ({ ...current, [botId]: answer.data }));
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const remove = async (botId: string) => {
    try {
      const answer = await callApi(CHANNELS_API.removeTelegram, { region, body: { agentId, botId } });
      notify.success(answer.message);
      await reload();
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  return (
    <FormSection title="Telegram" testId="channel-settings-telegram">
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        Create a bot with @BotFather and paste its token: the agent then answers every message the bot receives.
      </Alert>
      <Group align="flex-end">
        <PasswordInput
          style={{ flex: 1 }}
          label="Bot token"
          placeholder="123456789:AA..."
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          error={error}
          data-testid="telegram-token"
        />
        <Button onClick={save} loading={saving} data-testid="telegram-save">
          Save
        </Button>
      </Group>
      {channels?.telegramBots.map((bot) => (
        <Stack key={bot.botId} gap={4} data-testid={`telegram-bot-${bot.botId}`}>
          <Group justify="space-between">
            <Group gap="xs">
              <Badge color="teal" variant="light">
                Bot {bot.botId}
              </Badge>
              <Text size="xs" c="dimmed">
                Webhook: <Code>{bot.webhookUrl}</Code>
              </Text>
            </Group>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => showInfo(bot.botId)} data-testid="telegram-webhook-info">
                Webhook info
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => remove(bot.botId)}>
                Remove
              </Button>
            </Group>
          </Group>
          {info[bot.botId] && (
            <Text size="xs" data-testid="telegram-webhook-info-result">
              URL {info[bot.botId]!.url || '(none)'} · pending updates {info[bot.botId]!.pending_update_count}
              {info[bot.botId]!.last_error_message ? ` · last error: ${info[bot.botId]!.last_error_message}` : ''}
            </Text>
          )}
        </Stack>
      ))}
    </FormSection>
  );
}

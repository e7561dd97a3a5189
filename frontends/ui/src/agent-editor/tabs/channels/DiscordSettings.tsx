import { useState } from 'react';
import { CHANNELS_API, MESSAGES, connectDiscordRequestSchema, type Region } from '@platform/contracts';
import { Alert, Badge, Button, Group, IconInfoCircle, Stack, Stepper, Text, TextInput } from '../../../mantine';
import { callApi } from '../../../api/client';
import { notify } from '../../../notices/notify';
import { FormSection } from '../../forms/fields';
import { track } from '../../logic/analytics';
import type { AgentChannels } from './use-agent-channels';

const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.channels.unexpectedError);

/** Discord: two steps (add the bot, create the channel's webhook), then the channel form. */
export function DiscordSettings({ region, agentId, channels, reload }: { region: Region; agentId: string; channels?: AgentChannels; reload: () => Promise<void> }) {
  const [step, setStep] = useState(0);
  const [channelId, setChannelId] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const body = { agentID: agentId, channelId: channelId.trim(), webhookUrl: webhookUrl.trim() };
    const { error: invalid } = connectDiscordRequestSchema.validate(body);
    if (invalid) return setError(invalid.message);
    setError(undefined);
    setSaving(true);
    try {
      const answer = await callApi(CHANNELS_API.connectDiscord, { region, body });
      notify.success(answer.message);
      track('discord_channel_added', { agentId });
      setChannelId('');
      setWebhookUrl('');
      setStep(0);
      await reload();
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  const remove = async (ID: string) => {
    try {
      notify.success((await callApi(CHANNELS_API.removeDiscord, { region, body: { agentID: agentId, ID } })).message);
      await reload();
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  return (
    <FormSection title="Discord" testId="channel-settings-discord">
      <Stepper active={step} onStepClick={setStep} size="sm">
        <Stepper.Step label="Add the bot" description="To your server">
          <Alert variant="light" icon={<IconInfoCircle size={18} />} mt="sm">
            Add the bot to your Discord server. You need the Manage Server permission on that server.
          </Alert>
        </Stepper.Step>
        <Stepper.Step label="Create a webhook" description="In the channel">
          <Text size="sm" mt="sm">
            In the channel the agent answers in: Edit Channel, Integrations, Webhooks, New Webhook, then Copy Webhook URL. Copy the channel ID too (Developer Mode, right click on the channel, Copy Channel ID).
          </Text>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="xs" mt="sm">
            <TextInput label="Channel ID" value={channelId} onChange={(event) => setChannelId(event.currentTarget.value)} data-testid="discord-channel-id" />
            <TextInput label="Webhook URL" placeholder="https://discord.com/api/webhooks/..." value={webhookUrl} onChange={(event) => setWebhookUrl(event.currentTarget.value)} data-testid="discord-webhook-url" />
            {error && (
              <Text size="sm" c="red" data-testid="discord-error">
                {error}
              </Text>
            )}
          </Stack>
        </Stepper.Completed>
      </Stepper>
      <Group justify="flex-end">
        {step > 0 && (
          <Button variant="default" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        )}
        {step < 2 ? (
          <Button onClick={() => setStep(step + 1)} data-testid="discord-next">
            Next
          </Button>
        ) : (
          <Button onClick={save} loading={saving} data-testid="discord-save">
            Save
          </Button>
        )}
      </Group>
      {channels?.discordChannels.map((channel) => (
        <Group key={channel.ID} justify="space-between">
          <Badge color="teal" variant="light">
            Channel {channel.channelId}
          </Badge>
          <Button size="xs" color="red" variant="light" onClick={() => remove(channel.ID)}>
            Remove
          </Button>
        </Group>
      ))}
    </FormSection>
  );
}

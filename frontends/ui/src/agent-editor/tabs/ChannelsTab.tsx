import { useSearchParams } from 'react-router-dom';
import { CHANNEL_TYPES, DISABLED_CHANNEL_TYPES, type ChannelType } from '@platform/contracts';
import { Alert, Badge, Button, Card, Group, IconBrandDiscord, IconBrandGoogle, IconBrandInstagram, IconBrandMessenger, IconBrandTelegram, IconBrandWhatsapp, IconInfoCircle, IconMail, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon } from '../../mantine';
import { useEffect, useState } from 'react';
import { track } from '../logic/analytics';
import { DiscordSettings } from './channels/DiscordSettings';
import { MetaPagesSettings } from './channels/MetaPagesSettings';
import { TelegramSettings } from './channels/TelegramSettings';
import { WhatsappLegacyMethod } from './channels/WhatsappLegacyMethod';
import { WhatsappNewMethod } from './channels/WhatsappNewMethod';
import { activeFromRecords, useAgentChannels, type AgentChannels } from './channels/use-agent-channels';
import { FormSection, SwitchField, TextAreaField, TextField, useAgentForm } from '../forms/fields';
import { CHANNEL_LABELS, channelBadge, isChannel } from '../logic/channels';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

const ICONS: Record<ChannelType, typeof IconMail> = {
  whatsapp: IconBrandWhatsapp,
  instagram: IconBrandInstagram,
  messenger: IconBrandMessenger,
  discord: IconBrandDiscord,
  telegram: IconBrandTelegram,
  googleBusiness: IconBrandGoogle,
  email: IconMail,
};
const NOTES: Partial<Record<ChannelType, string>> = {
  googleBusiness: 'Deprecated: Google discontinued Business Messages.',
};

function WhatsAppSettings({ records }: { records: RecordsProps }) {
  const [method, setMethod] = useState<'new' | 'legacy'>('new');
  return (
    <FormSection title="WhatsApp" testId="channel-settings-whatsapp">
      <SegmentedControl value={method} onChange={(v) => setMethod(v as 'new' | 'legacy')} data={[{ value: 'new', label: 'New Method' }, { value: 'legacy', label: 'Legacy Method (Deprecated)' }]} />
      {method === 'new' ? <WhatsappNewMethod {...records} /> : <WhatsappLegacyMethod region={records.region} agentId={records.agentId} />}
    </FormSection>
  );
}

interface RecordsProps {
  region: TabProps['region'];
  agentId: string;
  channels?: AgentChannels;
  reload: () => Promise<void>;
}

function ChannelSettings({ channel, records }: { channel: ChannelType; records: RecordsProps }) {
  if (channel === 'whatsapp') return <WhatsAppSettings records={records} />;
  if (channel === 'telegram') return <TelegramSettings {...records} />;
  if (channel === 'discord') return <DiscordSettings {...records} />;
  if (channel === 'instagram' || channel === 'messenger') return <MetaPagesSettings channel={channel} {...records} />;
  if (channel === 'googleBusiness')
    return (
      <FormSection title="Google Business Chat" description={NOTES.googleBusiness} testId="channel-settings-googleBusiness">
        <TextField path="gcloudClientEmail" label="Service account e-mail" disabled />
        <TextAreaField path="gcloudPrivateKey" label="Private key" disabled />
      </FormSection>
    );
  return (
    <FormSection title={CHANNEL_LABELS[channel]} testId={`channel-settings-${channel}`}>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {channel === 'email' && 'E-mail is coming soon.'}
      </Alert>
    </FormSection>
  );
}

/** Channels: one card per channel and the Channel Settings of the one chosen (?channel=). */
export function ChannelsTab({ region, agentId }: TabProps) {
  const { agent } = useAgentForm();
  const { channels, reload } = useAgentChannels(region, agentId);
  const records = activeFromRecords(channels);
  useEffect(() => track('channels_viewed', { agentId }), [agentId]);
  const [params, setParams] = useSearchParams();
  const requested = params.get('channel');
  const selected = isChannel(requested) ? requested : undefined;
  const choose = (channel: ChannelType) => setParams((p) => ({ ...Object.fromEntries(p), channel }));

  return (
    <Stack gap="lg">
      <TabHeader title="Channels" description="Answer customers where they already write to you" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {CHANNEL_TYPES.map((channel) => {
          const Icon = ICONS[channel];
          const badge = channelBadge(channel, agent, records);
          const disabled = DISABLED_CHANNEL_TYPES.includes(channel);
          return (
            <Card key={channel} withBorder radius="md" data-testid={`channel-card-${channel}`} data-selected={selected === channel || undefined} style={{ display: 'flex', flexDirection: 'column', ...(selected === channel ? { borderColor: 'var(--mantine-primary-color-filled)' } : {}) }}>
              <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
                <Group gap="xs" wrap="nowrap">
                  <ThemeIcon variant="light" size="lg">
                    <Icon size={20} />
                  </ThemeIcon>
                  <Text fw={600}>{CHANNEL_LABELS[channel]}</Text>
                </Group>
                {badge && (
                  <Badge color={badge === 'Active' ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} data-testid={`channel-badge-${channel}`}>
                    {badge}
                  </Badge>
                )}
              </Group>
              {NOTES[channel] && (
                <Text size="xs" c="dimmed" mb="xs">
                  {NOTES[channel]}
                </Text>
              )}
              <Button mt="auto" variant={badge === 'Active' ? 'default' : 'light'} fullWidth disabled={disabled} onClick={() => choose(channel)}>
                {badge === 'Active' ? 'Configure' : 'Connect'}
              </Button>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text fw={700} size="lg">
        Channel Settings
      </Text>
      {selected && <ChannelSettings channel={selected} records={{ region, agentId, channels, reload }} />}
      <FormSection title="All channels">
        <SwitchField path="smartInit" label="Smart init: greet first on channels that allow it" />
      </FormSection>
    </Stack>
  );
}

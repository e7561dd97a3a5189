import type { ChannelType } from '@platform/contracts';
import type { Agent } from '../../api/agent-api';

export const CHANNEL_LABELS: Record<ChannelType, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
  discord: 'Discord',
  telegram: 'Telegram',
  googleBusiness: 'Google Business Chat',
  email: 'Email',
};

export const isChannel = (value: string | null | undefined): value is ChannelType => Boolean(value && value in CHANNEL_LABELS);

/**
 * Active per agents-channels-domains 4, from what the agent document carries (WhatsApp's Legacy
 * Method, Google Business). Discord, Telegram, Messenger and Instagram records (and connected
 * WhatsApp numbers) live with the channels service; `records` passes what it reported: Instagram
 * is Active when a page with igPageId exists, nothing on the agent document makes it so.
 */
export function channelActive(
  channel: ChannelType,
  agent: Agent,
  records: Partial<Record<ChannelType, boolean>> = {},
): boolean {
  switch (channel) {
    case 'whatsapp':
      return Boolean(records.whatsapp) || Boolean(agent.waVerifyPassed && agent.whatsappToken && agent.whatsappNumberId && agent.whatsappBusniessId);
    case 'googleBusiness':
      return Boolean(agent.gcloudClientEmail && agent.gcloudPrivateKey);
    case 'email':
      return false;
    default:
      return Boolean(records[channel]);
  }
}

/** The card's badge: 'Coming Soon' for e-mail, 'Active' when connected, none otherwise. */
export function channelBadge(channel: ChannelType, agent: Agent, records?: Partial<Record<ChannelType, boolean>>): 'Active' | 'Coming Soon' | undefined {
  if (channel === 'email') return 'Coming Soon';
  return channelActive(channel, agent, records) ? 'Active' : undefined;
}

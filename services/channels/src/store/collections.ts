import { COLLECTIONS } from '@platform/contracts';
import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

/** The collections this service owns, in every regional database. */
export const COLLECTION = {
  /** `_id` = the bot id (the token's part before the colon) */
  telegramBots: COLLECTIONS.telegramBots,
  /** `_id` = ID (15 random characters) */
  discordChannels: COLLECTIONS.discordChannels,
  /** one document (first region): which replica runs the platform bot's Discord Gateway session, and where the session stands */
  discordGatewayLease: 'discord_gateway_lease',
  /** `_id` = the Facebook page id */
  metaPages: COLLECTIONS.metaPages,
  /** `_id` = the phone number id */
  whatsappNumbers: COLLECTIONS.whatsappNumbers,
  /** one document per reply sent, `_id` = channel + message answered: a redelivered reply is sent once */
  sentReplies: 'channel_sent_replies',
  /** `_id` = the number's id; Twilio numbers of a workspace (ADR 0033) */
  twilioNumbers: COLLECTIONS.twilioNumbers,
  /** `_id` = campaign ID; WhatsApp template campaigns of an agent (ADR 0043) */
  campaigns: 'whatsapp_campaigns',
  /** `_id` = campaign ID:wa_id; each recipient's send state */
  campaignRecipients: 'whatsapp_campaign_recipients',
} as const;

export const INDEXES: CollectionIndexes[] = [
  { collection: COLLECTION.telegramBots, indexes: [{ key: { agentId: 1 }, name: 'telegram_bots_by_agent' }, OUTBOX_INDEX] },
  { collection: COLLECTION.discordChannels, indexes: [{ key: { agentID: 1 }, name: 'discord_channels_by_agent' }, { key: { channelId: 1 }, name: 'discord_channels_by_channel' }, OUTBOX_INDEX] },
  { collection: COLLECTION.metaPages, indexes: [{ key: { agentId: 1 }, name: 'meta_pages_by_agent' }, { key: { workspaceId: 1 }, name: 'meta_pages_by_workspace' }, { key: { igPageId: 1 }, name: 'meta_pages_by_instagram' }, OUTBOX_INDEX] },
  { collection: COLLECTION.whatsappNumbers, indexes: [{ key: { agentId: 1 }, name: 'whatsapp_numbers_by_agent' }, { key: { workspaceId: 1 }, name: 'whatsapp_numbers_by_workspace' }, OUTBOX_INDEX] },
  {
    collection: COLLECTION.twilioNumbers,
    indexes: [
      { key: { workspaceId: 1, createdAt: 1 }, name: 'twilio_numbers_by_workspace' },
      // a phone number is on the platform once, whichever workspace added it
      { key: { phoneNumber: 1 }, name: 'twilio_numbers_by_phone_number', unique: true },
    ],
  },
  { collection: COLLECTION.campaigns, indexes: [{ key: { agentId: 1, createdAt: -1 }, name: 'campaigns_by_agent' }, { key: { status: 1, leaseUntil: 1 }, name: 'campaigns_by_lease' }] },
  { collection: COLLECTION.campaignRecipients, indexes: [{ key: { agentId: 1 }, name: 'campaign_recipients_by_agent' }, { key: { campaignId: 1, status: 1, position: 1 }, name: 'campaign_recipients_by_state' }] },
];

/** Collections whose documents carry an outbox (new-channel-connection). */
export const OUTBOX_COLLECTIONS = [COLLECTION.telegramBots, COLLECTION.discordChannels, COLLECTION.whatsappNumbers, COLLECTION.metaPages];

import { createHash, randomBytes } from 'node:crypto';
import { CHANNEL_WEBHOOK_PATHS, type ChannelMessageReceivedData, type Region } from '@platform/contracts';

/** The header Telegram sends the secret_token of setWebhook in. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** A secret_token: 1-256 characters of A-Z, a-z, 0-9, _ and - (Bot API setWebhook). */
export const newWebhookSecret = () => randomBytes(32).toString('base64url');

/** Where Telegram delivers a bot's updates: the agent API through the gateway, in the agent's region. */
export const telegramWebhookUrl = (publicApiUrl: string, region: Region, agentId: string) =>
  `${publicApiUrl}/${region}/agent${CHANNEL_WEBHOOK_PATHS.telegram(agentId)}`;

/** The part of an Update the platform reads (https://core.telegram.org/bots/api#update). */
export interface TelegramUpdate {
  update_id?: number;
  message?: { message_id?: number; date?: number; text?: string; chat?: { id?: number | string }; from?: { id?: number | string } };
}

/**
 * The channel message a Telegram update carries, or undefined for updates without text
 * (edits, joins, stickers): those are acknowledged and not answered.
 */
export function telegramInboundMessage(update: TelegramUpdate, bot: { agentId: string; botId: string }, now: Date): ChannelMessageReceivedData | undefined {
  const message = update?.message;
  const chatId = message?.chat?.id;
  if (!message || typeof message.text !== 'string' || chatId === undefined || chatId === null) return undefined;
  return {
    agentId: bot.agentId,
    channelType: 'telegram',
    channelId: bot.botId,
    senderId: String(chatId),
    externalMessageId: `${chatId}:${message.message_id ?? update.update_id}`,
    text: message.text,
    receivedAt: now.toISOString(),
  };
}

/**
 * The event id of a provider message: the same delivery always gives the same id, so a
 * retried webhook is one event to every consumer that dedupes by id (a UUID built from a hash).
 */
export function deterministicEventId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  // RFC 4122 layout: version 5 nibble, variant 10xx.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

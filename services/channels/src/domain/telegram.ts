import { randomBytes } from 'node:crypto';
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

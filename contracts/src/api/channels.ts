import type { ConnectDiscordRequest, ConnectTelegramRequest, DiscordChannel, MetaPage, WhatsappNumber } from '../entities/channels';
import { endpoint, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

type AgentIdParam = { agentId: string };

/** A connected Telegram bot as the Channels tab shows it (never its token). */
export interface TelegramBotView {
  botId: string;
  webhookUrl: string;
}
/** The bot's webhook as the Telegram Bot API reports it (getWebhookInfo). */
export interface TelegramWebhookInfo {
  url: string;
  has_custom_certificate?: boolean;
  pending_update_count: number;
  last_error_date?: number;
  last_error_message?: string;
  max_connections?: number;
}
/** Everything connected to one agent, for the cards' Active rule (agents-channels-domains 4). */
export interface AgentChannelsResponse extends SuccessResponse {
  data: {
    telegramBots: TelegramBotView[];
    discordChannels: Array<Required<Pick<DiscordChannel, 'ID' | 'channelId' | 'webhookUrl'>>>;
    metaPages: MetaPage[];
    waNumbers: Array<Omit<WhatsappNumber, 'longAccessToken'>>;
  };
}
/** A connect or remove: the spec's notice in `message`. */
export interface ChannelNoticeResponse extends SuccessResponse {
  message: string;
}
export interface ConnectTelegramResponse extends ChannelNoticeResponse {
  data: TelegramBotView;
}
export interface TelegramWebhookInfoResponse extends SuccessResponse {
  data: TelegramWebhookInfo;
}
export interface TelegramBotRequest {
  agentId: string;
  botId: string;
}
export interface ConnectDiscordResponse extends ChannelNoticeResponse {
  data: Required<Pick<DiscordChannel, 'ID' | 'channelId' | 'webhookUrl'>>;
}
export interface RemoveDiscordRequest {
  agentID: string;
  ID: string;
}
/** A provider's webhook: `ok` once the update is durably queued. */
export interface WebhookAck {
  ok: true;
}

/** Every endpoint of the channels service (services/channels/README.md). */
export const CHANNELS_API = {
  listAgentChannels: endpoint<AgentIdParam, NoQuery, undefined, AgentChannelsResponse>()({ service: 'channels', operationId: 'listAgentChannels', method: 'get', path: '/v2/agents/:agentId/channels' }),
  connectTelegram: endpoint<NoParams, NoQuery, ConnectTelegramRequest, ConnectTelegramResponse>()({ service: 'channels', operationId: 'connectTelegram', method: 'post', path: '/procedures/connectTelegram' }),
  removeTelegram: endpoint<NoParams, NoQuery, TelegramBotRequest, ChannelNoticeResponse>()({ service: 'channels', operationId: 'removeTelegram', method: 'post', path: '/procedures/removeTelegram' }),
  getTelegramWebhookInfo: endpoint<NoParams, NoQuery, TelegramBotRequest, TelegramWebhookInfoResponse>()({ service: 'channels', operationId: 'getTelegramWebhookInfo', method: 'post', path: '/procedures/getTelegramWebhookInfo' }),
  connectDiscord: endpoint<NoParams, NoQuery, ConnectDiscordRequest, ConnectDiscordResponse>()({ service: 'channels', operationId: 'connectDiscord', method: 'post', path: '/procedures/connectDiscord' }),
  removeDiscord: endpoint<NoParams, NoQuery, RemoveDiscordRequest, ChannelNoticeResponse>()({ service: 'channels', operationId: 'removeDiscord', method: 'post', path: '/procedures/removeDiscord' }),
  /** Telegram's updates (public; the secret token set with setWebhook is the credential). Reached as {agent API}/v2/agents/{id}/telegram-webhook. */
  telegramWebhook: endpoint<AgentIdParam, NoQuery, object, WebhookAck>()({ service: 'channels', operationId: 'telegramWebhook', method: 'post', path: '/v2/agents/:agentId/telegram-webhook' }),
} as const;

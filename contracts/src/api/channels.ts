import type {
  AgentIdRequest,
  ConnectDiscordRequest,
  ConnectMetaPageRequest,
  ConnectTelegramRequest,
  ConnectWhatsappNumberRequest,
  DiscordChannel,
  DiscoveredWhatsappNumber,
  MessageTemplate,
  MetaPage,
  MetaTokenRequest,
  RemoveMetaPageRequest,
  RemoveWhatsappNumberRequest,
  SocialPage,
  WhatsappAccountRequest,
  WhatsappNumber,
  WhatsappTestMessageRequest,
} from '../entities/channels';
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

/** Procedure exchangeMetaToken: a short-lived Meta user token for a long-lived one. */
export interface ExchangeMetaTokenResponse extends SuccessResponse {
  longer_access_token: string;
}
/** Procedure getLongAccessToken: the same exchange, answered as Meta names it (`access_token`). */
export interface LongAccessTokenResponse extends SuccessResponse {
  access_token: string;
}
export type WhatsappNumberView = Omit<WhatsappNumber, 'longAccessToken'>;
export interface WhatsappNumbersResponse extends SuccessResponse {
  data: WhatsappNumberView[];
}
export interface ConnectWhatsappNumberResponse extends ChannelNoticeResponse {
  newAddedNumber: WhatsappNumberView;
}
export interface WhatsappNumberDetailsResponse extends SuccessResponse {
  data: DiscoveredWhatsappNumber[];
}
export interface CreateTemplateResponse extends SuccessResponse {
  data: { id: string; status: string };
}
/** The WhatsApp test message, sent from one of the agent's connected numbers. */
export type SendWhatsappTestMessageRequest = WhatsappTestMessageRequest & { agentId: string };

export const WHATSAPP_API = {
  exchangeMetaToken: endpoint<NoParams, NoQuery, MetaTokenRequest, ExchangeMetaTokenResponse>()({ service: 'channels', operationId: 'exchangeMetaToken', method: 'post', path: '/procedures/exchangeMetaToken' }),
  getLongAccessToken: endpoint<NoParams, NoQuery, MetaTokenRequest, LongAccessTokenResponse>()({ service: 'channels', operationId: 'getLongAccessToken', method: 'post', path: '/procedures/getLongAccessToken' }),
  getWhatsappNumbers: endpoint<NoParams, NoQuery, AgentIdRequest, WhatsappNumbersResponse>()({ service: 'channels', operationId: 'getWhatsappNumbers', method: 'post', path: '/procedures/getWhatsappNumbers' }),
  connectWhatsappNumber: endpoint<NoParams, NoQuery, ConnectWhatsappNumberRequest, ConnectWhatsappNumberResponse>()({ service: 'channels', operationId: 'connectWhatsappNumber', method: 'post', path: '/procedures/connectWhatsappNumber' }),
  removeWhatsappNumber: endpoint<NoParams, NoQuery, RemoveWhatsappNumberRequest, ChannelNoticeResponse>()({ service: 'channels', operationId: 'removeWhatsappNumber', method: 'post', path: '/procedures/removeWhatsappNumber' }),
  getDetailsOfWhatsappNumber: endpoint<NoParams, NoQuery, WhatsappAccountRequest, WhatsappNumberDetailsResponse>()({ service: 'channels', operationId: 'getDetailsOfWhatsappNumber', method: 'post', path: '/procedures/getDetailsOfWhatsappNumber' }),
  createTemplate: endpoint<NoParams, NoQuery, MessageTemplate, CreateTemplateResponse>()({ service: 'channels', operationId: 'createTemplate', method: 'post', path: '/procedures/createTemplate' }),
  sendWhatsappTestMessage: endpoint<NoParams, NoQuery, SendWhatsappTestMessageRequest, ChannelNoticeResponse>()({ service: 'channels', operationId: 'sendWhatsappTestMessage', method: 'post', path: '/procedures/sendWhatsappTestMessage' }),
  /** Meta's subscription handshake (public): hub.verify_token must be the agent id; answers hub.challenge as text. */
  verifyWhatsappWebhook: endpoint<{ agentId: string }, Record<string, string>, undefined, string>()({ service: 'channels', operationId: 'verifyWhatsappWebhook', method: 'get', path: '/agents/:agentId/wa-webhook' }),
  /** WhatsApp messages (public; X-Hub-Signature-256 must be the HMAC of the raw body with the app secret). */
  whatsappWebhook: endpoint<{ agentId: string }, NoQuery, object, WebhookAck>()({ service: 'channels', operationId: 'whatsappWebhook', method: 'post', path: '/agents/:agentId/wa-webhook' }),
} as const;

export interface SocialPagesResponse extends SuccessResponse {
  data: SocialPage[];
}
/** checkPageSubscriptions: whether the page already sends its messages to the app. */
export interface PageSubscriptionsResponse extends SuccessResponse {
  subscribed: boolean;
}

/** Messenger and Instagram: the pages of the user, the page picker's subscription check, connect and remove, and the app's webhook. */
export const META_PAGES_API = {
  tokenToPages: endpoint<NoParams, NoQuery, MetaTokenRequest, SocialPagesResponse>()({ service: 'channels', operationId: 'tokenToPages', method: 'post', path: '/procedures/tokenToPages' }),
  checkPageSubscriptions: endpoint<NoParams, NoQuery, MetaTokenRequest, PageSubscriptionsResponse>()({ service: 'channels', operationId: 'checkPageSubscriptions', method: 'post', path: '/procedures/checkPageSubscriptions' }),
  connectMetaPage: endpoint<NoParams, NoQuery, ConnectMetaPageRequest, ChannelNoticeResponse>()({ service: 'channels', operationId: 'connectMetaPage', method: 'post', path: '/procedures/connectMetaPage' }),
  removeMetaPage: endpoint<NoParams, NoQuery, RemoveMetaPageRequest, ChannelNoticeResponse>()({ service: 'channels', operationId: 'removeMetaPage', method: 'post', path: '/procedures/removeMetaPage' }),
  /** Meta's handshake for the app's page and instagram webhooks (public; verify token META_WEBHOOK_VERIFY_TOKEN). */
  verifyMetaWebhook: endpoint<NoParams, Record<string, string>, undefined, string>()({ service: 'channels', operationId: 'verifyMetaWebhook', method: 'get', path: '/meta-webhook' }),
  /** Messenger and Instagram messages (public; X-Hub-Signature-256 over the raw body with the app secret). */
  metaWebhook: endpoint<NoParams, NoQuery, object, WebhookAck>()({ service: 'channels', operationId: 'metaWebhook', method: 'post', path: '/meta-webhook' }),
} as const;

/** GET /v2/workspaces/:workspaceId/channels: the pages and numbers of every agent of the workspace (the meta-pages and whatsapp-numbers pages). */
export interface WorkspaceChannelsResponse extends SuccessResponse {
  data: {
    agents: Array<{ ID: string; title?: string }>;
    metaPages: MetaPage[];
    waNumbers: WhatsappNumberView[];
  };
}
export const WORKSPACE_CHANNELS_API = {
  listWorkspaceChannels: endpoint<{ workspaceId: string }, NoQuery, undefined, WorkspaceChannelsResponse>()({
    service: 'channels',
    operationId: 'listWorkspaceChannels',
    method: 'get',
    path: '/v2/workspaces/:workspaceId/channels',
  }),
} as const;

import Joi from 'joi';
import {
  CONNECTABLE_CHANNEL_TYPES,
  DEFAULT_MESSAGE_TEMPLATE_CATEGORY,
  MESSAGE_TEMPLATE_CATEGORIES,
  WHATSAPP_EMBEDDED_SIGNUP,
  WHATSAPP_NUMBER_STATUSES,
  type ConnectableChannelType,
} from '../constants/channels';
import { ID_LENGTHS } from '../constants/ids';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, freeObject, generatedIdPattern, optionalUrl, requiredMessages, text, url, type JsonObject } from './common';

const providerId = () => Joi.string().max(TEXT_LIMITS.id);
const accessToken = () => Joi.string().max(TEXT_LIMITS.token);
const messages = MESSAGES.channels;

/** A Discord channel connection (collection discordChannels). */
export interface DiscordChannel {
  /** 15 random characters */
  ID?: string;
  agentID?: string;
  channelId?: string;
  webhookUrl?: string;
}
export const discordChannelSchema = Joi.object<DiscordChannel, true>({
  ID: Joi.string().pattern(generatedIdPattern(ID_LENGTHS.discordChannelId)),
  agentID: documentId(),
  channelId: providerId(),
  webhookUrl: url(),
});

/** Connecting Discord: channelId and webhookUrl are both required. */
export interface ConnectDiscordRequest {
  agentID: string;
  channelId: string;
  webhookUrl: string;
}
export const connectDiscordRequestSchema = Joi.object<ConnectDiscordRequest, true>({
  agentID: documentId().required(),
  channelId: providerId().trim().required().messages(requiredMessages(messages.discordFieldsRequired)),
  webhookUrl: url().trim().required().messages(requiredMessages(messages.discordFieldsRequired)),
});

/** A Telegram bot (telegramBots; the document id is the bot id). */
export interface TelegramBot {
  agentId?: string;
  botId?: string;
  botToken?: string;
  webhookUrl?: string;
}
export const telegramBotSchema = Joi.object<TelegramBot, true>({
  agentId: documentId(),
  botId: Joi.string().pattern(/^\d+$/).max(TEXT_LIMITS.id),
  botToken: accessToken(),
  webhookUrl: url(),
});

/** A bot token is `{botId}:{secret}`. */
export const TELEGRAM_TOKEN_PATTERN = /^(\d+):[A-Za-z0-9_-]+$/;
/** The bot id: the part of the token before the colon. */
export const telegramBotIdFromToken = (token: string) => token.split(':')[0];

export interface ConnectTelegramRequest {
  agentId: string;
  token: string;
}
export const connectTelegramRequestSchema = Joi.object<ConnectTelegramRequest, true>({
  agentId: documentId().required(),
  token: accessToken()
    .trim()
    .pattern(TELEGRAM_TOKEN_PATTERN)
    .required()
    .messages({ ...requiredMessages(messages.telegramTokenInvalid), 'string.pattern.base': messages.telegramTokenInvalid }),
});

/** A Facebook page (and its Instagram account) connected to an agent (metaPages). */
export interface MetaPage {
  agentId?: string;
  pageId?: string;
  pageName?: string;
  igPageName?: string;
  igPageId?: string;
}
export const metaPageSchema = Joi.object<MetaPage, true>({
  agentId: documentId(),
  pageId: providerId(),
  pageName: text(TEXT_LIMITS.name),
  igPageName: text(TEXT_LIMITS.name),
  igPageId: providerId().allow(''),
});

/** A page the user manages, as offered by the page picker. */
export interface SocialPage {
  id: string;
  name?: string;
  photoUrl?: string;
  accessToken?: string;
  connectedIgPage?: { id?: string; name?: string; username?: string; photoUrl?: string };
}
export const socialPageSchema = Joi.object<SocialPage, true>({
  id: providerId().required(),
  name: text(TEXT_LIMITS.name),
  photoUrl: optionalUrl(),
  accessToken: accessToken(),
  connectedIgPage: Joi.object({
    id: providerId(),
    name: text(TEXT_LIMITS.name),
    username: text(TEXT_LIMITS.name),
    photoUrl: optionalUrl(),
  }),
});

/** A WhatsApp number connected to an agent (waNumbers). */
export interface WhatsappNumber {
  agentId?: string;
  wabaId?: string;
  phoneId?: string;
  phoneNumber?: string;
  longAccessToken?: string;
}
export const whatsappNumberSchema = Joi.object<WhatsappNumber, true>({
  agentId: documentId(),
  wabaId: providerId(),
  phoneId: providerId(),
  phoneNumber: Joi.string().max(50),
  longAccessToken: accessToken(),
});

/** A number found in the user's WhatsApp Business account. */
export interface DiscoveredWhatsappNumber {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  status?: (typeof WHATSAPP_NUMBER_STATUSES)[number];
}
export const discoveredWhatsappNumberSchema = Joi.object<DiscoveredWhatsappNumber, true>({
  id: providerId().required(),
  display_phone_number: Joi.string().max(50),
  verified_name: text(TEXT_LIMITS.name),
  status: Joi.string().valid(...WHATSAPP_NUMBER_STATUSES),
}).unknown(true);

/**
 * Procedure createTemplate: a WhatsApp message template; any error reads 'Invalid template info'.
 * `agentId` as in MetaTokenRequest: a client names the agent it works for (ADR 0040).
 */
export interface MessageTemplate {
  /** lowercase with underscores */
  name: string;
  language: string;
  category?: (typeof MESSAGE_TEMPLATE_CATEGORIES)[number];
  bodyText: string;
  wabaId: string;
  longAccessToken: string;
  agentId?: string;
}
export const messageTemplateSchema = Joi.object<MessageTemplate, true>({
  name: Joi.string().max(512).pattern(/^[a-z0-9_]+$/).required(),
  language: Joi.string().max(20).required(),
  category: Joi.string().valid(...MESSAGE_TEMPLATE_CATEGORIES).default(DEFAULT_MESSAGE_TEMPLATE_CATEGORY),
  bodyText: Joi.string().max(1024).required(),
  wabaId: providerId().required(),
  longAccessToken: accessToken().required(),
  agentId: documentId(),
}).messages({ '*': messages.messageTemplateInvalid });

/** The WhatsApp test message form; the recipient must have started the conversation first. */
export interface WhatsappTestMessageRequest {
  /** international, starting with '+' */
  phone: string;
  phoneNumberId: string;
  message: string;
}
const phoneAndIdRequired = requiredMessages(messages.whatsappTestPhoneAndIdRequired);
export const whatsappTestMessageRequestSchema = Joi.object<WhatsappTestMessageRequest, true>({
  phone: Joi.string()
    .trim()
    .max(20)
    .pattern(/^\+/)
    .required()
    .messages({ ...phoneAndIdRequired, 'string.pattern.base': messages.whatsappTestCountryCode }),
  phoneNumberId: providerId().trim().required().messages(phoneAndIdRequired),
  message: Joi.string().trim().max(4096).required().messages(requiredMessages(messages.whatsappTestMessageRequired)),
});

/** Body of the Graph API POST /messages for a text message. */
export interface WhatsappTextMessage {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'text';
  text: { body: string };
}
export const whatsappTextMessageSchema = Joi.object<WhatsappTextMessage, true>({
  messaging_product: Joi.string().valid('whatsapp').required(),
  recipient_type: Joi.string().valid('individual').required(),
  to: Joi.string().max(20).required(),
  type: Joi.string().valid('text').required(),
  text: Joi.object({ body: Joi.string().max(4096).required() }).required(),
});

/** Message the embedded WhatsApp signup posts to the page. */
export interface WhatsappEmbeddedSignupMessage {
  type: typeof WHATSAPP_EMBEDDED_SIGNUP.event;
  event: (typeof WHATSAPP_EMBEDDED_SIGNUP.outcomes)[number];
  data?: { phone_number_id?: string; waba_id?: string } & JsonObject;
}
export const whatsappEmbeddedSignupMessageSchema = Joi.object<WhatsappEmbeddedSignupMessage, true>({
  type: Joi.string().valid(WHATSAPP_EMBEDDED_SIGNUP.event).required(),
  event: Joi.string().valid(...WHATSAPP_EMBEDDED_SIGNUP.outcomes).required(),
  data: Joi.object({ phone_number_id: providerId(), waba_id: providerId() }).unknown(true),
}).unknown(true);

/** POST /v2/agents/{agentId} for the legacy WhatsApp method (bearer: workspace secret). */
export interface WhatsappLegacyChannelRequest {
  waTestNumber?: string;
  whatsappToken: string;
  whatsappBusniessId: string;
  whatsappNumberId: string;
  vapi?: JsonObject;
}
export const whatsappLegacyChannelRequestSchema = Joi.object<WhatsappLegacyChannelRequest, true>({
  waTestNumber: text(50),
  whatsappToken: accessToken().required(),
  whatsappBusniessId: providerId().required(),
  whatsappNumberId: providerId().required(),
  vapi: freeObject(),
});

/**
 * POST /v2/agents/{agentId} for Google Business (bearer: agent secret key): the e-mail must
 * contain '@' and the key is required. Newlines in the key become commas.
 */
export interface GoogleBusinessChannelRequest {
  gcloudClientEmail: string;
  gcloudPrivateKey: string;
}
const googleFieldsRequired = requiredMessages(messages.googleBusinessFieldsRequired);
export const googleBusinessChannelRequestSchema = Joi.object<GoogleBusinessChannelRequest, true>({
  gcloudClientEmail: Joi.string()
    .trim()
    .max(TEXT_LIMITS.email)
    .pattern(/@/)
    .required()
    .messages({ ...googleFieldsRequired, 'string.pattern.base': messages.googleBusinessFieldsRequired }),
  gcloudPrivateKey: Joi.string()
    .max(TEXT_LIMITS.privateKey)
    .replace(/\r?\n/g, ',')
    .required()
    .messages(googleFieldsRequired),
});

/**
 * Procedures that take a Meta user token: exchangeMetaToken, getLongAccessToken, checkPageSubscriptions, tokenToPages.
 * `agentId` (not in the spec's body, optional): the agent whose Channels page an agency client signs in
 * with Meta for; a client must name it, a member's call ignores it (ADR 0040).
 */
export interface MetaTokenRequest {
  token: string;
  agentId?: string;
}
export const metaTokenRequestSchema = Joi.object<MetaTokenRequest, true>({ token: accessToken().required(), agentId: documentId() });

/** Procedure connectMetaPage. */
export interface ConnectMetaPageRequest {
  selectedPage: SocialPage;
  agentId: string;
}
export const connectMetaPageRequestSchema = Joi.object<ConnectMetaPageRequest, true>({
  selectedPage: socialPageSchema.required(),
  agentId: documentId().required(),
});

/** Procedure removeMetaPage. */
export interface RemoveMetaPageRequest {
  pageId: string;
  agentId: string;
}
export const removeMetaPageRequestSchema = Joi.object<RemoveMetaPageRequest, true>({
  pageId: providerId().required(),
  agentId: documentId().required(),
});

/** Procedure getWhatsappNumbers. */
export interface AgentIdRequest {
  agentId: string;
}
export const agentIdRequestSchema = Joi.object<AgentIdRequest, true>({ agentId: documentId().required() });

/** Procedure removeWhatsappNumber. */
export interface RemoveWhatsappNumberRequest {
  agentId: string;
  phoneId: string;
}
export const removeWhatsappNumberRequestSchema = Joi.object<RemoveWhatsappNumberRequest, true>({
  agentId: documentId().required(),
  phoneId: providerId().required(),
});

/** Procedure connectWhatsappNumber; answers newAddedNumber. */
export interface ConnectWhatsappNumberRequest {
  agentId: string;
  longAccessToken: string;
  wabaId: string;
  phoneId: string;
  phoneNumber: string;
}
export const connectWhatsappNumberRequestSchema = Joi.object<ConnectWhatsappNumberRequest, true>({
  agentId: documentId().required(),
  longAccessToken: accessToken().required(),
  wabaId: providerId().required(),
  phoneId: providerId().required(),
  phoneNumber: Joi.string().max(50).required(),
});

/** Procedure getDetailsOfWhatsappNumber; `agentId` as in MetaTokenRequest (ADR 0040). */
export interface WhatsappAccountRequest {
  wabaId: string;
  longAccessToken: string;
  agentId?: string;
}
export const whatsappAccountRequestSchema = Joi.object<WhatsappAccountRequest, true>({
  wabaId: providerId().required(),
  longAccessToken: accessToken().required(),
  agentId: documentId(),
});

/** Which channel record a connection produced (the new-channel-connection event). */
export interface ChannelConnection {
  agentId: string;
  /** the agent's platform */
  agentType: string;
  /** id of the channel record: Discord ID, Telegram bot id, Meta page id, WhatsApp phone id */
  channelId: string;
  channelType: ConnectableChannelType;
}
export const channelConnectionSchema = Joi.object<ChannelConnection, true>({
  agentId: documentId().required(),
  agentType: Joi.string().max(TEXT_LIMITS.name).required(),
  channelId: providerId().required(),
  channelType: Joi.string().valid(...CONNECTABLE_CHANNEL_TYPES).required(),
});


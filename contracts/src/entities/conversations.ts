import type { KnowledgeChunkHit } from './knowledge-api';
import Joi from 'joi';
import { CONNECTABLE_CHANNEL_TYPES, type ConnectableChannelType } from '../constants/channels';
import type { AgentSettings } from './agent';
import { documentId } from './common';

/*
 * Conversations of the agent runtime (issue 9): what the widget, the test chat and the
 * channels send, and what the Chats tab reads. The spec names the Chats tab and Leads but
 * not their shapes; these are the platform's.
 */

/** Where a conversation happens: the web widget, the shell's test chat, or a connected channel. */
export const CONVERSATION_CHANNELS = ['web', 'test', ...CONNECTABLE_CHANNEL_TYPES] as const;
export type ConversationChannel = 'web' | 'test' | ConnectableChannelType;

export interface ConversationMessage {
  role: 'user' | 'assistant';
  content: string;
  /** unix milliseconds */
  ts: number;
  /** the sender's id of a person's message */
  messageId?: string;
  /** the knowledge chunks an answer was grounded in */
  sources?: KnowledgeChunkHit[];
}

/** An e-mail or phone number a person left in a conversation. */
export interface Lead {
  conversationId: string;
  channel: ConversationChannel;
  email?: string;
  phone?: string;
  /** unix milliseconds, when first seen */
  ts: number;
}

/** A conversation as the Chats tab lists it (newest first). */
export interface ConversationSummary {
  id: string;
  agentId: string;
  channel: ConversationChannel;
  /** unix milliseconds */
  createdAt: number;
  updatedAt: number;
  messages: ConversationMessage[];
  leads: Array<Pick<Lead, 'email' | 'phone'>>;
}

/** Longest message a person may send to an agent. */
export const CHAT_MESSAGE_MAX = 4_000;
/** Messages of a conversation kept for the prompt and the Chats tab (the oldest go first). */
export const CONVERSATION_KEPT_MESSAGES = 200;
/** Messages of the history sent to the model with a new one. */
export const PROMPT_HISTORY_MESSAGES = 30;

/**
 * Credits an answer costs: one per started thousand tokens (prompt and answer together),
 * at least one. Our decision (the spec gives no rate); BASE_USD_PER_CREDIT is $0.001.
 */
export const TOKENS_PER_CREDIT = 1_000;
export const creditsForAnswer = (inputTokens: number, outputTokens: number) => Math.max(1, Math.ceil((inputTokens + outputTokens) / TOKENS_PER_CREDIT));

/** POST a message to an agent (widget or test chat). */
export interface ChatMessageRequest {
  /** the conversation to continue; absent starts a new one */
  conversationId?: string;
  /** the caller's id of this message: a retried request is answered once */
  messageId: string;
  /** the widget's visitor id (kept in the visitor's browser) */
  visitorId?: string;
  text: string;
}
export const chatMessageRequestSchema = Joi.object<ChatMessageRequest, true>({
  conversationId: documentId(),
  messageId: documentId().required(),
  visitorId: documentId(),
  text: Joi.string().trim().min(1).max(CHAT_MESSAGE_MAX).required().messages({ 'string.empty': 'Please type a message.', 'any.required': 'Please type a message.' }),
});

/** The answer to a chat message (JSON form; the stream ends with the same fields). */
export interface ChatAnswer {
  conversationId: string;
  messageId: string;
  text: string;
  /** the runtime answered with a refusal (credits, limits) instead of the model */
  refused?: boolean;
  sandbox?: boolean;
  /** the knowledge chunks the answer was grounded in */
  sources?: KnowledgeChunkHit[];
}
export interface ChatAnswerResponse {
  success: true;
  data: ChatAnswer;
}

/**
 * Server-sent events of a streamed answer: `delta` {text} as it arrives, then `done`
 * (ChatAnswer) or `error` {message}.
 */
export const CHAT_STREAM_EVENTS = { delta: 'delta', done: 'done', error: 'error' } as const;

/** What a page embedding the widget may read about an agent: its look and greeting, no secret, no prompt. */
export const WIDGET_FIELDS = [
  'ID',
  'title',
  'description',
  'theme',
  'customThemeJSONString',
  'fontFamily',
  'branding',
  'roundedImageURL',
  'rectangularImageURL',
  'avatarImageURL',
  'headerImageURL',
  'bannerImageURL',
  'chatBgURL',
  'messageDelayMS',
  'proactiveMessage',
  'autoStartWidget',
  'chatForget',
  'lang',
  'buttonsLayout',
  'ADVANCED_customCSS',
  'enableHumanHandoff',
  'UIhandoffTitle',
  'UIhandoffSubtitle',
  'vg_initMessages',
] as const satisfies ReadonlyArray<keyof AgentSettings>;
export type WidgetSettings = Pick<AgentSettings, (typeof WIDGET_FIELDS)[number]> & {
  ID: string;
  /** the first messages the widget shows: vg_initMessages, or the start node's message */
  greetings: string[];
};
export interface WidgetSettingsResponse {
  success: true;
  data: WidgetSettings;
}

/** A visitor's own conversation, so the widget shows it again on the next page. */
export interface WidgetConversationResponse {
  success: true;
  data: { id: string; messages: ConversationMessage[] };
}

/** A conversation as the Sessions page lists it: no messages, only when and how much. */
export interface WorkspaceSessionView {
  id: string;
  agentId: string;
  channel: ConversationChannel;
  /** unix milliseconds */
  createdAt: number;
  updatedAt: number;
  /** messages the person sent */
  userMessages: number;
  leads: number;
}
export interface WorkspaceSessionsResponse {
  success: true;
  data: WorkspaceSessionView[];
}

/** An agent's system prompt as the Prompts page lists it. */
export interface WorkspacePromptView {
  agentId: string;
  title?: string;
  prompt: string;
}
export interface WorkspacePromptsResponse {
  success: true;
  data: WorkspacePromptView[];
}

export interface ConversationListResponse {
  success: true;
  data: ConversationSummary[];
}
export interface LeadListResponse {
  success: true;
  data: Lead[];
}

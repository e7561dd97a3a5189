import { createHash } from 'node:crypto';
import { RUNTIME_MESSAGES, type AgentSettings, type ConversationChannel, type ConversationMessage, type ConversationSummary, type Lead, type WorkspaceSessionView } from '@platform/contracts';
import type { OutboxFields } from '@platform/kit';

/**
 * One conversation of an agent: its messages (oldest first, the last CONVERSATION_KEPT_MESSAGES),
 * the leads found in it, and the ids of the messages already answered, so a retried or
 * redelivered message is answered once. With recordChatHistory false the document keeps only
 * the answered ids, counters and the pending events: no text, no leads (`recorded: false`).
 */
export interface ConversationRecord extends OutboxFields {
  _id: string;
  agentId: string;
  workspaceId: string;
  channel: ConversationChannel;
  /** widget visitor, channel sender, or the member testing */
  participantId?: string;
  recorded: boolean;
  createdAt: number;
  updatedAt: number;
  /** absent until something was recorded */
  messages?: ConversationMessage[];
  leads?: Array<Pick<Lead, 'email' | 'phone' | 'ts'>>;
  /** messages the person sent, for messagesLimit */
  userMessages: number;
  answeredMessageIds: string[];
}

/** A channel conversation's id: derived from the agent, channel record and sender, so every message of it finds it. */
export const channelConversationId = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 24);

/** The ledger id of an answer: one per conversation and message, whatever retries happen. */
export const answerId = (conversationId: string, messageId: string) => createHash('sha256').update(`${conversationId}:${messageId}`).digest('base64url').slice(0, 24);

export type Limits = Pick<AgentSettings, 'messagesLimit' | 'maxTokensUsage'>;

/** Why the runtime will not ask the model, or undefined. 0 or absent limits mean unlimited. */
export function limitRefusal(agent: Limits, state: { userMessages: number; agentTokens: number; hasCredits: boolean }): string | undefined {
  if (!state.hasCredits) return RUNTIME_MESSAGES.noCredits;
  if (agent.messagesLimit && state.userMessages >= agent.messagesLimit) return RUNTIME_MESSAGES.messagesLimitReached;
  if (agent.maxTokensUsage && state.agentTokens >= agent.maxTokensUsage) return RUNTIME_MESSAGES.tokensLimitReached;
  return undefined;
}

export function conversationSummary(record: ConversationRecord): ConversationSummary {
  return {
    id: record._id,
    agentId: record.agentId,
    channel: record.channel,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    messages: record.messages ?? [],
    leads: (record.leads ?? []).map(({ email, phone }) => ({ ...(email ? { email } : {}), ...(phone ? { phone } : {}) })),
  };
}

/** A conversation as the Sessions page lists it. */
export const sessionView = (record: ConversationRecord): WorkspaceSessionView => ({
  id: record._id,
  agentId: record.agentId,
  channel: record.channel,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  userMessages: record.userMessages ?? 0,
  leads: record.leads?.length ?? 0,
});

/** The leads of a conversation as the Leads list shows them. */
export const leadsOf = (record: ConversationRecord): Lead[] =>
  (record.leads ?? []).map((lead) => ({ conversationId: record._id, channel: record.channel, ...lead }));

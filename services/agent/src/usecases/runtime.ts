import {
  RUNTIME_MESSAGES,
  creditsForAnswer,
  newDocumentId,
  type ChannelReplyRequestedData,
  type ChatAnswer,
  type ConversationChannel,
  type ConversationMessage,
  type KnowledgeChunkHit,
  type Region,
} from '@platform/contracts';
import { HttpError, notFound, type Logger, type OutboxEntry } from '@platform/kit';
import { LlmError, type ChatCompletion, type StreamingChatClient } from '../clients/llm-client';
import type { CreditPayers } from '../clients/credit-payers';
import type { CreditBalance } from '../clients/workspace-directory';
import type { AgentRecord } from '../domain/agent-record';
import { answerId, limitRefusal, type ConversationRecord } from '../domain/conversation';
import { findLeads } from '../domain/conversation-leads';
import { buildPrompt } from '../domain/conversation-prompt';
import { asksForHuman } from '../domain/human-request';
import { creditsConsumedEvent, humanRequestedEvent, replyRequestedEvent } from '../events/runtime-events';
import type { ConversationStore } from '../store/conversations';
import type { KnowledgeRetriever } from '../knowledge/usecases/retrieval';

export interface RuntimeDeps {
  conversations: ConversationStore;
  credits: CreditBalance;
  /** who pays an organisation's agent (ADR 0026); absent: every agent spends its workspace's credits */
  payers?: CreditPayers;
  llm: StreamingChatClient;
  /** the agent's knowledge retrieved for each message; absent: answers without knowledge */
  knowledge?: KnowledgeRetriever;
  logger: Logger;
  /** nudges the outbox relay */
  eventsWritten: () => void;
  now: () => Date;
}

/** A message for an agent, from the widget, the test chat or a channel. */
export interface IncomingMessage {
  channel: ConversationChannel;
  /** absent: a new conversation */
  conversationId?: string;
  participantId?: string;
  /** the sender's id of this message: it is answered once */
  messageId: string;
  text: string;
  /** a channel message: the reply goes out as channel.reply-requested */
  reply?: Omit<ChannelReplyRequestedData, 'conversationId' | 'text'>;
}

export interface RuntimeAnswer extends ChatAnswer {
  /** this message had been answered before: nothing new was written or emitted */
  duplicate?: boolean;
}

/** A rough token count when the provider gives none (about four characters a token). */
const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/**
 * The conversation engine: checks credits and limits, builds the prompt from the agent's
 * settings, asks the model (streaming when asked), then writes the conversation with its
 * events (credits.consumed, and the reply for channels) in one document write.
 */
export class ConversationRuntime {
  constructor(private readonly deps: RuntimeDeps) {}

  async answer(region: Region, agent: AgentRecord, incoming: IncomingMessage, onDelta?: (text: string) => void): Promise<RuntimeAnswer> {
    const conversationId = incoming.conversationId ?? newDocumentId();
    const existing = incoming.conversationId ? await this.deps.conversations.find(region, conversationId) : null;
    // A conversation is continued only by whom it is with (visitor, member testing, channel sender).
    if (existing && (existing.agentId !== agent.ID || existing.participantId !== incoming.participantId)) throw notFound(RUNTIME_MESSAGES.conversationNotFound);
    if (existing?.answeredMessageIds.includes(incoming.messageId)) {
      return { conversationId, messageId: incoming.messageId, text: earlierAnswer(existing, incoming.messageId) ?? '', duplicate: true };
    }

    const orgId = await this.deps.payers?.payingOrganization(region, agent);
    const [hasCredits, agentTokens] = await Promise.all([this.deps.credits.hasCredits(region, agent.userId, orgId), this.deps.conversations.agentTokens(region, agent.ID)]);
    const refusal = limitRefusal(agent, { userMessages: existing?.userMessages ?? 0, agentTokens, hasCredits });
    const at = this.deps.now().getTime();
    const id = answerId(conversationId, incoming.messageId);

    let text: string;
    let completion: ChatCompletion | undefined;
    let sources: KnowledgeChunkHit[] = [];
    if (refusal) {
      text = refusal;
      onDelta?.(text);
    } else {
      sources = (await this.deps.knowledge?.retrieve(region, agent, incoming.text)) ?? [];
      const prompt = buildPrompt(agent, existing?.recorded ? (existing.messages ?? []) : [], incoming.text, sources);
      const options = { ...prompt.options, user: incoming.participantId };
      try {
        completion = onDelta ? await this.deps.llm.stream(prompt.messages, options, onDelta) : await this.deps.llm.complete(prompt.messages, options);
      } catch (err) {
        this.deps.logger.warn({ err, agentId: agent.ID, kind: (err as LlmError).kind }, 'the model did not answer');
        throw new HttpError(502, RUNTIME_MESSAGES.answerFailed);
      }
      text = completion.content;
    }

    const events: OutboxEntry[] = [];
    let tokens = 0;
    if (completion) {
      const inputTokens = completion.usage?.prompt_tokens ?? estimateTokens(incoming.text);
      const outputTokens = completion.usage?.completion_tokens ?? estimateTokens(text);
      tokens = inputTokens + outputTokens;
      events.push(
        creditsConsumedEvent(region, agent.userId, id, {
          amount: creditsForAnswer(inputTokens, outputTokens),
          ts: at,
          direction: 'decrease',
          causedBy: 'agent',
          agentId: agent.ID,
          model: completion.model,
          inputTokens,
          outputTokens,
          ...(orgId ? { orgId } : {}),
        }),
      );
    }
    if (incoming.reply && text) events.push(replyRequestedEvent(region, agent.userId, id, { ...incoming.reply, conversationId, text }));
    if (asksForHuman(incoming.text)) events.push(humanRequestedEvent(region, agent.userId, id, { agentId: agent.ID, conversationId, channel: incoming.channel, text: incoming.text }));

    const recorded = agent.recordChatHistory !== false;
    const messages: ConversationMessage[] = recorded
      ? [
          { role: 'user', content: incoming.text, ts: at, messageId: incoming.messageId },
          { role: 'assistant', content: text, ts: this.deps.now().getTime(), ...(sources.length ? { sources } : {}) },
        ]
      : [];
    const written = await this.deps.conversations.recordAnswer(region, {
      conversation: { _id: conversationId, agentId: agent.ID, workspaceId: agent.userId, channel: incoming.channel, participantId: incoming.participantId, recorded },
      messageId: incoming.messageId,
      messages,
      leads: recorded ? newLeads(existing, incoming.text, at) : [],
      countsAsMessage: !refusal,
      at,
      events,
      previous: existing,
    });
    if (written === 'duplicate') return { conversationId, messageId: incoming.messageId, text, duplicate: true };
    if (events.length) this.deps.eventsWritten();
    await this.deps.conversations.addAgentTokens(region, agent.ID, tokens);
    return {
      conversationId,
      messageId: incoming.messageId,
      text,
      ...(refusal ? { refused: true } : {}),
      ...(completion?.sandbox ? { sandbox: true } : {}),
      ...(sources.length ? { sources } : {}),
    };
  }
}

/** The answer that followed a message, when the conversation is recorded. */
function earlierAnswer(record: ConversationRecord, messageId: string): string | undefined {
  const messages = record.messages ?? [];
  const at = messages.findIndex((message) => message.messageId === messageId);
  const next = at >= 0 ? messages[at + 1] : undefined;
  return next?.role === 'assistant' ? next.content : undefined;
}

/** The e-mails and phone numbers of `text` not yet known in the conversation. */
function newLeads(existing: ConversationRecord | null, text: string, ts: number): NonNullable<ConversationRecord['leads']> {
  const known = new Set((existing?.leads ?? []).map((lead) => lead.email ?? lead.phone));
  const { emails, phones } = findLeads(text);
  return [...emails.filter((email) => !known.has(email)).map((email) => ({ email, ts })), ...phones.filter((phone) => !known.has(phone)).map((phone) => ({ phone, ts }))];
}

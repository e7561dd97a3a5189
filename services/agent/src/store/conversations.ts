import { CONVERSATION_KEPT_MESSAGES, type ConversationMessage, type Region } from '@platform/contracts';
import { OUTBOX_INDEX, isDuplicateKey, updateWithOutbox, type CollectionIndexes, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import type { UpdateFilter } from 'mongodb';
import type { ConversationRecord } from '../domain/conversation';

export const CONVERSATION_COLLECTIONS = {
  conversations: 'conversations',
  /** tokens used by each agent, for maxTokensUsage */
  agentUsage: 'agent_usage',
} as const;

/**
 * How much of a conversation its document keeps: the newest messages, and answered ids. A
 * redelivered message is one handled but not yet marked by the consumer (a quarter of a second's
 * worth, older ones are skipped by `processed_events`) or a widget's retry, so 200 ids is ample.
 * A document may grow `slack` past a cap before it is cut back: on FerretDB every write rewrites
 * the whole document, so one cut per `slack` answers, not one per answer, and no ids it never needs.
 */
export interface ConversationCaps {
  messages: number;
  answeredIds: number;
  slack: number;
}
const CAPS: ConversationCaps = { messages: CONVERSATION_KEPT_MESSAGES, answeredIds: 200, slack: 40 };

export const CONVERSATION_INDEXES: CollectionIndexes[] = [
  {
    collection: CONVERSATION_COLLECTIONS.conversations,
    indexes: [
      // The Chats tab: an agent's recorded conversations, newest first.
      { key: { agentId: 1, recorded: 1, updatedAt: -1 }, name: 'conversations_by_agent_recent' },
      // The Sessions page: a workspace's recorded conversations across its agents, newest first.
      { key: { workspaceId: 1, recorded: 1, updatedAt: -1 }, name: 'conversations_by_workspace_recent' },
      OUTBOX_INDEX,
    ],
  },
];

/** What one answered message adds to its conversation. */
export interface AnswerWrite {
  conversation: Pick<ConversationRecord, '_id' | 'agentId' | 'workspaceId' | 'channel' | 'participantId' | 'recorded'>;
  messageId: string;
  /** the person's message and the answer; empty when the conversation is not recorded */
  messages: ConversationMessage[];
  leads: NonNullable<ConversationRecord['leads']>;
  /** counts toward messagesLimit */
  countsAsMessage: boolean;
  at: number;
  events: OutboxEntry[];
  /** the conversation as read before the answer (absent: a new one), to keep it within its caps */
  previous?: Pick<ConversationRecord, 'messages' | 'answeredMessageIds'> | null;
}

const LIST_PROJECTION = { _outbox: 0, _outboxAt: 0, _outboxLease: 0, answeredMessageIds: 0 } as const;

/**
 * Conversation documents. An answer, its message ids and the events it causes (reply,
 * credits) are one single-document write: the filter refuses a message id already answered,
 * so a redelivered message writes nothing and emits nothing.
 */
export class ConversationStore {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly caps: ConversationCaps = CAPS,
  ) {}

  private conversations(region: Region) {
    return this.mongo.collection<ConversationRecord>(region, CONVERSATION_COLLECTIONS.conversations);
  }

  find(region: Region, conversationId: string) {
    return this.conversations(region).findOne({ _id: conversationId }, { projection: { _outbox: 0, _outboxAt: 0, _outboxLease: 0 } });
  }

  /** An agent's recorded conversations, newest first. */
  listForAgent(region: Region, agentId: string, limit: number) {
    return this.conversations(region)
      .find({ agentId, recorded: true }, { projection: LIST_PROJECTION, sort: { updatedAt: -1 }, limit })
      .toArray() as Promise<ConversationRecord[]>;
  }

  /** A workspace's recorded conversations across its agents, newest first, without their messages. */
  listForWorkspace(region: Region, workspaceId: string, limit: number) {
    return this.conversations(region)
      .find({ workspaceId, recorded: true }, { projection: { ...LIST_PROJECTION, messages: 0 }, sort: { updatedAt: -1 }, limit })
      .toArray() as Promise<ConversationRecord[]>;
  }

  /** 'duplicate': this message id was already answered in this conversation (nothing written). */
  async recordAnswer(region: Region, write: AnswerWrite): Promise<'written' | 'duplicate'> {
    const { conversation, messageId, at } = write;
    const push: Record<string, unknown> = { answeredMessageIds: { $each: [messageId], $slice: -this.caps.answeredIds } };
    if (write.messages.length) push.messages = { $each: write.messages, $slice: -this.caps.messages };
    if (write.leads.length) push.leads = { $each: write.leads };
    const update = {
      $setOnInsert: { agentId: conversation.agentId, workspaceId: conversation.workspaceId, channel: conversation.channel, recorded: conversation.recorded, createdAt: at, ...(conversation.participantId ? { participantId: conversation.participantId } : {}) },
      $set: { updatedAt: at },
      $push: push,
      $inc: { userMessages: write.countsAsMessage ? 1 : 0 },
    } as UpdateFilter<ConversationRecord>;
    try {
      const result = await this.conversations(region).updateOne(
        { _id: conversation._id, answeredMessageIds: { $ne: messageId } },
        updateWithOutbox(update, write.events),
        { upsert: true },
      );
      if (result.modifiedCount + result.upsertedCount !== 1) return 'duplicate';
      await this.keepWithinCaps(region, write);
      return 'written';
    } catch (err) {
      // The id was answered: the filter missed the document, and the upsert hit its _id.
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
  }

  /**
   * FerretDB ignores `$slice` in `$push` (MongoDB applies it in the write above): past a cap and
   * its slack, the document is cut to its newest entries, unless another answer was written since
   * (the next one cuts it then).
   */
  private async keepWithinCaps(region: Region, write: AnswerWrite): Promise<void> {
    const messages = [...(write.previous?.messages ?? []), ...write.messages];
    const answeredIds = [...(write.previous?.answeredMessageIds ?? []), write.messageId];
    const { slack } = this.caps;
    const $set: Partial<ConversationRecord> = {};
    if (messages.length > this.caps.messages + slack) $set.messages = messages.slice(-this.caps.messages);
    if (answeredIds.length > this.caps.answeredIds + slack) $set.answeredMessageIds = answeredIds.slice(-this.caps.answeredIds);
    if (Object.keys($set).length) await this.conversations(region).updateOne({ _id: write.conversation._id, updatedAt: write.at }, { $set });
  }

  async agentTokens(region: Region, agentId: string): Promise<number> {
    const usage = await this.mongo.collection<{ _id: string; tokens: number }>(region, CONVERSATION_COLLECTIONS.agentUsage).findOne({ _id: agentId });
    return usage?.tokens ?? 0;
  }

  async addAgentTokens(region: Region, agentId: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    await this.mongo.collection<{ _id: string; tokens: number }>(region, CONVERSATION_COLLECTIONS.agentUsage).updateOne({ _id: agentId }, { $inc: { tokens } }, { upsert: true });
  }
}

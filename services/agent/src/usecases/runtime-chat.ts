import {
  AGENT_API_MESSAGES,
  RUNTIME_MESSAGES,
  WIDGET_FIELDS,
  type ChatMessageRequest,
  type ConversationMessage,
  type ConversationSummary,
  type Lead,
  type Region,
  type WidgetSettings,
  type WorkspaceSessionView,
} from '@platform/contracts';
import { HttpError, notFound, regionsFrom } from '@platform/kit';
import type { MemoryStore } from 'express-rate-limit';
import type { AgentRecord } from '../domain/agent-record';
import { conversationSummary, leadsOf, sessionView } from '../domain/conversation';
import { greetingsOf } from '../domain/conversation-prompt';
import type { AgentStore } from '../store/agents';
import type { ConversationStore } from '../store/conversations';
import type { ConversationRuntime, RuntimeAnswer } from './runtime';

/** Conversations the Chats tab shows at most. */
const LISTED_CONVERSATIONS = 200;
/** Conversations the Sessions page shows at most (across the workspace). */
const LISTED_SESSIONS = 500;

export interface WidgetLimits {
  /** messages per window to one agent, from all its visitors */
  perAgent: { store: MemoryStore; limit: number };
  /** messages per window from one visitor */
  perVisitor: { store: MemoryStore; limit: number };
}

/** The HTTP side of the runtime: the test chat, the widget, and what the Chats tab reads. */
export class RuntimeUseCases {
  constructor(
    private readonly deps: { agents: AgentStore; conversations: ConversationStore; runtime: ConversationRuntime; limits: WidgetLimits },
  ) {}

  testChat(region: Region, agent: AgentRecord, actor: string, body: ChatMessageRequest, onDelta?: (text: string) => void): Promise<RuntimeAnswer> {
    return this.deps.runtime.answer(region, agent, { channel: 'test', conversationId: body.conversationId, participantId: actor, messageId: body.messageId, text: body.text }, onDelta);
  }

  /** A visitor gets the answer, not the knowledge chunks behind it (those may quote private documents). */
  async widgetChat(region: Region, agent: AgentRecord, body: ChatMessageRequest & { visitorId: string }, onDelta?: (text: string) => void): Promise<RuntimeAnswer> {
    const { sources: _sources, ...answer } = await this.deps.runtime.answer(region, agent, { channel: 'web', conversationId: body.conversationId, participantId: body.visitorId, messageId: body.messageId, text: body.text }, onDelta);
    return answer;
  }

  async conversations(region: Region, agent: AgentRecord): Promise<ConversationSummary[]> {
    return (await this.deps.conversations.listForAgent(region, agent.ID, LISTED_CONVERSATIONS)).map(conversationSummary);
  }

  /** The Sessions page: the workspace's recorded conversations, newest first. */
  async workspaceSessions(region: Region, workspaceId: string): Promise<WorkspaceSessionView[]> {
    return (await this.deps.conversations.listForWorkspace(region, workspaceId, LISTED_SESSIONS)).map(sessionView);
  }

  async leads(region: Region, agent: AgentRecord): Promise<Lead[]> {
    const conversations = await this.deps.conversations.listForAgent(region, agent.ID, LISTED_CONVERSATIONS);
    return conversations.flatMap(leadsOf).sort((a, b) => b.ts - a.ts);
  }

  /** The agent a page embeds, in the request's region or the other one (the page may not know it). */
  async publicAgent(region: Region, agentId: string): Promise<{ agent: AgentRecord; region: Region }> {
    for (const candidate of regionsFrom(region)) {
      const agent = await this.deps.agents.find(candidate, agentId);
      if (agent) return { agent, region: candidate };
    }
    throw notFound(AGENT_API_MESSAGES.notFound);
  }

  async widgetSettings(region: Region, agentId: string): Promise<WidgetSettings> {
    const { agent } = await this.publicAgent(region, agentId);
    const settings: Record<string, unknown> = {};
    for (const field of WIDGET_FIELDS) if (agent[field] !== undefined) settings[field] = agent[field];
    return { ...(settings as Omit<WidgetSettings, 'ID' | 'greetings'>), ID: agent.ID, greetings: greetingsOf(agent) };
  }

  /**
   * A visitor's own recorded conversation with the agent: both its id and the visitor's id must
   * match (each is a random id the visitor's browser holds); anything else is not found.
   */
  async widgetConversation(region: Region, agentId: string, conversationId: string, visitorId: string): Promise<{ id: string; messages: ConversationMessage[] }> {
    const { region: agentRegion } = await this.publicAgent(region, agentId);
    const record = await this.deps.conversations.find(agentRegion, conversationId);
    if (!record || record.agentId !== agentId || record.channel !== 'web' || record.participantId !== visitorId || !record.recorded) throw notFound(RUNTIME_MESSAGES.conversationNotFound);
    return { id: record._id, messages: (record.messages ?? []).map(({ role, content, ts }) => ({ role, content, ts })) };
  }

  /** The agent a visitor writes to, after the per-agent and per-visitor budgets (429 when spent). */
  async widgetAgent(region: Region, agentId: string, visitor: { visitorId: string }): Promise<{ agent: AgentRecord; region: Region }> {
    const { perAgent, perVisitor } = this.deps.limits;
    // Per client IP the gateway's own limit applies (visitors behind one office NAT share an IP).
    const keys: Array<[WidgetLimits[keyof WidgetLimits], string]> = [
      [perVisitor, `visitor:${agentId}:${visitor.visitorId}`],
      [perAgent, `agent:${agentId}`],
    ];
    for (const [budget, key] of keys) {
      const { totalHits } = await budget.store.increment(key);
      if (totalHits > budget.limit) throw new HttpError(429, RUNTIME_MESSAGES.tooManyMessages);
    }
    return this.publicAgent(region, agentId);
  }
}

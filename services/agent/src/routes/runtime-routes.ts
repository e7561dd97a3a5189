import type { Request, Response } from 'express';
import Joi from 'joi';
import { AGENT_API, CHAT_STREAM_EVENTS, chatMessageRequestSchema, documentId, routeOf, type ChatMessageRequest, type ResponseOf } from '@platform/contracts';
import { HttpError } from '@platform/kit';
import { grantedAgent } from '../usecases/access';
import type { RuntimeAnswer } from '../usecases/runtime';
import type { RuntimeUseCases } from '../usecases/runtime-chat';
import { agentParams, type AgentRouteSpec } from './params';

const wantsStream = (req: Request) => (req.headers.accept ?? '').includes('text/event-stream');

/**
 * Answers as JSON, or as server-sent events when the caller accepts text/event-stream: the
 * stream opens with the first piece of the answer (so a refusal before it is a plain JSON
 * error with its status), then `delta` events, then `done` or `error`.
 */
async function answerTo(req: Request, res: Response, answer: (onDelta?: (text: string) => void) => Promise<RuntimeAnswer>): Promise<void> {
  if (!wantsStream(req)) {
    const { duplicate: _duplicate, ...data } = await answer();
    res.json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.sendTestMessage>);
    return;
  }
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const open = () => {
    if (res.headersSent) return;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
    res.flushHeaders();
  };
  try {
    const { duplicate: _duplicate, ...data } = await answer((text) => {
      open();
      send(CHAT_STREAM_EVENTS.delta, { text });
    });
    open();
    send(CHAT_STREAM_EVENTS.done, data);
    res.end();
  } catch (err) {
    if (!res.headersSent) throw err;
    send(CHAT_STREAM_EVENTS.error, { message: err instanceof HttpError ? err.message : 'The answer failed.' });
    res.end();
  }
}

/** The runtime's routes: the test chat and the Chats tab (members), the embedded widget (public). */
export function runtimeRoutes(runtime: RuntimeUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.sendTestMessage),
      summary: "The test chat: the agent answers a member's message (JSON, or SSE with Accept: text/event-stream); recorded with channel 'test'",
      access: 'agent',
      schemas: { params: agentParams, body: chatMessageRequestSchema },
      agent: (req) => ({ agentId: req.params.agentId! }),
      success: { status: 200, description: 'ChatAnswerResponse {success, data: {conversationId, messageId, text, refused?, sandbox?}}, or text/event-stream' },
      failures: [400, 401, 403, 404, 502, 503],
      handler: async (req, res, grant) => {
        const agent = grantedAgent(grant);
        await answerTo(req, res, (onDelta) => runtime.testChat(req.region, agent, grant.actor, req.body as ChatMessageRequest, onDelta));
      },
    },
    {
      ...routeOf(AGENT_API.listConversations),
      summary: "The Chats tab: the agent's recorded conversations, newest first, with their messages, channel, time and leads",
      access: 'agent',
      schemas: { params: agentParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      // the client dashboard's Chats and Leads pages (its organisation's agents)
      clients: true,
      success: { status: 200, description: 'ConversationListResponse {success, data: ConversationSummary[]}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        res.json({ success: true, data: await runtime.conversations(req.region, grantedAgent(grant)) } satisfies ResponseOf<typeof AGENT_API.listConversations>);
      },
    },
    {
      ...routeOf(AGENT_API.listWorkspaceSessions),
      summary: "The Sessions page: the recorded conversations of every agent of the workspace, newest first, without their messages (members)",
      access: 'member',
      schemas: { params: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.params.workspaceId! }),
      success: { status: 200, description: 'WorkspaceSessionsResponse {success, data: WorkspaceSessionView[]}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, data: await runtime.workspaceSessions(req.region, grant.workspaceId) } satisfies ResponseOf<typeof AGENT_API.listWorkspaceSessions>);
      },
    },
    {
      ...routeOf(AGENT_API.listLeads),
      summary: 'Leads: the e-mails and phone numbers people left in conversations, newest first',
      access: 'agent',
      schemas: { params: agentParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      // the client dashboard's Chats and Leads pages (its organisation's agents)
      clients: true,
      success: { status: 200, description: 'LeadListResponse {success, data: Lead[]}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        res.json({ success: true, data: await runtime.leads(req.region, grantedAgent(grant)) } satisfies ResponseOf<typeof AGENT_API.listLeads>);
      },
    },
    {
      ...routeOf(AGENT_API.getWidgetSettings),
      summary: "Public: the agent's widget look and greetings (no secret, no prompt), for the embed script",
      access: 'public',
      schemas: { params: agentParams },
      success: { status: 200, description: 'WidgetSettingsResponse {success, data: WidgetSettings}' },
      failures: [400, 404],
      handler: async (req, res) => {
        res.json({ success: true, data: await runtime.widgetSettings(req.region, req.params.agentId!) } satisfies ResponseOf<typeof AGENT_API.getWidgetSettings>);
      },
    },
    {
      ...routeOf(AGENT_API.getWidgetConversation),
      summary: "Public: the visitor's own conversation (conversation and visitor ids both match), so the widget shows it on the next page",
      access: 'public',
      schemas: { params: agentParams.keys({ conversationId: documentId().required() }), query: Joi.object({ visitorId: documentId().required() }) },
      success: { status: 200, description: 'WidgetConversationResponse {success, data: {id, messages}}' },
      failures: [400, 404],
      handler: async (req, res) => {
        const data = await runtime.widgetConversation(req.region, req.params.agentId!, req.params.conversationId!, String(req.query.visitorId));
        res.json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.getWidgetConversation>);
      },
    },
    {
      ...routeOf(AGENT_API.sendWidgetMessage),
      summary: "Public: a visitor's message to the agent's widget (JSON, or SSE with Accept: text/event-stream); rate limited per agent and per visitor",
      access: 'public',
      schemas: { params: agentParams, body: (chatMessageRequestSchema as Joi.ObjectSchema).keys({ visitorId: chatMessageRequestSchema.extract('visitorId').required() }) },
      success: { status: 200, description: 'ChatAnswerResponse, or text/event-stream' },
      failures: [400, 404, 429, 502, 503],
      handler: async (req, res) => {
        const body = req.body as ChatMessageRequest & { visitorId: string };
        const { agent, region } = await runtime.widgetAgent(req.region, req.params.agentId!, { visitorId: body.visitorId });
        await answerTo(req, res, (onDelta) => runtime.widgetChat(region, agent, body, onDelta));
      },
    },
  ];
}

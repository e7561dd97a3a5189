import Joi from 'joi';
import { AGENT_API, createKnowledgeSourceSchema, documentId, knowledgeSearchSchema, routeOf, updateKnowledgeSourceSchema, type CreateKnowledgeSourceRequest, type ResponseOf } from '@platform/contracts';
import { agentParams, type AgentRouteSpec } from '../../routes/params';
import { grantedAgent } from '../../usecases/access';
import type { KnowledgeRetrieval } from '../usecases/retrieval';
import type { KnowledgeSourceUseCases } from '../usecases/sources';

/** The Knowledge tab's routes open to agency clients whose access names /kb (ADR 0036); the Crawler page stays the workspace's. */
const KNOWLEDGE_PAGE = { page: 'kb' } as const;

const sourceParams = agentParams.keys({ sourceId: documentId().required() });

export function knowledgeRoutes(sources: KnowledgeSourceUseCases, retrieval: KnowledgeRetrieval): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.listKnowledgeSources),
      summary: "The Knowledge tab: the agent's sources, newest first, with status (and the reason of an ERROR), counts and refresh rate",
      access: 'agent',
      schemas: { params: agentParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      clients: KNOWLEDGE_PAGE,
      success: { status: 200, description: 'KnowledgeSourcesResponse {success, data: KnowledgeSourceView[]}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, data: await sources.list(req.region, req.params.agentId!) } satisfies ResponseOf<typeof AGENT_API.listKnowledgeSources>);
      },
    },
    {
      ...routeOf(AGENT_API.listWorkspaceKnowledgeSources),
      summary: "The Crawler page: the knowledge sources of every agent of the workspace, newest first (members)",
      access: 'member',
      schemas: { params: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.params.workspaceId! }),
      success: { status: 200, description: 'KnowledgeSourcesResponse {success, data: KnowledgeSourceView[] (each with its agentId)}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, data: await sources.listForWorkspace(req.region, grant.workspaceId) } satisfies ResponseOf<typeof AGENT_API.listWorkspaceKnowledgeSources>);
      },
    },
    {
      ...routeOf(AGENT_API.createKnowledgeSource),
      summary: 'Adds a website (crawled within its site) or an uploaded file as a knowledge source: INITIALIZED, then read off the request path (PENDING → SUCCESS or ERROR)',
      access: 'agent',
      schemas: { params: agentParams, body: createKnowledgeSourceSchema },
      agent: (req) => ({ agentId: req.params.agentId! }),
      clients: KNOWLEDGE_PAGE,
      success: { status: 201, description: 'KnowledgeSourceResponse {success, data: KnowledgeSourceView}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        const data = await sources.create(req.region, grantedAgent(grant), req.body as CreateKnowledgeSourceRequest);
        res.status(201).json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.createKnowledgeSource>);
      },
    },
    {
      ...routeOf(AGENT_API.searchKnowledge),
      summary: "Which chunks a question retrieves (vg_kbTopChunks by similarity, vg_kb_llm's search method), as the runtime would use them",
      access: 'agent',
      schemas: { params: agentParams, body: knowledgeSearchSchema },
      agent: (req) => ({ agentId: req.params.agentId! }),
      clients: KNOWLEDGE_PAGE,
      success: { status: 200, description: 'KnowledgeSearchResponse {success, data: {query, searchQuery, chunks}}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        const query = (req.body as { query: string }).query;
        const found = await retrieval.search(req.region, grantedAgent(grant), query);
        res.json({ success: true, data: { query, ...found } } satisfies ResponseOf<typeof AGENT_API.searchKnowledge>);
      },
    },
    {
      ...routeOf(AGENT_API.updateKnowledgeSource),
      summary: "Sets a source's refresh rate (1h, 6h, 12h, 24h, 7d or never; counted from now) or its tags",
      access: 'agent',
      schemas: { params: sourceParams, body: updateKnowledgeSourceSchema },
      agent: (req) => ({ agentId: req.params.agentId! }),
      clients: KNOWLEDGE_PAGE,
      success: { status: 200, description: 'KnowledgeSourceResponse {success, data: KnowledgeSourceView}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        const data = await sources.update(req.region, req.params.agentId!, req.params.sourceId!, req.body);
        res.json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.updateKnowledgeSource>);
      },
    },
    {
      ...routeOf(AGENT_API.deleteKnowledgeSource),
      summary: 'Deletes a source and its chunks; the agent stops answering from it at once',
      access: 'agent',
      schemas: { params: sourceParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      clients: KNOWLEDGE_PAGE,
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        await sources.delete(req.region, req.params.agentId!, req.params.sourceId!);
        res.json({ success: true });
      },
    },
  ];
}


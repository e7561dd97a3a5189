import Joi from 'joi';
import { agentListQuerySchema, type AgentListResponse, type AgentResponse, type AgentVersionsResponse, type SaveAgentResponse } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { AgentUseCases } from '../usecases/agents';
import type { VersionUseCases } from '../usecases/versions';
import { agentParams, versionParams } from './params';

/** The body is checked in the use case: which schema applies depends on whether the agent exists. */
const anyAgentBody = Joi.object().unknown(true).required();

export function agentRoutes(agents: AgentUseCases, versions: VersionUseCases): RouteSpec[] {
  return [
    {
      operationId: 'listAgents',
      method: 'get',
      path: '/v2/agents',
      summary: "The workspace's agents, lastModified descending (?workspaceId= for signed-in users; implicit for a workspace secret)",
      access: 'member',
      schemas: { query: agentListQuerySchema },
      success: { status: 200, description: '{success, agents: [{ID, title, description, roundedImageURL, lastModified, agentPlatform, enableNodes}]}' },
      failures: [400, 401, 403, 503],
      handler: async (req, res) => {
        const { workspaceId } = req.query as { workspaceId?: string };
        res.json({ success: true, agents: await agents.list(req.identity, req.region, workspaceId) } satisfies AgentListResponse);
      },
    },
    {
      operationId: 'getAgent',
      method: 'get',
      path: '/v2/agents/:agentId',
      summary: 'The agent; a 404 carries `region` when the agent is in the other region',
      access: 'agent',
      schemas: { params: agentParams },
      success: { status: 200, description: '{success, agent}' },
      failures: [400, 401, 403, 404, 503],
      handler: async (req, res) => {
        res.json({ success: true, agent: await agents.get(req.identity, req.region, req.params.agentId!) } satisfies AgentResponse);
      },
    },
    {
      operationId: 'saveAgent',
      method: 'post',
      path: '/v2/agents/:agentId',
      summary:
        'Creates the agent when absent (the New Agent draft, ownerID = workspace) or replaces it (whole agent plus lastModified); a body of channel fields only is merged',
      access: 'agent',
      schemas: { params: agentParams, body: anyAgentBody },
      success: { status: 200, description: '{success, agent, created, versionId}' },
      failures: [400, 401, 403, 404, 409, 503],
      handler: async (req, res) => {
        res.json({ success: true, ...(await agents.save(req.identity, req.region, req.params.agentId!, req.body)) } satisfies SaveAgentResponse);
      },
    },
    {
      operationId: 'listAgentVersions',
      method: 'get',
      path: '/v2/agents/:agentId/versions',
      summary: 'The kept versions, newest first (at most 20)',
      access: 'agent',
      schemas: { params: agentParams },
      success: { status: 200, description: '{success, versions: [{versionId, version, savedAt, savedBy, source, title, backup?, agent}]}' },
      failures: [400, 401, 403, 404, 503],
      handler: async (req, res) => {
        res.json({ success: true, versions: await versions.list(req.identity, req.region, req.params.agentId!) } satisfies AgentVersionsResponse);
      },
    },
    {
      operationId: 'restoreAgentVersion',
      method: 'post',
      path: '/v2/agents/:agentId/versions/:versionId/restore',
      summary: 'Saves a kept version again as the agent (a new version)',
      access: 'agent',
      schemas: { params: versionParams },
      success: { status: 200, description: '{success, agent, versionId}' },
      failures: [400, 401, 403, 404, 409, 503],
      handler: async (req, res) => {
        res.json({ success: true, ...(await versions.restore(req.identity, req.region, req.params.agentId!, req.params.versionId!)) });
      },
    },
  ];
}

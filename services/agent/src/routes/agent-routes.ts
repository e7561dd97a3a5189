import Joi from 'joi';
import { AGENT_PAGE_LABELS, CLIENTS_API, MESSAGES, agentListQuerySchema, AGENT_API, documentId, routeOf, type GetAgentQuery, type ResponseOf } from '@platform/contracts';
import { isChannelSave } from '../domain/agent-input';
import { grantedAgent } from '../usecases/access';
import type { AgentUseCases } from '../usecases/agents';
import type { VersionUseCases } from '../usecases/versions';
import { agentParams, versionParams, type AgentRouteSpec } from './params';

/** The body is checked in the use case: which schema applies depends on whether the agent exists. */
const anyAgentBody = Joi.object().unknown(true).required();
const getAgentQuerySchema = Joi.object<GetAgentQuery>({ page: Joi.string().valid(...Object.keys(AGENT_PAGE_LABELS)) });

export function agentRoutes(agents: AgentUseCases, versions: VersionUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.listAgents),
      summary: "The workspace's agents, lastModified descending (?workspaceId= for signed-in users; implicit for a workspace secret)",
      access: 'member',
      schemas: { query: agentListQuerySchema },
      workspace: (req) => ({ workspaceId: (req.query as { workspaceId?: string }).workspaceId }),
      success: { status: 200, description: '{success, agents: [{ID, title, description, roundedImageURL, lastModified, agentPlatform, enableNodes}]}' },
      failures: [400, 401, 403, 503],
      handler: async (req, res, workspace) => {
        res.json({ success: true, agents: await agents.list(req.region, workspace) } satisfies ResponseOf<typeof AGENT_API.listAgents>);
      },
    },
    {
      ...routeOf(AGENT_API.listWorkspacePrompts),
      summary: "The Prompts page: the system prompt of every agent of the workspace, newest agent first (members)",
      access: 'member',
      schemas: { params: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.params.workspaceId! }),
      success: { status: 200, description: 'WorkspacePromptsResponse {success, data: [{agentId, title?, prompt}]}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, data: await agents.workspacePrompts(req.region, grant.workspaceId) } satisfies ResponseOf<typeof AGENT_API.listWorkspacePrompts>);
      },
    },
    {
      ...routeOf(CLIENTS_API.listClientAgents),
      summary: "The signed-in agency client's agents: its organisation's widgetIDs in the agency's workspace, lastModified descending",
      access: 'client',
      success: { status: 200, description: '{success, agents}' },
      failures: [401, 403, 503],
      handler: async (req, res, caller) => {
        res.json({ success: true, agents: await agents.listForClient(caller) } satisfies ResponseOf<typeof CLIENTS_API.listClientAgents>);
      },
    },
    {
      ...routeOf(AGENT_API.getAgent),
      summary: 'The agent; a 404 carries `region` when the agent is in the other region',
      access: 'agent',
      schemas: { params: agentParams, query: getAgentQuerySchema },
      // ?page= lets another service ask on a client's behalf whether its access names that page (ADR 0037)
      agent: (req) => ({ agentId: req.params.agentId!, lookElsewhere: true, page: (req.query as GetAgentQuery).page }),
      clients: true,
      success: { status: 200, description: '{success, agent}' },
      failures: [400, 401, 403, 404, 503],
      handler: async (_req, res, grant) => {
        res.json({ success: true, agent: agents.get(grant) } satisfies ResponseOf<typeof AGENT_API.getAgent>);
      },
    },
    {
      ...routeOf(AGENT_API.saveAgent),
      summary:
        'Creates the agent when absent (the New Agent draft, ownerID = workspace) or replaces it (whole agent plus lastModified); a body of channel fields only is merged',
      access: 'agent',
      refusal: { signIn: MESSAGES.agent.loginRequired },
      schemas: { params: agentParams, body: anyAgentBody },
      // A missing agent is created in the body's ownerID workspace; a channel save never creates one.
      agent: (req) => ({
        agentId: req.params.agentId!,
        write: true,
        guardedWrite: true,
        save: { body: req.body, merge: isChannelSave(req.body) },
        ...(isChannelSave(req.body) ? {} : { createIn: { workspaceId: typeof req.body.ownerID === 'string' ? req.body.ownerID : undefined } }),
      }),
      // clients with allowCreateAgents create agents that join their organisation (ADR 0019); with an editor page they edit them (ADR 0031)
      clients: true,
      success: { status: 200, description: '{success, agent, created, versionId}' },
      failures: [400, 401, 403, 404, 409, 503],
      handler: async (req, res, grant) => {
        res.json({ success: true, ...(await agents.save(req.identity, req.region, req.params.agentId!, req.body, grant)) } satisfies ResponseOf<typeof AGENT_API.saveAgent>);
      },
    },
    {
      ...routeOf(AGENT_API.listAgentVersions),
      summary: 'The kept versions, newest first (at most 20)',
      access: 'agent',
      schemas: { params: agentParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      success: { status: 200, description: '{success, versions: [{versionId, version, savedAt, savedBy, source, title, backup?, agent}]}' },
      failures: [400, 401, 403, 404, 503],
      handler: async (req, res, grant) => {
        res.json({ success: true, versions: await versions.list(req.region, grantedAgent(grant)) } satisfies ResponseOf<typeof AGENT_API.listAgentVersions>);
      },
    },
    {
      ...routeOf(AGENT_API.restoreAgentVersion),
      summary: 'Saves a kept version again as the agent (a new version)',
      access: 'agent',
      schemas: { params: versionParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      success: { status: 200, description: '{success, agent, versionId}' },
      failures: [400, 401, 403, 404, 409, 503],
      handler: async (req, res, grant) => {
        res.json({ success: true, ...(await versions.restore(req.region, grantedAgent(grant), grant.actor, req.params.versionId!)) } satisfies ResponseOf<typeof AGENT_API.restoreAgentVersion>);
      },
    },
  ];
}

import Joi from 'joi';
import {
  AGENT_API_MESSAGES,
  MESSAGES,
  convertAgentTemplateToAgentRequestSchema,
  exportAgentRequestSchema,
  saveAgentBackupRequestSchema,
  AGENT_API,
  routeOf,
  type ResponseOf,
} from '@platform/contracts';
import { grantedAgent } from '../usecases/access';
import type { AgentUseCases } from '../usecases/agents';
import type { TemplateUseCases } from '../usecases/templates';
import type { VersionUseCases } from '../usecases/versions';
import type { AgentRouteSpec } from './params';

export function procedureRoutes(templates: TemplateUseCases, versions: VersionUseCases, agents: AgentUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.listTemplates),
      summary: "The New Agent drawer's templates and its tabs (All Templates, Customer Support, Utility, Entertainment)",
      access: 'public',
      success: { status: 200, description: '{success, templates: [{key, name, description, icon, template}], tabs: [{label, keys}]}' },
      handler: async (_req, res) => {
        res.json({ success: true, ...templates.templates() } satisfies ResponseOf<typeof AGENT_API.listTemplates>);
      },
    },
    {
      ...routeOf(AGENT_API.convertAgentTemplateToAgent),
      summary: 'Creates an agent from a template or an exported file (workspaceId required for signed-in users)',
      access: 'member',
      refusal: { signIn: MESSAGES.agent.loginRequired },
      schemas: { body: convertAgentTemplateToAgentRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspaceId }),
      success: { status: 200, description: '{success, agentCreated}' },
      failures: [400, 401, 403, 503],
      handler: async (req, res, workspace) => {
        res.json({ success: true, agentCreated: await templates.convert(req.region, req.body, workspace) } satisfies ResponseOf<typeof AGENT_API.convertAgentTemplateToAgent>);
      },
    },
    {
      ...routeOf(AGENT_API.exportAgentToJson),
      summary: 'The agent as a template, without ids, owner, secrets or times (downloaded as {name}.json)',
      access: 'agent',
      schemas: { body: exportAgentRequestSchema },
      agent: (req) => ({ agentId: req.body.agentId }),
      success: { status: 200, description: '{success, agentTemplate: {key, name, description, template}}' },
      failures: [400, 401, 403, 404, 503],
      handler: async (_req, res, grant) => {
        res.json({ success: true, agentTemplate: templates.exportAgent(grantedAgent(grant)) } satisfies ResponseOf<typeof AGENT_API.exportAgentToJson>);
      },
    },
    {
      ...routeOf(AGENT_API.saveAgentBackup),
      summary: "After a publish: marks the agent's current version as a backup with the workspace id and the user's e-mail",
      access: 'agent',
      schemas: { body: saveAgentBackupRequestSchema },
      agent: (req) => ({ agentId: req.body.agentId }),
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404, 503],
      handler: async (req, res, grant) => {
        await versions.backup(req.region, grantedAgent(grant), grant.actor, req.body);
        res.json({ success: true } satisfies ResponseOf<typeof AGENT_API.saveAgentBackup>);
      },
    },
    {
      ...routeOf(AGENT_API.verifyCredential),
      summary: 'Gateway only: which agent a vg_ secret key belongs to, in the request region',
      access: 'gateway',
      refusal: { forbidden: AGENT_API_MESSAGES.gatewayOnly },
      schemas: { body: Joi.object({ credential: Joi.string().max(256).required() }) },
      success: { status: 200, description: "{success, identity: {kind:'agent', agentId, region}}" },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, identity: await agents.verifyCredential(req.region, req.body.credential) } satisfies ResponseOf<typeof AGENT_API.verifyCredential>);
      },
    },
  ];
}

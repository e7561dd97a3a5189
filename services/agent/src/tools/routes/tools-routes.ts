import Joi from 'joi';
import { AGENT_API, documentId, routeOf, voiceToolTestRequestSchema, type ResponseOf, type VoiceToolTestRequest } from '@platform/contracts';
import { agentParams, type AgentRouteSpec } from '../../routes/params';
import type { AgentStore } from '../../store/agents';
import { workspaceFunctions } from '../domain/workspace-functions';
import type { ToolTestUseCases } from '../usecases/tool-test';

export function toolsRoutes(tools: ToolTestUseCases, agents: AgentStore): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.listWorkspaceFunctions),
      summary: "The Functions page: the voice tools of every agent of the workspace (name, agent, the host it calls; never its secret) (members)",
      access: 'member',
      schemas: { params: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.params.workspaceId! }),
      success: { status: 200, description: 'WorkspaceFunctionsResponse {success, data: WorkspaceFunctionView[]}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        const data = workspaceFunctions(await agents.toolsForWorkspace(req.region, grant.workspaceId));
        res.json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.listWorkspaceFunctions>);
      },
    },
    {
      ...routeOf(AGENT_API.testVoiceTool),
      summary: "Tests a voice tool: its fields' name/value map in a tool-calls message, POSTed (SSRF-safe) to its serverUrl with its secret; answers the status, body and time",
      access: 'agent',
      schemas: { params: agentParams, body: voiceToolTestRequestSchema },
      agent: (req) => ({ agentId: req.params.agentId! }),
      // the Tools tab of the client dashboard (ADR 0036); its tools are the agent's own fields, so the workspace's Functions list stays members'
      clients: { page: 'tools' },
      success: { status: 200, description: 'VoiceToolTestResponse {success, data: {status, durationMs, body, arguments}}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        const data = await tools.test((req.body as VoiceToolTestRequest).tool);
        res.json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.testVoiceTool>);
      },
    },
  ];
}

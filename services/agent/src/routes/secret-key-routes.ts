import Joi from 'joi';
import { AGENT_API, routeOf, type ResponseOf } from '@platform/contracts';
import { grantedAgent } from '../usecases/access';
import type { SecretKeyUseCases } from '../usecases/secret-key';
import { agentParams, type AgentRouteSpec } from './params';

/** Rotating the agent secret key (the gateway drops its cached verdict on the old key at once). */
export function secretKeyRoutes(secretKeys: SecretKeyUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.rotateAgentSecretKey),
      summary: "Regenerates the agent's SECRET_API_KEY (members or the workspace secret); the old key stops working at once",
      access: 'agent',
      schemas: { params: agentParams, body: Joi.object({}) },
      agent: (req) => ({ agentId: req.params.agentId! }),
      success: { status: 200, description: 'RotateAgentSecretKeyResponse {success, data: {SECRET_API_KEY}}' },
      failures: [400, 401, 403, 404, 409],
      handler: async (req, res, grant) => {
        const data = await secretKeys.rotate(req.identity, req.region, grantedAgent(grant));
        res.json({ success: true, data } satisfies ResponseOf<typeof AGENT_API.rotateAgentSecretKey>);
      },
    },
  ];
}

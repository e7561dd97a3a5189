import Joi from 'joi';
import { CREDENTIAL_ROUTES, type RotateAgentSecretKeyResponse } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { SecretKeyUseCases } from '../usecases/secret-key';
import { agentParams } from './params';

/** Rotating the agent secret key (the gateway drops its cached verdict on the old key at once). */
export function secretKeyRoutes(secretKeys: SecretKeyUseCases): RouteSpec[] {
  return [
    {
      operationId: 'rotateAgentSecretKey',
      method: 'post',
      path: CREDENTIAL_ROUTES.rotateAgentSecretKey,
      summary: "Regenerates the agent's SECRET_API_KEY (members or the workspace secret); the old key stops working at once",
      access: 'agent',
      schemas: { params: agentParams, body: Joi.object({}) },
      success: { status: 200, description: 'RotateAgentSecretKeyResponse {success, data: {SECRET_API_KEY}}' },
      failures: [400, 401, 403, 404, 409],
      handler: async (req, res) => {
        const data = await secretKeys.rotate(req.identity, req.region, req.params.agentId!);
        res.json({ success: true, data } satisfies RotateAgentSecretKeyResponse);
      },
    },
  ];
}

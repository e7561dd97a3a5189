import Joi from 'joi';
import { CREDENTIAL_ROUTES, documentId, type RotateWorkspaceSecretResponse } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { WorkspaceUseCases } from '../usecases/workspaces';

/** Rotating the workspace secret (the gateway drops its cached verdict on the old one at once). */
export function credentialRoutes(workspaces: WorkspaceUseCases): RouteSpec[] {
  return [
    {
      operationId: 'rotateWorkspaceSecret',
      method: 'post',
      path: CREDENTIAL_ROUTES.rotateWorkspaceSecret,
      summary: 'Regenerates the workspace secret (a signed-in member); the old secret stops working at once',
      access: 'member',
      schemas: { params: Joi.object({ uid: documentId().required() }), body: Joi.object({}) },
      success: { status: 200, description: 'RotateWorkspaceSecretResponse {success, data: {workspaceSecret}}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        const data = await workspaces.rotateSecret(req.identity, req.region, req.params.uid!);
        res.json({ success: true, data } satisfies RotateWorkspaceSecretResponse);
      },
    },
  ];
}

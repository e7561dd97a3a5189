import Joi from 'joi';
import { documentId, WORKSPACE_API, routeOf, type ResponseOf } from '@platform/contracts';
import type { WorkspaceRouteSpec } from '../usecases/access';
import type { WorkspaceUseCases } from '../usecases/workspaces';

/** Rotating the workspace secret (the gateway drops its cached verdict on the old one at once). */
export function credentialRoutes(workspaces: WorkspaceUseCases): WorkspaceRouteSpec[] {
  return [
    {
      ...routeOf(WORKSPACE_API.rotateWorkspaceSecret),
      summary: 'Regenerates the workspace secret (a signed-in member); the old secret stops working at once',
      access: 'member',
      schemas: { params: Joi.object({ uid: documentId().required() }), body: Joi.object({}) },
      workspace: (req) => ({ uid: req.params.uid!, action: 'write' }),
      success: { status: 200, description: 'RotateWorkspaceSecretResponse {success, data: {workspaceSecret}}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, workspace) => {
        const data = await workspaces.rotateSecret(req.region, workspace);
        res.json({ success: true, data } satisfies ResponseOf<typeof WORKSPACE_API.rotateWorkspaceSecret>);
      },
    },
  ];
}

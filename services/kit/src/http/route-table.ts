import { Router, type Request, type Response } from 'express';
import { validate, type RequestSchemas } from './validate';

/**
 * Who may call a route; documents it and picks its OpenAPI security schemes.
 * member: a signed-in member of the owning workspace or the workspace secret;
 * agent: a member, or the agent's own secret key.
 */
export type RouteAccess = 'public' | 'user' | 'member' | 'agent' | 'gateway';

/** One HTTP route: mounted on the router and described in /openapi.json from the same entry. */
export interface RouteSpec {
  operationId: string;
  method: 'get' | 'post' | 'delete';
  /** express syntax, e.g. /v2/workspaces/:uid */
  path: string;
  summary: string;
  access: RouteAccess;
  schemas?: RequestSchemas;
  /** status of a success and what it returns */
  success: { status: 200 | 201; description: string };
  /** failure statuses this route answers on purpose (every one is `{success:false, message}`) */
  failures?: number[];
  handler: (req: Request, res: Response) => Promise<void>;
}

/** Validates each request with its contract schemas, and lets async handlers fail into the error handler. */
export function mountRoutes(routes: readonly RouteSpec[]): Router {
  const router = Router();
  for (const route of routes) {
    router[route.method](route.path, validate(route.schemas ?? {}), (req, res, next) => {
      route.handler(req, res).catch(next);
    });
  }
  return router;
}

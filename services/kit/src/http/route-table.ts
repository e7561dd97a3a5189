import { Router, type NextFunction, type Request, type Response } from 'express';
import { CLIENTS_API_MESSAGES, type Region } from '@platform/contracts';
import { admitKinds, type IdentityOf, type RefusalMessages } from '../auth/caller';
import { gatewayContext } from '../auth/identity';
import { badRequest, unauthorized } from './errors';
import { openApiDocument, type OpenApiInfo } from './openapi';
import { applySchemas, type RequestSchemas } from './validate';

/**
 * Who may call a route. The kit enforces it before the handler runs:
 * - public: anyone;
 * - user: a signed-in person;
 * - member: a signed-in person or a workspace secret, allowed by the service's authoriser
 *   for the workspace the route names;
 * - agent: a member, or an agent's secret key, allowed by the service's authoriser for the
 *   agent the route names;
 * - client: a signed-in client of an agency (ADR 0019); it reaches no other level, except agent
 *   routes that opt in with `clients` (checked by the authoriser's `clientAgent`): `true` for
 *   any client of the agent's organisation, a page (e.g. `'kb'`) for clients whose access
 *   names that page of the client dashboard, `{ pages }` for those whose access names one of them (ADR 0036);
 * - userOrClient: a signed-in person, as `user`; or an agency client for the agent its request
 *   names, admitted by `clientAgent` under the route's `clients` rule (ADR 0040);
 * - gateway: the gateway or another platform service (gateway-signed identity `gateway`).
 */
export type RouteAccess = 'public' | 'user' | 'member' | 'agent' | 'client' | 'gateway' | 'userOrClient';

/** The identity kinds each access level lets through to its resource check. */
export const ACCESS_KINDS = {
  user: ['user'],
  member: ['user', 'workspace'],
  agent: ['user', 'workspace', 'agent'],
  client: ['client'],
  gateway: ['gateway'],
  /** clients pass through the route's `clients` rule, as on agent routes */
  userOrClient: ['user'],
} as const satisfies Record<Exclude<RouteAccess, 'public'>, readonly string[]>;

export type UserCaller = IdentityOf<'user'>;
export type MemberCaller = IdentityOf<(typeof ACCESS_KINDS.member)[number]>;
export type AgentCaller = IdentityOf<(typeof ACCESS_KINDS.agent)[number]>;
export type ClientCaller = IdentityOf<'client'>;

/**
 * A service's resource rules: what its member and agent routes name (`ref`, found in the
 * request by the route) and what the authoriser answers when it allows the call (`grant`,
 * handed to the handler). A service without such routes leaves them `never`.
 */
export interface AccessPolicy {
  member: { ref: unknown; grant: unknown };
  agent: { ref: unknown; grant: unknown };
}
/** The policy of a service without member or agent routes (its tables still join a richer one's). */
export interface NoResources extends AccessPolicy {
  member: { ref: never; grant: unknown };
  agent: { ref: never; grant: unknown };
}

type Check<Caller, Ref, Grant> = (caller: Caller, region: Region, ref: Ref) => Promise<Grant>;
/** Which clients an agent route admits: any client of the agent's organisation, or those whose access names this dashboard page (or one of these pages). */
export type ClientRouteRule = true | { page: string } | { pages: readonly string[] };
/** The dashboard pages of which a client's access must name one; undefined: any client of the organisation. */
export const clientRulePages = (rule: ClientRouteRule): readonly string[] | undefined => (rule === true ? undefined : 'page' in rule ? [rule.page] : rule.pages);
/**
 * The service's ownership checks, run by `mountRoutes` after the caller's kind was admitted
 * and the request validated. Allowed: the grant; refused: an HttpError (401, 403, 404).
 */
export type Authorizer<P extends AccessPolicy> = ([P['member']['ref']] extends [never]
  ? { member?: undefined }
  : { member: Check<MemberCaller, P['member']['ref'], P['member']['grant']> }) &
  ([P['agent']['ref']] extends [never]
    ? { agent?: undefined; clientAgent?: undefined }
    : {
        agent: Check<AgentCaller, P['agent']['ref'], P['agent']['grant']>;
        /** An agency client on an agent route that opted in (`clients`); without it, clients get 403 there. */
        clientAgent?: (caller: ClientCaller, region: Region, ref: P['agent']['ref'], rule: ClientRouteRule) => Promise<P['agent']['grant']>;
      });

type Handler<Grant> = (req: Request, res: Response, grant: Grant) => Promise<void>;

/** What a route says about itself (OpenAPI, route walks), whatever its service's policy. */
export interface RouteDescription {
  operationId: string;
  method: 'get' | 'post' | 'delete';
  /** express syntax, e.g. /v2/workspaces/:uid */
  path: string;
  summary: string;
  schemas?: RequestSchemas;
  /** status of a success and what it returns */
  success: { status: 200 | 201; description: string };
  /** failure statuses this route answers on purpose (every one is `{success:false, message}`) */
  failures?: number[];
  /** Texts of a refusal by kind (default: 'Please sign in to continue.' and a generic 403). */
  refusal?: RefusalMessages;
  access: RouteAccess;
}
type RouteBase = Omit<RouteDescription, 'access'>;

/** One HTTP route: mounted with its access rule and described in /openapi.json from the same entry. */
export type RouteSpec<P extends AccessPolicy = NoResources> =
  | (RouteBase & { access: 'public'; handler: Handler<void> })
  | (RouteBase & { access: 'gateway'; handler: Handler<void> })
  | (RouteBase & { access: 'user'; handler: Handler<UserCaller> })
  /**
   * A user route the client dashboard's pages use too (ADR 0040): it names nothing of a member's,
   * but a client names the agent whose page it works on (`agent`; undefined when the request
   * names none: 400) and passes only as `clientAgent` admits it there under `clients`.
   */
  | (RouteBase & { access: 'userOrClient'; clients: ClientRouteRule; agent: (req: Request) => P['agent']['ref'] | undefined; handler: Handler<UserCaller | P['agent']['grant']> })
  /** a signed-in agency client; the handler scopes everything to its organisation */
  | (RouteBase & { access: 'client'; handler: Handler<ClientCaller> })
  /** `workspace`: which workspace the (validated) request touches */
  | (RouteBase & { access: 'member'; workspace: (req: Request) => P['member']['ref']; handler: Handler<P['member']['grant']> })
  /** `agent`: which agent the (validated) request touches; `clients`: agency clients pass too, through `clientAgent` */
  | (RouteBase & { access: 'agent'; agent: (req: Request) => P['agent']['ref']; clients?: ClientRouteRule; handler: Handler<P['agent']['grant']> });

/**
 * Admits the caller's kind, validates the request (after the kind check, so a stranger learns
 * nothing about the input rules), runs the route's ownership check, then the handler with
 * what the check granted. The express router and a service's fast path (fast-path.ts) both run this.
 */
export async function runRoute<P extends AccessPolicy>(route: RouteSpec<P>, authorizer: Authorizer<P>, req: Request, res: Response): Promise<void> {
  // Mounted without gatewayContext, nothing but public routes may run.
  if (route.access !== 'public' && !req.identity) throw unauthorized('Request did not come through the gateway');
  const schemas = route.schemas ?? {};
  switch (route.access) {
    case 'public':
      return runPublicRoute(route, req, res);
    case 'gateway':
      admitKinds(req.identity, ACCESS_KINDS.gateway, route.refusal);
      applySchemas(req, schemas);
      return route.handler(req, res);
    case 'user': {
      const caller = admitKinds(req.identity, ACCESS_KINDS.user, route.refusal);
      applySchemas(req, schemas);
      return route.handler(req, res, caller);
    }
    case 'userOrClient': {
      if (req.identity.kind === 'client' && authorizer.clientAgent) {
        applySchemas(req, schemas);
        const ref = route.agent(req);
        if (ref === undefined) throw badRequest(CLIENTS_API_MESSAGES.clientAgentRequired);
        return route.handler(req, res, await authorizer.clientAgent(req.identity, req.region, ref, route.clients));
      }
      const caller = admitKinds(req.identity, ACCESS_KINDS.userOrClient, route.refusal);
      applySchemas(req, schemas);
      return route.handler(req, res, caller);
    }
    case 'member': {
      const caller = admitKinds(req.identity, ACCESS_KINDS.member, route.refusal);
      applySchemas(req, schemas);
      return route.handler(req, res, await authorizer.member!(caller, req.region, route.workspace(req)));
    }
    case 'client': {
      const caller = admitKinds(req.identity, ACCESS_KINDS.client, route.refusal);
      applySchemas(req, schemas);
      return route.handler(req, res, caller);
    }
    case 'agent': {
      if (req.identity.kind === 'client' && route.clients && authorizer.clientAgent) {
        applySchemas(req, schemas);
        return route.handler(req, res, await authorizer.clientAgent(req.identity, req.region, route.agent(req), route.clients));
      }
      const caller = admitKinds(req.identity, ACCESS_KINDS.agent, route.refusal);
      applySchemas(req, schemas);
      return route.handler(req, res, await authorizer.agent!(caller, req.region, route.agent(req)));
    }
  }
}

/** A public route of any service's table (what a service's fast path may answer). */
export type PublicRouteSpec = RouteBase & { access: 'public'; handler: Handler<void> };

/** A public route's run: its schemas, then its handler (the express path and the fast path alike). */
export function runPublicRoute(route: PublicRouteSpec, req: Request, res: Response): Promise<void> {
  applySchemas(req, route.schemas ?? {});
  return route.handler(req, res);
}

/**
 * Mounts each route behind its access rule: a route cannot run without it, and member and
 * agent routes cannot be mounted without the service's authoriser (the types require it).
 */
export function mountRoutes<P extends AccessPolicy = NoResources>(routes: readonly RouteSpec<P>[], authorizer: Authorizer<P>): Router {
  const router = Router();
  for (const route of routes) {
    router[route.method](route.path, (req: Request, res: Response, next: NextFunction) => {
      runRoute(route, authorizer, req, res).catch(next);
    });
  }
  return router;
}

/**
 * A service's routes as the gateway reaches them: `/openapi.json` generated from the table
 * (public), then the gateway's signed context (nothing else runs unsigned), then the table
 * behind its access rules.
 */
export function serviceRouter<P extends AccessPolicy = NoResources>(options: {
  routes: readonly RouteSpec<P>[];
  authorizer: Authorizer<P>;
  openApi: OpenApiInfo;
  signingSecret: string;
}): Router {
  const document = openApiDocument(options.routes, options.openApi);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use(gatewayContext(options.signingSecret));
  router.use(mountRoutes<P>(options.routes, options.authorizer));
  return router;
}

import express from 'express';
import Joi from 'joi';
import request from 'supertest';
import {
  admitKinds,
  HttpError,
  createApp,
  createLogger,
  forbidden,
  mountRoutes,
  openApiDocument,
  isWorkspaceSecretOf,
  principalOf,
  regionsFrom,
  type AccessPolicy,
  type Authorizer,
  type Identity,
  type RouteSpec,
} from '@platform/kit';

const logger = createLogger('test', 'silent');

/** Things belong to workspaces: thing "t-<uid>" is workspace <uid>'s. */
interface ThingPolicy extends AccessPolicy {
  member: { ref: string; grant: { workspaceId: string } };
  agent: { ref: string; grant: { thingId: string; by: string } };
}

const checked: string[] = [];
const authorizer: Authorizer<ThingPolicy> = {
  member: async (caller, _region, uid) => {
    checked.push(`member:${uid}`);
    if (caller.kind === 'workspace' ? caller.workspaceId !== uid : caller.userId !== uid) throw forbidden('Not your workspace');
    return { workspaceId: uid };
  },
  agent: async (caller, _region, thingId) => {
    checked.push(`agent:${thingId}`);
    const owner = thingId.slice(2);
    const principal = principalOf(caller)!;
    if (principal.id !== owner) throw forbidden('Not your thing');
    return { thingId, by: principal.kind };
  },
};

const routes: RouteSpec<ThingPolicy>[] = [
  {
    operationId: 'getThing',
    method: 'get',
    path: '/things/:id',
    summary: 'A thing',
    access: 'agent',
    schemas: { params: Joi.object({ id: Joi.string().max(8).required() }), query: Joi.object({ full: Joi.boolean() }) },
    agent: (req) => req.params.id!,
    success: { status: 200, description: '{success, thing}' },
    failures: [400, 401, 403, 404],
    handler: async (_req, res, grant) => {
      if (grant.thingId === 't-gone') throw new HttpError(404, 'Thing not found', { region: 'na' });
      res.json({ success: true, ...grant });
    },
  },
  {
    operationId: 'listThings',
    method: 'get',
    path: '/workspaces/:uid/things',
    summary: "A workspace's things",
    access: 'member',
    workspace: (req) => req.params.uid!,
    success: { status: 200, description: '{success, workspaceId}' },
    handler: async (_req, res, grant) => {
      res.json({ success: true, ...grant });
    },
  },
  {
    operationId: 'me',
    method: 'post',
    path: '/me',
    summary: 'The signed-in person',
    access: 'user',
    refusal: { signIn: 'Sign in first' },
    schemas: { body: Joi.object({ name: Joi.string().required() }) },
    success: { status: 200, description: '{success, userId}' },
    handler: async (_req, res, user) => {
      res.json({ success: true, userId: user.userId });
    },
  },
  {
    operationId: 'internal',
    method: 'post',
    path: '/internal/ping',
    summary: 'Platform services only',
    access: 'gateway',
    refusal: { forbidden: 'Only the gateway' },
    success: { status: 200, description: '{success}' },
    handler: async (_req, res) => {
      res.json({ success: true });
    },
  },
];

describe('route table: access enforced by mountRoutes', () => {
  const router = express.Router();
  let identity: Identity = { kind: 'anonymous' };
  router.use((req, _res, next) => {
    req.identity = identity;
    req.region = 'eu';
    next();
  });
  router.use(mountRoutes<ThingPolicy>(routes, authorizer));
  const app = createApp({ name: 'test', logger, routes: router });
  const as = (who: Identity) => {
    identity = who;
    return request(app);
  };
  const ann: Identity = { kind: 'user', userId: 'ann', email: 'ann@x.io' };
  const annsSecret: Identity = { kind: 'workspace', workspaceId: 'ann', region: 'eu' };
  beforeEach(() => {
    checked.length = 0;
  });

  it('runs the handler with what the ownership check granted', async () => {
    await as(ann).get('/things/t-ann').expect(200, { success: true, thingId: 't-ann', by: 'user' });
    await as({ kind: 'agent', agentId: 'ann', region: 'eu' }).get('/things/t-ann').expect(200, { success: true, thingId: 't-ann', by: 'agent' });
    await as(annsSecret).get('/workspaces/ann/things').expect(200, { success: true, workspaceId: 'ann' });
    await as(ann).post('/me').send({ name: 'A' }).expect(200, { success: true, userId: 'ann' });
    await as({ kind: 'gateway' }).post('/internal/ping').expect(200);
  });

  it('refuses callers without the identity the route declares, before validating or checking ownership', async () => {
    await as({ kind: 'anonymous' }).get('/things/far-too-long-an-id').expect(401, { success: false, message: 'Please sign in to continue.' });
    await as({ kind: 'gateway' }).get('/things/t-ann').expect(403);
    await as({ kind: 'agency', agencyId: 'ann' }).get('/things/t-ann').expect(403);
    // an agent key is no member
    await as({ kind: 'agent', agentId: 'ann', region: 'eu' }).get('/workspaces/ann/things').expect(403);
    await as({ kind: 'anonymous' }).post('/me').send({}).expect(401, { success: false, message: 'Sign in first' });
    await as(annsSecret).post('/me').send({ name: 'A' }).expect(403);
    await as({ kind: 'anonymous' }).post('/internal/ping').expect(403, { success: false, message: 'Only the gateway' });
    await as(ann).post('/internal/ping').expect(403, { success: false, message: 'Only the gateway' });
    expect(checked).toEqual([]);
  });

  it('validates the admitted request, then checks the resource it names', async () => {
    await as(ann).get('/things/far-too-long-an-id').expect(400);
    expect(checked).toEqual([]);
    await as(ann).get('/things/t-bob').expect(403, { success: false, message: 'Not your thing' });
    await as(ann).get('/workspaces/bob/things').expect(403, { success: false, message: 'Not your workspace' });
    expect(checked).toEqual(['agent:t-bob', 'member:bob']);
  });

  it('answers error details as extra fields', async () => {
    await as({ kind: 'user', userId: 'gone', email: 'g@x.io' }).get('/things/t-gone').expect(404, { success: false, message: 'Thing not found', region: 'na' });
  });

  it('refuses everything but public routes when mounted without the gateway context', async () => {
    const bare = createApp({ name: 'bare', logger, routes: mountRoutes<ThingPolicy>(routes, authorizer) });
    await request(bare).get('/things/t-ann').expect(401);
  });

  it('documents the routes with the security schemes they use', () => {
    const doc = openApiDocument(routes, { title: 'Things', description: 'Things service', tag: 'things' }) as any;
    const op = doc.paths['/things/{id}'].get;
    expect(op.tags).toEqual(['things']);
    expect(op.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:full']);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['agentSecretKey', 'bearerSession', 'gatewayIdentity', 'sessionCookie', 'workspaceSecret']);
  });
});

describe("userOrClient routes: a person, or a client for the agent its request names (ADR 0040)", () => {
  const clientChecks: string[] = [];
  const withClients: Authorizer<ThingPolicy> = {
    ...authorizer,
    clientAgent: async (caller, _region, thingId, rule) => {
      clientChecks.push(`${caller.clientId}:${thingId}:${JSON.stringify(rule)}`);
      if (thingId !== `t-${caller.orgId}`) throw forbidden('Not your organisation\'s thing');
      return { thingId, by: 'client' };
    },
  };
  const helper: RouteSpec<ThingPolicy> = {
    operationId: 'helper',
    method: 'post',
    path: '/helper',
    summary: 'A helper of a dashboard page',
    access: 'userOrClient',
    schemas: { body: Joi.object({ token: Joi.string().required(), thingId: Joi.string() }) },
    agent: (req) => req.body.thingId,
    clients: { page: 'things' },
    success: { status: 200, description: '{success, who}' },
    handler: async (_req, res, grant) => {
      res.json({ success: true, who: 'kind' in grant ? grant.kind : grant.by });
    },
  };
  const client = (orgId: string): Identity => ({ kind: 'client', clientId: `c-${orgId}`, orgId, agencyId: 'ag', workspaceId: 'ws', region: 'eu', email: 'c@x.io', sessionId: 's' });
  const appWith = (auth: Authorizer<ThingPolicy>) => {
    let identity: Identity = { kind: 'anonymous' };
    const router = express.Router();
    router.use((req, _res, next) => {
      req.identity = identity;
      req.region = 'eu';
      next();
    });
    router.use(mountRoutes<ThingPolicy>([helper], auth));
    const app = createApp({ name: 'test', logger, routes: router });
    return (who: Identity) => {
      identity = who;
      return request(app);
    };
  };

  it("admits a person as a user route does, whatever thing it names, and asks no client rule", async () => {
    const as = appWith(withClients);
    await as({ kind: 'user', userId: 'ann', email: 'a@x.io' }).post('/helper').send({ token: 'x' }).expect(200, { success: true, who: 'user' });
    await as({ kind: 'user', userId: 'ann', email: 'a@x.io' }).post('/helper').send({ token: 'x', thingId: 't-other' }).expect(200);
    await as({ kind: 'anonymous' }).post('/helper').send({ token: 'x' }).expect(401);
    await as({ kind: 'workspace', workspaceId: 'ann', region: 'eu' }).post('/helper').send({ token: 'x' }).expect(403);
    expect(clientChecks).toEqual([]);
  });

  it("admits a client only for the thing its request names, under the route's rule; naming none is a 400", async () => {
    const as = appWith(withClients);
    await as(client('o1')).post('/helper').send({ token: 'x', thingId: 't-o1' }).expect(200, { success: true, who: 'client' });
    await as(client('o1')).post('/helper').send({ token: 'x', thingId: 't-o2' }).expect(403, { success: false, message: "Not your organisation's thing" });
    await as(client('o1')).post('/helper').send({ token: 'x' }).expect(400, { success: false, message: 'Name the agent (agentId) this request is for.' });
    expect(clientChecks).toEqual(['c-o1:t-o1:{"page":"things"}', 'c-o1:t-o2:{"page":"things"}']);
    // a service without a client rule refuses clients as a user route does
    await appWith(authorizer)(client('o1')).post('/helper').send({ token: 'x', thingId: 't-o1' }).expect(403);
  });
});

describe('identity helpers', () => {
  it('regionsFrom, admitKinds and principalOf', () => {
    expect(regionsFrom('na')).toEqual(['na', 'eu']);
    expect(() => admitKinds({ kind: 'anonymous' }, ['user'])).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => admitKinds({ kind: 'gateway' }, ['user'])).toThrow(expect.objectContaining({ status: 403 }));
    expect(admitKinds({ kind: 'user', userId: 'u', email: 'e@x.io' }, ['user'])).toEqual({ kind: 'user', userId: 'u', email: 'e@x.io' });
    expect(principalOf({ kind: 'user', userId: 'u', email: 'e@x.io' })).toEqual({ kind: 'user', id: 'u' });
    expect(principalOf({ kind: 'workspace', workspaceId: 'w', region: 'eu' })).toEqual({ kind: 'workspace', id: 'w', region: 'eu' });
    expect(principalOf({ kind: 'agent', agentId: 'a', region: 'na' })).toEqual({ kind: 'agent', id: 'a', region: 'na' });
    expect(principalOf({ kind: 'agency', agencyId: 'g' })).toEqual({ kind: 'agency', id: 'g' });
    expect(principalOf({ kind: 'anonymous' })).toBeNull();
    expect(principalOf({ kind: 'gateway' })).toBeNull();
    // a workspace secret acts for its workspace in its own region only
    expect(isWorkspaceSecretOf({ kind: 'workspace', workspaceId: 'w', region: 'eu' }, 'w', 'eu')).toBe(true);
    expect(isWorkspaceSecretOf({ kind: 'workspace', workspaceId: 'w', region: 'na' }, 'w', 'eu')).toBe(false);
    expect(isWorkspaceSecretOf({ kind: 'workspace', workspaceId: 'v', region: 'eu' }, 'w', 'eu')).toBe(false);
    expect(isWorkspaceSecretOf({ kind: 'user', userId: 'w', email: 'e@x.io' }, 'w', 'eu')).toBe(false);
  });
});

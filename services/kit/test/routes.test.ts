import express from 'express';
import Joi from 'joi';
import request from 'supertest';
import { HttpError, createApp, createLogger, mountRoutes, openApiDocument, regionsFrom, requireUser, type RouteSpec } from '@platform/kit';

const logger = createLogger('test', 'silent');

const routes: RouteSpec[] = [
  {
    operationId: 'getThing',
    method: 'get',
    path: '/things/:id',
    summary: 'A thing',
    access: 'agent',
    schemas: { params: Joi.object({ id: Joi.string().max(5).required() }), query: Joi.object({ full: Joi.boolean() }) },
    success: { status: 200, description: '{success, thing}' },
    failures: [400, 404],
    handler: async (req, res) => {
      if (req.params.id === 'gone') throw new HttpError(404, 'Thing not found', { region: 'na' });
      res.json({ success: true, id: req.params.id });
    },
  },
];

describe('route table', () => {
  const router = express.Router();
  router.use((req, _res, next) => {
    req.identity = { kind: 'anonymous' };
    next();
  });
  router.use(mountRoutes(routes));
  const app = createApp({ name: 'test', logger, routes: router });

  it('validates, runs the handler and answers error details as extra fields', async () => {
    await request(app).get('/things/abc').expect(200, { success: true, id: 'abc' });
    await request(app).get('/things/toolong').expect(400);
    await request(app).get('/things/gone').expect(404, { success: false, message: 'Thing not found', region: 'na' });
  });

  it('documents the routes with the security schemes they use', () => {
    const doc = openApiDocument(routes, { title: 'Things', description: 'Things service', tag: 'things' }) as any;
    const op = doc.paths['/things/{id}'].get;
    expect(op.tags).toEqual(['things']);
    expect(op.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:full']);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['agentSecretKey', 'bearerSession', 'sessionCookie', 'workspaceSecret']);
  });

  it('helpers: regionsFrom and requireUser', () => {
    expect(regionsFrom('na')).toEqual(['na', 'eu']);
    expect(() => requireUser({ identity: { kind: 'anonymous' } })).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => requireUser({ identity: { kind: 'gateway' } })).toThrow(expect.objectContaining({ status: 403 }));
    expect(requireUser({ identity: { kind: 'user', userId: 'u', email: 'e@x.io' } })).toEqual({ kind: 'user', userId: 'u', email: 'e@x.io' });
  });
});

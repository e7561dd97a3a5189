import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { buildGateway, createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { closedPortUrl, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

describe('gateway edges', () => {
  let workspace: Upstream;
  let billing: Upstream;

  beforeAll(async () => {
    workspace = await startUpstream('workspace', {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'workspace', version: '1' },
        paths: {
          '/v2/workspaces/{uid}': { get: { operationId: 'getWorkspace', responses: { '200': { description: 'ok' } } } },
          '/internal/credentials/verify': { post: { responses: { '200': { description: 'ok' } } } },
        },
      },
    });
    billing = await startUpstream('billing', {
      openapi: { openapi: '3.1.0', info: { title: 'billing', version: '1' }, paths: { '/plans': { get: { responses: { '200': { description: 'ok' } } } } } },
    });
  });
  afterAll(async () => {
    await Promise.all([workspace.close(), billing.close()]);
  });

  describe('rate limits', () => {
    it('answers 429 with RateLimit headers once the per-IP budget is spent', async () => {
      const gateway = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, RATE_LIMIT_PER_IP: '3' })), silentLogger);
      const agent = request.agent(gateway);
      for (let i = 0; i < 3; i += 1) expect((await agent.get('/api/workspace/x')).status).toBe(200);
      const limited = await agent.get('/api/workspace/x');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ success: false, message: 'Too many requests, please try again later.' });
      expect(limited.headers['ratelimit']).toMatch(/"ip"; r=0/);
      expect(limited.headers['ratelimit-policy']).toMatch(/"ip"; q=3/);
      // The frontends and health checks are not rate limited.
      expect((await agent.get('/healthz')).status).toBe(200);
    });

    it('counts per credential separately from the IP', async () => {
      const gateway = createGateway(
        loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, RATE_LIMIT_PER_CREDENTIAL: '2' })),
        silentLogger,
      );
      const bearer = 'Bearer vg_0000000000aaaaaaaaaa';
      for (let i = 0; i < 2; i += 1) expect((await request(gateway).get('/api/workspace/x').set('authorization', bearer)).status).toBe(401);
      expect((await request(gateway).get('/api/workspace/x').set('authorization', bearer)).status).toBe(429);
      expect((await request(gateway).get('/api/workspace/x')).status).toBe(200);
    });
  });

  describe('CORS', () => {
    const gateway = () => createGateway(loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url })), silentLogger);

    it('allows the product origins with credentials', async () => {
      const res = await request(gateway()).get('/api/workspace/x').set('origin', 'http://localhost:8080');
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      const preflight = await request(gateway())
        .options('/api/workspace/x')
        .set('origin', 'http://127.0.0.1:8080')
        .set('access-control-request-method', 'POST');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    });

    it('gives other origins no CORS headers', async () => {
      const res = await request(gateway()).get('/api/workspace/x').set('origin', 'https://evil.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  describe('openapi and readiness', () => {
    it('merges the documents of the services that answer', async () => {
      const gateway = createGateway(
        loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, SERVICE_URL_BILLING: billing.url, SERVICE_URL_AGENT: await closedPortUrl() })),
        silentLogger,
      );
      const res = await request(gateway).get('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(Object.keys(res.body.paths).sort()).toEqual([
        '/api/billing/plans',
        '/api/openapi.json',
        '/api/workspace/v2/workspaces/{uid}',
        '/healthz',
        '/readyz',
      ]);
      expect(res.body.paths['/api/workspace/v2/workspaces/{uid}'].get.tags).toEqual(['workspace']);
    });

    it('reports which services are ready without failing its own readiness', async () => {
      const gateway = buildGateway(
        loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, SERVICE_URL_AGENT: await closedPortUrl() })),
        silentLogger,
      );
      expect((await request(gateway.app).get('/readyz')).status).toBe(200);
      const res = await request(gateway.admin).get('/readyz/services');
      expect(res.status).toBe(200);
      expect(res.body.services).toMatchObject({ workspace: 'ready', agent: 'unreachable', billing: 'not configured' });
    });

    it('keeps /metrics and /readyz/services off the public app (the internal port has them)', async () => {
      const gateway = buildGateway(loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url })), silentLogger);
      for (const path of ['/metrics', '/readyz/services']) {
        const res = await request(gateway.app).get(path).set('accept', 'text/html');
        expect(res.status).toBe(404);
      }
      const metrics = await request(gateway.admin).get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('http_request_duration_seconds');
    });
  });

  describe('frontend', () => {
    let dist: string;
    beforeAll(() => {
      dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
      writeFileSync(path.join(dist, 'assets', 'main.3f2a9c1d7e.js'), 'console.log(1)');
      writeFileSync(path.join(dist, 'remoteEntry.js'), 'var remote');
    });
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it('serves files, immutable when hashed, and index.html for client routes', async () => {
      const gateway = createGateway(loadConfig(gatewayEnv({ FRONTEND_DIST: dist })), silentLogger);
      const asset = await request(gateway).get('/assets/main.3f2a9c1d7e.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await request(gateway).get('/remoteEntry.js')).headers['cache-control']).toBe('no-cache');

      for (const route of ['/', '/app/eu/agents', '/login']) {
        const page = await request(gateway).get(route).set('accept', 'text/html');
        expect(page.status).toBe(200);
        expect(page.text).toContain('<title>shell</title>');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      expect((await request(gateway).get('/assets/missing.js').set('accept', 'text/html')).status).toBe(404);
      expect((await request(gateway).get('/app/eu/agents').set('accept', 'application/json')).status).toBe(404);
      const api = await request(gateway).get('/api/nope').set('accept', 'text/html');
      expect(api.status).toBe(404);
      expect(api.body.success).toBe(false);
    });

    it('says so when the frontend is not built', async () => {
      const gateway = createGateway(loadConfig(gatewayEnv({})), silentLogger);
      const res = await request(gateway).get('/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Frontend not built' });
      expect((await request(gateway).get('/app/eu/agents')).status).toBe(404);
    });
  });
});

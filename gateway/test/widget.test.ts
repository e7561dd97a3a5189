import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

const CUSTOMER_SITE = 'https://shop.customer.example';

describe('gateway: the embeddable widget', () => {
  let dist: string;
  let agent: Upstream;
  const script = '(function(){/* widget */})();';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    mkdirSync(path.join(dist, 'widget'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dist, 'widget', 'embed.js'), script);
    agent = await startUpstream('agent');
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await agent.close();
  });

  const gateway = () => createGateway(loadConfig(gatewayEnv({ FRONTEND_DIST: dist, SERVICE_URL_AGENT: agent.url, ALLOWED_ORIGINS: 'https://app.example' })), silentLogger);

  it('serves /widget/embed.js as a script any site may load, revalidated (its name never changes)', async () => {
    const res = await request(gateway()).get('/widget/embed.js').set('origin', CUSTOMER_SITE).expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(script);
  });

  it('answers CORS for the widget API from any origin, without credentials', async () => {
    const preflight = await request(gateway())
      .options('/api/eu/agent/widget/agents/AAAAAAAAAAAAAAAA/messages')
      .set('origin', CUSTOMER_SITE)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type, accept')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBe('GET,POST');

    const res = await request(gateway()).post('/api/eu/agent/widget/agents/AAAAAAAAAAAAAAAA/messages').set('origin', CUSTOMER_SITE).send({ text: 'hi' }).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toMatchObject({ service: 'agent', url: '/widget/agents/AAAAAAAAAAAAAAAA/messages', identity: { kind: 'anonymous' } });
  });

  it('gives other origins no CORS on the rest of the API', async () => {
    const preflight = await request(gateway()).options('/api/eu/agent/v2/agents/AAAAAAAAAAAAAAAA/chat').set('origin', CUSTOMER_SITE).set('access-control-request-method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const res = await request(gateway()).get('/api/eu/agent/v2/agents').set('origin', CUSTOMER_SITE);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // the product's own origin keeps its credentialed CORS, the widget API included
    const own = await request(gateway()).get('/api/eu/agent/widget/agents/AAAAAAAAAAAAAAAA').set('origin', 'https://app.example').expect(200);
    expect(own.headers['access-control-allow-origin']).toBe('https://app.example');
  });
});

import request from 'supertest';
import type { Express } from 'express';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { resolveApiRoute } from '../src/domain/routing';
import { API_PATH_ALIASES } from '../src/domain/services';
import { gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

describe('API path aliases (paths the spec names below /api)', () => {
  it('maps /ai-css-generator and /translate to the agent service, path kept whole', () => {
    expect(API_PATH_ALIASES).toMatchObject({ 'ai-css-generator': 'agent', translate: 'agent' });
    expect(resolveApiRoute('/ai-css-generator', undefined, 'eu')).toEqual({ ok: true, service: 'agent', region: 'eu', upstreamPath: '/ai-css-generator' });
    expect(resolveApiRoute('/translate?lang=de', undefined, 'eu')).toEqual({ ok: true, service: 'agent', region: 'eu', upstreamPath: '/translate?lang=de' });
  });

  it('takes the region from the path, then the header, like service routes', () => {
    expect(resolveApiRoute('/na/translate', 'eu', 'eu')).toMatchObject({ service: 'agent', region: 'na', upstreamPath: '/translate' });
    expect(resolveApiRoute('/translate', 'na', 'eu')).toMatchObject({ region: 'na' });
    expect(resolveApiRoute('/translate', 'mars', 'eu')).toEqual({ ok: false, status: 400, message: 'Unknown region' });
    expect(resolveApiRoute('/us/ai-css-generator', undefined, 'eu')).toEqual({ ok: false, status: 400, message: 'Unknown region' });
  });

  it('leaves service routes and unknown paths as they were', () => {
    expect(resolveApiRoute('/agent/translate', undefined, 'eu')).toMatchObject({ service: 'agent', upstreamPath: '/translate' });
    expect(resolveApiRoute('/workspace/translate', undefined, 'eu')).toMatchObject({ service: 'workspace', upstreamPath: '/translate' });
    expect(resolveApiRoute('/Translate', undefined, 'eu')).toMatchObject({ ok: false, status: 404 });
    expect(resolveApiRoute('/toString', undefined, 'eu')).toMatchObject({ ok: false, status: 404 });
    expect(resolveApiRoute('/translate/../workspace', undefined, 'eu')).toMatchObject({ ok: false, status: 400 });
  });

  describe('through the gateway', () => {
    let agent: Upstream;
    let gateway: Express;
    beforeAll(async () => {
      agent = await startUpstream('agent');
      gateway = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_AGENT: agent.url })), silentLogger);
    });
    afterAll(() => agent.close());

    it('POST /api/ai-css-generator reaches agent /ai-css-generator with the body', async () => {
      const body = { messages: [{ role: 'user', content: 'red header' }], currentCSS: '', agentID: 'a1' };
      const res = await request(gateway).post('/api/ai-css-generator').send(body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service: 'agent', method: 'POST', url: '/ai-css-generator', body, region: 'eu' });
      expect(res.body.identity).toEqual({ kind: 'anonymous' });
    });

    it('GET /api/translate reaches agent /translate', async () => {
      const res = await request(gateway).get('/api/translate');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service: 'agent', method: 'GET', url: '/translate' });
      expect((await request(gateway).get('/api/na/translate')).body).toMatchObject({ url: '/translate', region: 'na' });
    });
  });
});

import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { createHash } from 'node:crypto';
import { createLogger, verifyForwarded } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { SIGNING_SECRET, closedPortUrl, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

describe('gateway proxy', () => {
  let workspace: Upstream;
  let agent: Upstream;
  let gateway: Express;

  beforeAll(async () => {
    workspace = await startUpstream('workspace');
    agent = await startUpstream('agent');
    gateway = createGateway(
      loadConfig(
        gatewayEnv({
          SERVICE_URL_WORKSPACE: workspace.url,
          SERVICE_URL_AGENT: agent.url,
          SERVICE_URL_BILLING: await closedPortUrl(),
          PROXY_TIMEOUT_MS: '300',
        }),
      ),
      silentLogger,
    );
  });
  afterAll(async () => {
    await Promise.all([workspace.close(), agent.close()]);
  });

  it('routes /api/<service> to the service with the prefix stripped and the query kept', async () => {
    const res = await request(gateway).get('/api/workspace/v2/workspaces/u1?x=1&y=two');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'workspace', method: 'GET', url: '/v2/workspaces/u1?x=1&y=two' });
    expect(res.body.identity).toEqual({ kind: 'anonymous' });

    const other = await request(gateway).get('/api/agent');
    expect(other.body).toMatchObject({ service: 'agent', url: '/' });
  });

  it('streams JSON bodies through, signed with their digest', async () => {
    const body = { name: 'Ünïcode agent', nested: { list: [1, 2, 3] }, flag: true };
    const res = await request(gateway).post('/api/agent/v2/agents/a1').send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'POST', url: '/v2/agents/a1', body });
  });

  it('reads a small body with a declared length ahead: sent with its length, signed by its digest; others stream with a digest trailer', async () => {
    const seen: Array<{ headers: http.IncomingHttpHeaders; body: string; trailers: NodeJS.Dict<string> }> = [];
    const recording = await rawService((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ headers: req.headers, body, trailers: req.trailers });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    const server = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_BILLING: recording.url })), silentLogger).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/billing/hook`;
    const post = (chunks: string[], headers: http.OutgoingHttpHeaders) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    try {
      const small = '{"update_id":1,"message":{"text":"hi"}}';
      expect(await post([small], { 'content-length': Buffer.byteLength(small) })).toBe(200);
      expect(await post(['{"a":', '1}'], { 'transfer-encoding': 'chunked' })).toBe(200);
    } finally {
      server.close();
      await new Promise((resolve) => recording.server.close(resolve));
    }
    const [ahead, streamed] = seen;
    expect(ahead!.body).toBe('{"update_id":1,"message":{"text":"hi"}}');
    expect(ahead!.headers['content-length']).toBe(String(Buffer.byteLength(ahead!.body)));
    expect(ahead!.headers['transfer-encoding']).toBeUndefined();
    expect(ahead!.headers['x-platform-identity-body']).toBe(`sha256=${createHash('sha256').update(ahead!.body).digest('hex')}`);
    expect(verifyForwarded({ method: 'POST', path: '/hook', headers: ahead!.headers, bodySha256: createHash('sha256').update(ahead!.body).digest('hex') }, SIGNING_SECRET)).not.toBeNull();
    expect(streamed!.body).toBe('{"a":1}');
    expect(streamed!.headers['transfer-encoding']).toBe('chunked');
    expect(streamed!.headers['x-platform-identity-body']).toBe('trailer');
    expect(streamed!.trailers['x-platform-identity-body-sig']).toBeTruthy();
  });

  it('forwards non-JSON bodies as a stream', async () => {
    const res = await request(gateway).put('/api/workspace/raw').set('content-type', 'text/plain').send('just text');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'PUT', body: 'just text' });
  });

  it('takes the region from the path, then the x-region header, then the default', async () => {
    expect((await request(gateway).get('/api/na/workspace/x')).body).toMatchObject({ region: 'na', url: '/x' });
    expect((await request(gateway).get('/api/eu/workspace/x').set('x-region', 'na')).body.region).toBe('eu');
    expect((await request(gateway).get('/api/workspace/x').set('x-region', 'na')).body.region).toBe('na');
    expect((await request(gateway).get('/api/workspace/x')).body.region).toBe('eu');
  });

  it('answers 400 for an unknown region in the path or the header', async () => {
    for (const res of [
      await request(gateway).get('/api/xx/workspace/x'),
      await request(gateway).get('/api/workspace/x').set('x-region', 'mars'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Unknown region' });
    }
  });

  it('strips injected x-platform-* headers and adds its own signed ones and the request id', async () => {
    const forged = Buffer.from(JSON.stringify({ identity: { kind: 'user', userId: 'evil', email: 'e@x' }, region: 'eu' })).toString('base64url');
    const res = await request(gateway)
      .get('/api/workspace/me')
      .set('x-platform-identity', forged)
      .set('x-platform-identity-ts', String(Date.now()))
      .set('x-platform-identity-sig', 'forged')
      .set('x-platform-admin', 'yes')
      .set('x-request-id', 'req-123');
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual({ kind: 'anonymous' });
    expect(res.body.platformHeaders).toEqual(['x-platform-identity', 'x-platform-identity-body', 'x-platform-identity-sig', 'x-platform-identity-ts']);
    expect(res.body.requestId).toBe('req-123');
    expect(res.headers['x-request-id']).toBe('req-123');
  });

  it('generates a request id and passes it upstream', async () => {
    const res = await request(gateway).get('/api/workspace/x');
    expect(res.body.requestId).toEqual(expect.any(String));
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
  });

  it('answers 404 for an unknown service and for /api itself', async () => {
    for (const path of ['/api/nope/x', '/api', '/api/']) {
      const res = await request(gateway).get(path);
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('never exposes internal endpoints, however the path is spelled', async () => {
    for (const path of [
      '/api/workspace/internal/credentials/verify',
      '/api/eu/agent/internal/credentials/verify',
      '/api/workspace/INTERNAL/credentials/verify',
      '/api/workspace//internal/credentials/verify',
      '/api/workspace/%69nternal/credentials/verify',
    ]) {
      const res = await request(gateway).post(path).send({ credential: 'vg_aaaaaaaaaaaaaaaaaaaa' });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body.success).toBe(false);
    }
    expect(workspace.verifyCalls + agent.verifyCalls).toBe(0);
    expect((await request(gateway).get('/api/workspace/x/../internal/y')).status).toBe(400);
  });

  it('answers 502 JSON quickly when a configured service is down', async () => {
    const res = await request(gateway).get('/api/billing/plans');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
  });

  it('answers 504 JSON when a service is too slow', async () => {
    const started = Date.now();
    const res = await request(gateway).get('/api/workspace/slow');
    expect(res.status).toBe(504);
    expect(res.body.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('answers 503 for a known service that is not configured', async () => {
    const res = await request(gateway).get('/api/channels/x');
    expect(res.status).toBe(503);
    expect(res.body.success).toBe(false);
  });

  it('turns bad input into 4xx JSON, never 5xx', async () => {
    const malformed = await request(gateway).post('/api/workspace/x').set('content-type', 'application/json').send('{"broken":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'Request body is not valid JSON' });

    const badEncoding = await request(gateway).get('/api/workspace/%E0%A4%A');
    expect(badEncoding.status).toBe(400);

    const huge = await request(gateway).post('/api/workspace/x').send({ text: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);
  });

  it("keeps the caller's connection alive when a service closes its own", async () => {
    const closing = await rawService((_req, res) => void res.setHeader('connection', 'close').end('{}'));
    try {
      const app = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_BILLING: closing.url })), silentLogger);
      const res = await request(app).get('/api/billing/plans').set('connection', 'keep-alive');
      expect(res.status).toBe(200);
      expect(res.headers.connection).toBe('keep-alive');
    } finally {
      closing.server.close();
    }
  });

  it('stops the upstream call when the caller goes away, and logs no upstream failure', async () => {
    const hanging = await rawService();
    const warnings: string[] = [];
    const logger = createLogger('gateway', 'warn', { write: (line: string) => void warnings.push(line) });
    const server = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_BILLING: hanging.url })), logger).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const caller = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/billing/plans`);
      caller.on('error', () => undefined);
      const [upstreamReq] = (await once(hanging.server, 'request')) as [http.IncomingMessage];
      caller.destroy();
      await once(upstreamReq.socket, 'close');
      expect(warnings).toEqual([]);
    } finally {
      server.close();
      hanging.server.close();
    }
  });
});

/** A bare HTTP server standing in for a service (no handler: it never answers). */
async function rawService(handler?: http.RequestListener) {
  const server = http.createServer(handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { verifyForwarded } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { SIGNING_SECRET, closedPortUrl, gatewayEnv, silentLogger } from './helpers/upstream';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  trailers: NodeJS.Dict<string>;
}

/** A channels stand-in: records what reaches it and answers as `reply` says. */
async function recordingService() {
  const seen: Seen[] = [];
  const state = { status: 200, body: '{"ok":true}', delayMs: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, trailers: req.trailers });
      setTimeout(() => res.writeHead(state.status, { 'content-type': 'application/json', 'x-service': 'channels' }).end(state.body), state.delayMs);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { seen, state, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function startGateway(env: Record<string, string>) {
  const server = createGateway(loadConfig(gatewayEnv(env)), silentLogger).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One POST with raw control over how the body is sent (whole with its length, or in chunks). */
function post(url: string, chunks: string[], headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  const whole = chunks.join('');
  const lengthHeaders = headers['transfer-encoding'] ? {} : { 'content-length': Buffer.byteLength(whole) };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...lengthHeaders, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const TELEGRAM = (agentId: string) => `/api/eu/agent/v2/agents/${agentId}/telegram-webhook`;
const UPDATE = '{"update_id":1,"message":{"message_id":1,"chat":{"id":5},"text":"hi"}}';

describe('gateway fast path for the providers’ webhooks', () => {
  let channels: Awaited<ReturnType<typeof recordingService>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    channels = await recordingService();
    gateway = await startGateway({ SERVICE_URL_CHANNELS: channels.url, RATE_LIMIT_PER_CREDENTIAL: '3', PROXY_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    for (const { server } of [gateway, channels]) {
      server.closeAllConnections();
      server.close();
    }
  });
  beforeEach(() => {
    channels.seen.length = 0;
    Object.assign(channels.state, { status: 200, body: '{"ok":true}', delayMs: 0 });
  });

  it('forwards a webhook with its length, signed for its path and body, with the request id and forwarded headers; platform headers and credentials stay out', async () => {
    const res = await post(`${gateway.url}${TELEGRAM('a1')}`, [UPDATE], {
      'x-telegram-bot-api-secret-token': 'secret-1',
      'x-platform-identity': 'forged',
      'x-platform-admin': 'yes',
      'x-request-id': 'req-fast-1',
      'x-forwarded-for': '6.6.6.6',
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"ok":true}');
    expect(res.headers['x-service']).toBe('channels');
    expect(res.headers['x-request-id']).toBe('req-fast-1');
    const [seen] = channels.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/v2/agents/a1/telegram-webhook', body: UPDATE });
    expect(seen!.headers).toMatchObject({
      'content-length': String(Buffer.byteLength(UPDATE)),
      'x-telegram-bot-api-secret-token': 'secret-1',
      'x-request-id': 'req-fast-1',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-platform-identity-body': `sha256=${sha256(UPDATE)}`,
    });
    expect(seen!.headers['transfer-encoding']).toBeUndefined();
    expect(seen!.headers['x-platform-admin']).toBeUndefined();
    const context = verifyForwarded({ method: 'POST', path: '/v2/agents/a1/telegram-webhook', headers: seen!.headers, bodySha256: sha256(UPDATE) }, SIGNING_SECRET);
    expect(context).toEqual({ identity: { kind: 'anonymous' }, region: 'eu', clientIp: '127.0.0.1' });
  });

  it('answers with the same security headers as the express path, and counts the webhook against its agent', async () => {
    const fast = await post(`${gateway.url}${TELEGRAM('a2')}`, [UPDATE]);
    // A chunked body is not taken by the fast path: express answers it.
    const viaExpress = await post(`${gateway.url}${TELEGRAM('a2')}`, [UPDATE.slice(0, 10), UPDATE.slice(10)], { 'transfer-encoding': 'chunked' });
    expect([fast.status, viaExpress.status]).toEqual([200, 200]);
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-resource-policy', 'cross-origin-opener-policy']) {
      expect({ name, value: fast.headers[name] }).toEqual({ name, value: viaExpress.headers[name] });
      expect(fast.headers[name]).toBeTruthy();
    }
    expect(fast.headers['ratelimit']).toMatch(/^"ip"; r=\d+; t=\d+, "agent"; r=2; t=\d+$/);
    expect(fast.headers['ratelimit-policy']).toMatch(/^"ip"; q=600; w=60; pk=:[A-Za-z0-9+/=]+:, "agent"; q=3; w=60; pk=:[A-Za-z0-9+/=]+:$/);
    expect(viaExpress.headers['ratelimit']).toMatch(/^"ip"; r=\d+; t=\d+$/);
    // The IP budget is the one express counts: the two requests took two hits of it.
    const ipRemaining = (answer: Answer) => Number(/"ip"; r=(\d+)/.exec(String(answer.headers['ratelimit']))![1]);
    expect(ipRemaining(fast) - ipRemaining(viaExpress)).toBe(1);
  });

  it("refuses an agent's webhooks past its budget with 429 and the rate-limit headers, nothing forwarded; other agents go on", async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await post(`${gateway.url}${TELEGRAM('a3')}`, [UPDATE]));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const refused = answers[3]!;
    expect(JSON.parse(refused.body)).toEqual({ success: false, message: 'Too many requests, please try again later.' });
    expect(refused.headers['ratelimit']).toMatch(/"agent"; r=0; t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-request-id']).toBeTruthy();
    expect(channels.seen).toHaveLength(3);
    expect((await post(`${gateway.url}${TELEGRAM('a4')}`, [UPDATE])).status).toBe(200);
  });

  it("passes the service's 5xx through (the provider retries), body and all", async () => {
    channels.state.status = 503;
    channels.state.body = '{"success":false,"message":"not queued"}';
    const res = await post(`${gateway.url}${TELEGRAM('a5')}`, [UPDATE]);
    expect(res.status).toBe(503);
    expect(res.body).toBe('{"success":false,"message":"not queued"}');
  });

  it('takes the WhatsApp and Meta webhooks too', async () => {
    expect((await post(`${gateway.url}/api/agent/agents/a6/wa-webhook`, [UPDATE])).headers['ratelimit']).toContain('"agent"');
    expect((await post(`${gateway.url}/api/channels/meta-webhook`, [UPDATE])).status).toBe(200);
    expect(channels.seen.map((s) => s.url)).toEqual(['/agents/a6/wa-webhook', '/meta-webhook']);
  });

  it('leaves chunked and large bodies to the streaming path (digest trailer), and refuses one over the anonymous limit', async () => {
    const large = JSON.stringify({ update_id: 2, text: 'x'.repeat(80 * 1024) });
    expect((await post(`${gateway.url}${TELEGRAM('a7')}`, [large])).status).toBe(200);
    expect((await post(`${gateway.url}${TELEGRAM('a7')}`, ['{"a":', '1}'], { 'transfer-encoding': 'chunked' })).status).toBe(200);
    const [big, chunked] = channels.seen;
    expect(big!.body).toBe(large);
    expect(big!.headers['x-platform-identity-body']).toBe('trailer');
    expect(chunked!.body).toBe('{"a":1}');
    expect(chunked!.trailers['x-platform-identity-body-sig']).toBeTruthy();
    const tooLarge = await post(`${gateway.url}${TELEGRAM('a7')}`, [JSON.stringify({ text: 'x'.repeat(200 * 1024) })]);
    expect(tooLarge.status).toBe(413);
  });

  it('answers 504 JSON when the service is too slow', async () => {
    channels.state.delayMs = 1_000;
    const res = await post(`${gateway.url}${TELEGRAM('a8')}`, [UPDATE]);
    expect(res.status).toBe(504);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: expect.any(String) });
  });

  it('closes the caller\'s answer when the service dies in the middle of its own', async () => {
    const dying = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' }).write('{"ok":');
        setTimeout(() => res.socket?.destroy(), 50);
      });
    });
    dying.listen(0, '127.0.0.1');
    await once(dying, 'listening');
    const broken = await startGateway({ SERVICE_URL_CHANNELS: `http://127.0.0.1:${(dying.address() as AddressInfo).port}` });
    try {
      await expect(post(`${broken.url}${TELEGRAM('a10')}`, [UPDATE])).rejects.toThrow();
    } finally {
      broken.server.close();
      dying.close();
    }
  });

  it('answers 502 JSON when the service is down', async () => {
    const down = await startGateway({ SERVICE_URL_CHANNELS: await closedPortUrl() });
    try {
      const res = await post(`${down.url}${TELEGRAM('a9')}`, [UPDATE]);
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Service unavailable, please try again later.' });
    } finally {
      down.server.close();
    }
  });

  it('refuses by IP past the per-IP budget, counted with the rest of /api', async () => {
    const strict = await startGateway({ SERVICE_URL_CHANNELS: channels.url, RATE_LIMIT_PER_IP: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await post(`${strict.url}${TELEGRAM(`b${i}`)}`, [UPDATE])).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      strict.server.close();
    }
  });
});

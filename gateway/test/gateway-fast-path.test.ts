import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { REQUEST_BATCH_PATH, REQUEST_BATCH_TYPE, decodeFrames, encodeFrame, verifyForwarded, type BatchedRequest, type ForwardedContext } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { SIGNING_SECRET, closedPortUrl, gatewayEnv, silentLogger } from './helpers/upstream';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  trailers: NodeJS.Dict<string>;
  /** a request that came in a request batch: the caller the batch vouches for, and the batch */
  context?: ForwardedContext;
  batch?: { headers: http.IncomingHttpHeaders; body: Buffer; size: number };
}

/**
 * A channels stand-in: records what reaches it and answers as `state` says. It speaks request
 * batches (ADR 0047) as the kit does: each request of a batch is answered in its own frame
 * (echoing the request's body when `state.echo`), a request held by `state.hold` only when the
 * test releases it.
 */
async function recordingService() {
  const seen: Seen[] = [];
  const batches: number[] = [];
  const state = { status: 200, body: '{"ok":true}', delayMs: 0, echo: false, batchStatus: 200, hold: undefined as string | undefined, release: () => undefined as void };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url !== REQUEST_BATCH_PATH) {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: body.toString(), trailers: req.trailers });
        setTimeout(() => res.writeHead(state.status, { 'content-type': 'application/json', 'x-service': 'channels' }).end(state.body), state.delayMs);
        return;
      }
      const requests = decodeFrames<BatchedRequest>(body, 1024 * 1024);
      batches.push(requests.length);
      for (const { head, body: requestBody } of requests) seen.push({ method: head.method, url: head.path, headers: head.headers, body: requestBody.toString(), trailers: {}, context: head.context, batch: { headers: req.headers, body, size: requests.length } });
      if (state.batchStatus !== 200) return void res.writeHead(state.batchStatus, { 'content-type': 'application/json' }).end('{"success":false,"message":"refused"}');
      setTimeout(() => {
        res.writeHead(200, { 'content-type': REQUEST_BATCH_TYPE });
        let open = requests.length;
        const answer = (index: number, requestBody: Buffer) => {
          res.write(encodeFrame({ index, status: state.status, headers: { 'content-type': 'application/json', 'x-service': 'channels' } }, state.echo ? requestBody : state.body));
          if (--open === 0) res.end();
        };
        requests.forEach(({ body: requestBody }, index) => {
          if (state.hold !== undefined && requestBody.toString().includes(state.hold)) state.release = () => answer(index, requestBody);
          else answer(index, requestBody);
        });
      }, state.delayMs);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { seen, batches, state, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
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
    channels.batches.length = 0;
    Object.assign(channels.state, { status: 200, body: '{"ok":true}', delayMs: 0, echo: false, batchStatus: 200, hold: undefined });
  });

  it('forwards a webhook in a request batch signed by the gateway for the whole batch: its path, body, request id and forwarded headers, the anonymous caller the batch vouches for; platform headers and credentials stay out', async () => {
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
    expect(seen).toMatchObject({ method: 'POST', url: '/v2/agents/a1/telegram-webhook', body: UPDATE, context: { identity: { kind: 'anonymous' }, region: 'eu', clientIp: '127.0.0.1' } });
    expect(seen!.headers).toMatchObject({
      'content-length': String(Buffer.byteLength(UPDATE)),
      'x-telegram-bot-api-secret-token': 'secret-1',
      'x-request-id': 'req-fast-1',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    expect(Object.keys(seen!.headers).filter((name) => name.startsWith('x-platform-'))).toEqual([]);
    const { headers, body } = seen!.batch!;
    expect(headers['content-type']).toBe(REQUEST_BATCH_TYPE);
    expect(headers['content-length']).toBe(String(body.length));
    expect(headers['transfer-encoding']).toBeUndefined();
    const signed = verifyForwarded({ method: 'POST', path: REQUEST_BATCH_PATH, headers, bodySha256: sha256(body) }, SIGNING_SECRET);
    expect(signed?.identity).toEqual({ kind: 'gateway' });
  });

  it('carries the webhooks that arrive while batches are on their way in shared batches, each caller answered with its own answer', async () => {
    channels.state.echo = true;
    channels.state.delayMs = 50;
    const updates = Array.from({ length: 40 }, (_, i) => `{"update_id":${i},"message":{"text":"together ${i}"}}`);
    const answers = await Promise.all(updates.map((update, i) => post(`${gateway.url}${TELEGRAM(`t${i}`)}`, [update])));
    expect(answers.map((a) => [a.status, a.body])).toEqual(updates.map((update) => [200, update]));
    expect(channels.batches.reduce((sum, size) => sum + size, 0)).toBe(updates.length);
    // At most 4 batches are on their way at once: the rest wait for them and share the next.
    expect(channels.batches.length).toBeLessThan(updates.length / 2);
  });

  it('answers each webhook of a batch as soon as its own answer comes, not when the whole batch is done', async () => {
    channels.state.echo = true;
    channels.state.hold = 'held';
    const held = post(`${gateway.url}${TELEGRAM('h1')}`, ['{"update_id":1,"text":"held"}']);
    const quick = post(`${gateway.url}${TELEGRAM('h2')}`, ['{"update_id":2,"text":"quick"}']);
    expect((await quick).body).toBe('{"update_id":2,"text":"quick"}');
    expect(channels.batches).toEqual([2]);
    channels.state.release();
    expect((await held).body).toBe('{"update_id":1,"text":"held"}');
  });

  it('answers 502 to each webhook of a batch the service refuses as a whole', async () => {
    channels.state.batchStatus = 401;
    const answers = await Promise.all([post(`${gateway.url}${TELEGRAM('r1')}`, [UPDATE]), post(`${gateway.url}${TELEGRAM('r2')}`, [UPDATE])]);
    for (const res of answers) {
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Service unavailable, please try again later.' });
    }
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

  it('answers 502 when the service dies in the middle of its answer, instead of leaving the caller waiting', async () => {
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
      const res = await post(`${broken.url}${TELEGRAM('a10')}`, [UPDATE]);
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Service unavailable, please try again later.' });
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

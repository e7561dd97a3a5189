/** The gateway's fast path for signed-in saves (ADR 0038): answered as express answers, or left to express. */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { signClientSession, signSession } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { JWT_SECRET, closedPortUrl, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

const WORKSPACE_SECRET = 'vg_AAAAbbbbCCCCdddd1234';
const OTHER_SECRET = 'vg_BBBBbbbbCCCCdddd5678';
const AGENT_KEY = 'vg_agentKEY0123456789ab';
const UNKNOWN_KEY = 'vg_unknown0000000000000';
const USER = { kind: 'user', userId: 'u1', email: 'u1@example.com', sessionId: 's1' } as const;
const session = signSession(USER, JWT_SECRET);
const OTHER_USER = { kind: 'user', userId: 'u2', email: 'u2@example.com', sessionId: 's2' } as const;
const otherSession = signSession(OTHER_USER, JWT_SECRET);
const CLIENT = { kind: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', workspaceId: 'w1', region: 'eu', email: 'c1@example.com', sessionId: 'cs1' } as const;
const SIGNED_OUT = { kind: 'user', userId: 'u3', email: 'u3@example.com', sessionId: 's3' } as const;
const toSignOut = signSession(SIGNED_OUT, JWT_SECRET);
const clientSession = signClientSession({ clientId: 'c1', sessionId: 'cs1', region: 'eu' }, JWT_SECRET);
const ORIGIN = 'http://app.example.com';
const SAVE = (agentId: string) => `/api/eu/agent/v2/agents/${agentId}`;
const BODY = JSON.stringify({ ID: 'a1', title: 'Support bot', description: 'saved' });
/** Per answer, not per route. */
const VARYING = new Set(['date', 'content-length', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One POST, its body sent whole with its length, or in chunks. */
function post(url: string, body: string | string[], headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  const chunks = Array.isArray(body) ? body : [body];
  const lengthHeaders = Array.isArray(body) ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...lengthHeaders, ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** The budget's numbers that move between two requests: what is left, the seconds to the reset, the key's partition (one per credential). */
const BUDGET_NUMBERS: Record<string, RegExp> = { ratelimit: /([rt])=\d+/g, 'ratelimit-policy': /(pk)=:[^:]+:/g, 'retry-after': /^()\d+$/g };
/** What must be equal on both paths. */
const shape = (answer: Answer) => ({
  status: answer.status,
  body: JSON.parse(answer.body) as unknown,
  headers: Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !VARYING.has(name))
      .map(([name, value]) => [name, BUDGET_NUMBERS[name] ? String(value).replace(BUDGET_NUMBERS[name]!, '$1=N') : value]),
  ),
});

describe('the gateway fast path for signed-in saves (ADR 0038)', () => {
  let workspace: Upstream;
  let agent: Upstream;
  let agencyDomain: Upstream;
  let app: Express;
  let server: http.Server;
  let url: string;
  let router: jest.SpyInstance;

  beforeAll(async () => {
    workspace = await startUpstream('workspace', {
      credentials: {
        [WORKSPACE_SECRET]: { kind: 'workspace', workspaceId: 'w1', region: 'eu' },
        [OTHER_SECRET]: { kind: 'workspace', workspaceId: 'w2', region: 'eu' },
        [session]: USER,
        [otherSession]: OTHER_USER,
        [toSignOut]: SIGNED_OUT,
      },
    });
    agent = await startUpstream('agent', { credentials: { [AGENT_KEY]: { kind: 'agent', agentId: 'a1', region: 'eu' } } });
    agencyDomain = await startUpstream('agency-domain', { credentials: { [clientSession]: CLIENT } });
    app = createGateway(
      loadConfig(
        gatewayEnv({
          SERVICE_URL_WORKSPACE: workspace.url,
          SERVICE_URL_AGENT: agent.url,
          SERVICE_URL_AGENCY_DOMAIN: agencyDomain.url,
          ALLOWED_ORIGINS: ORIGIN,
          BODY_LIMIT: '100kb',
        }),
      ),
      silentLogger,
    );
    router = jest.spyOn((app as unknown as { _router: { handle: () => void } })._router, 'handle');
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await Promise.all([workspace.close(), agent.close(), agencyDomain.close()]);
  });
  beforeEach(() => router.mockClear());

  /** Sends the save twice: the first through express (it asks for the credential's verdict), the second on the fast path. */
  async function expressThenFast(agentId: string, headers: http.OutgoingHttpHeaders) {
    const viaExpress = await post(`${url}${SAVE(agentId)}`, BODY, headers);
    expect(router).toHaveBeenCalledTimes(1);
    const fast = await post(`${url}${SAVE(agentId)}`, BODY, headers);
    expect(router).toHaveBeenCalledTimes(1);
    router.mockClear();
    return { viaExpress, fast };
  }

  it('answers a save of every kind of caller as express does (identity signed, budgets, CORS, request id), once the verdict is cached', async () => {
    const callers: Array<{ name: string; headers: http.OutgoingHttpHeaders; identity: unknown }> = [
      { name: 'workspace secret', headers: { authorization: `Bearer ${WORKSPACE_SECRET}` }, identity: { kind: 'workspace', workspaceId: 'w1', region: 'eu' } },
      { name: 'agent key', headers: { authorization: `Bearer ${AGENT_KEY}` }, identity: { kind: 'agent', agentId: 'a1', region: 'eu' } },
      { name: 'session cookie, allowed Origin', headers: { cookie: `theme=dark; session=${session}`, origin: ORIGIN }, identity: USER },
      { name: 'session bearer', headers: { authorization: `Bearer ${otherSession}` }, identity: OTHER_USER },
      { name: "an agency client's session", headers: { cookie: `client_session=${clientSession}` }, identity: CLIENT },
    ];
    for (const { name, headers, identity } of callers) {
      const { viaExpress, fast } = await expressThenFast('a1', { ...headers, 'x-request-id': `req-${name.length}`, 'x-platform-identity': 'forged', 'x-forwarded-for': '6.6.6.6' });
      expect({ name, ...shape(fast) }).toEqual({ name, ...shape(viaExpress) });
      expect(JSON.parse(fast.body)).toMatchObject({
        service: 'agent',
        url: '/v2/agents/a1',
        body: JSON.parse(BODY),
        identity,
        region: 'eu',
        clientIp: '127.0.0.1',
        requestId: `req-${name.length}`,
        forwardedCredentials: [],
      });
      expect(fast.headers['ratelimit']).toMatch(/^"ip"; r=\d+; t=\d+, "credential"; r=\d+; t=\d+$/);
      if (headers.origin) expect([fast.headers['access-control-allow-origin'], fast.headers['access-control-allow-credentials']]).toEqual([ORIGIN, 'true']);
    }
  });

  it('leaves to express what it cannot answer from a cached verdict: no, malformed, unknown or signed-out credentials; another Origin; chunked or large bodies', async () => {
    const cases: Array<{ name: string; headers: http.OutgoingHttpHeaders; body?: string | string[]; status: number }> = [
      { name: 'no credential', headers: {}, status: 200 },
      { name: 'malformed bearer', headers: { authorization: 'Bearer ???' }, status: 401 },
      { name: 'unknown key', headers: { authorization: `Bearer ${UNKNOWN_KEY}` }, status: 401 },
      { name: 'another Origin', headers: { authorization: `Bearer ${WORKSPACE_SECRET}`, origin: 'http://evil.example.com' }, status: 200 },
      { name: 'chunked', headers: { authorization: `Bearer ${WORKSPACE_SECRET}` }, body: ['{"a":', '1}'], status: 200 },
      { name: 'over the read-ahead size', headers: { authorization: `Bearer ${AGENT_KEY}` }, body: JSON.stringify({ text: 'x'.repeat(80 * 1024) }), status: 200 },
      { name: 'over the body limit', headers: { authorization: `Bearer ${AGENT_KEY}` }, body: JSON.stringify({ text: 'x'.repeat(120 * 1024) }), status: 413 },
    ];
    for (const { name, headers, body, status } of cases) {
      // Twice: a verdict cached by the first (a refusal) must not let the second onto the fast path either.
      for (let i = 0; i < 2; i += 1) {
        const answer = await post(`${url}${SAVE('a2')}`, body ?? BODY, headers);
        expect({ name, status: answer.status, router: router.mock.calls.length }).toEqual({ name, status, router: i + 1 });
        if (name === 'another Origin') expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
      router.mockClear();
    }
  });

  it('refuses past the credential budget with the same 429 and headers as express', async () => {
    const limited = createGateway(
      loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, SERVICE_URL_AGENT: agent.url, RATE_LIMIT_PER_CREDENTIAL: '4' })),
      silentLogger,
    ).listen(0, '127.0.0.1');
    await once(limited, 'listening');
    const limitedUrl = `http://127.0.0.1:${(limited.address() as AddressInfo).port}`;
    try {
      // Four per credential: one through express, three on the fast path, the fifth refused there.
      const fast: Answer[] = [];
      for (let i = 0; i < 5; i += 1) fast.push(await post(`${limitedUrl}${SAVE('a3')}`, BODY, { cookie: `session=${session}`, 'x-request-id': 'req-budget' }));
      // The same with a body express takes (chunked): its fifth is refused by express-rate-limit.
      const viaExpress: Answer[] = [];
      for (let i = 0; i < 5; i += 1) viaExpress.push(await post(`${limitedUrl}${SAVE('a3')}`, ['{"a":', '1}'], { authorization: `Bearer ${OTHER_SECRET}`, 'x-request-id': 'req-budget' }));
      expect(fast.map((a) => a.status)).toEqual([200, 200, 200, 200, 429]);
      expect(viaExpress.map((a) => a.status)).toEqual([200, 200, 200, 200, 429]);
      expect(shape(fast[4]!)).toEqual(shape(viaExpress[4]!));
      expect(shape(fast[4]!).body).toEqual({ success: false, message: 'Too many requests, please try again later.' });
      expect(Number(fast[4]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      limited.closeAllConnections();
      limited.close();
    }
  });

  it('answers 502 as the proxy does when the agent service is down', async () => {
    const downApp = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, SERVICE_URL_AGENT: await closedPortUrl() })), silentLogger);
    const downRouter = jest.spyOn((downApp as unknown as { _router: { handle: () => void } })._router, 'handle');
    const down = downApp.listen(0, '127.0.0.1');
    await once(down, 'listening');
    const downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    try {
      // The first save is verified and proxied by express, the second is the fast path's (the session's verdict is cached).
      const headers = { cookie: `session=${otherSession}`, 'x-request-id': 'req-down' };
      const [viaExpress, fast] = [await post(`${downUrl}${SAVE('a5')}`, BODY, headers), await post(`${downUrl}${SAVE('a5')}`, BODY, headers)];
      expect(viaExpress.status).toBe(502);
      expect(downRouter).toHaveBeenCalledTimes(1);
      expect(shape(fast)).toEqual(shape(viaExpress));
    } finally {
      down.closeAllConnections();
      down.close();
    }
  });

  it('honours a sign-out at once: the next save with that session goes to express, which refuses it', async () => {
    const signedIn = `session=${signSession({ userId: 'u9', email: 'u9@example.com', sessionId: 's9' }, JWT_SECRET)}`;
    // The stand-in does not know this session: refused through express, never on the fast path.
    expect((await post(`${url}${SAVE('a4')}`, BODY, { cookie: signedIn })).status).toBe(401);
    expect((await post(`${url}${SAVE('a4')}`, BODY, { cookie: signedIn })).status).toBe(401);
    expect(router).toHaveBeenCalledTimes(2);
    router.mockClear();
    // A live one, cached, then signed out through this gateway.
    await expressThenFast('a4', { cookie: `session=${toSignOut}` });
    const loggedOut = await post(`${url}/api/workspace/v2/auth/logout`, '{}', { cookie: `session=${toSignOut}` });
    expect(loggedOut.status).toBe(200);
    router.mockClear();
    const after = await post(`${url}${SAVE('a4')}`, BODY, { cookie: `session=${toSignOut}` });
    expect(after.status).toBe(401);
    expect(router).toHaveBeenCalledTimes(1);
  });
});

import { createECDH, createPrivateKey, randomBytes, sign } from 'node:crypto';
import type { Server } from 'node:http';
import { generateRequestDetails, generateVAPIDKeys } from 'web-push';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start } = require('../server.js');

/** The push-service sandbox refuses what a real push service refuses (RFC 8030, RFC 8292). */
describe('web-push sandbox', () => {
  let sandbox: { server: Server; url: string };
  const vapid = { ...generateVAPIDKeys(), subject: 'mailto:push@example.com' };
  const browserKeys = createECDH('prime256v1');
  browserKeys.generateKeys();
  const keys = { p256dh: browserKeys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

  beforeAll(async () => {
    sandbox = await start(0, '127.0.0.1');
  });
  afterAll(() => new Promise((resolve) => sandbox.server.close(resolve)));

  const newEndpoint = async (applicationServerKey?: string) => ((await (await fetch(`${sandbox.url}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) })).json()) as { endpoint: string }).endpoint;
  const push = (endpoint: string, options: { vapidDetails?: typeof vapid; headers?: Record<string, string> } = {}) => {
    const request = generateRequestDetails({ endpoint, keys }, 'hello', { vapidDetails: options.vapidDetails ?? vapid, TTL: 60, contentEncoding: 'aes128gcm' });
    return fetch(endpoint, { method: 'POST', headers: { ...(request.headers as Record<string, string>), ...options.headers }, body: request.body });
  };
  /** A VAPID JWT with these claims, signed with the platform's key (ES256). */
  const signedJwt = (claims: object) => {
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const key = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: vapid.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    const input = `${Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };

  it('takes a VAPID-signed encrypted message (201) and keeps it for its endpoint', async () => {
    const endpoint = await newEndpoint(vapid.publicKey);
    const res = await push(endpoint);
    expect(res.status).toBe(201);
    const messages = await (await fetch(`${sandbox.url}/sandbox/push/${endpoint.split('/').pop()}/messages`)).json();
    expect(messages).toHaveLength(1);
    expect(Buffer.from(messages[0].body, 'base64url').length).toBeGreaterThan(86); // RFC 8188 header + record
  });

  it('refuses a missing Authorization (401), a signature of another key, a wrong audience or an expired JWT (403)', async () => {
    const endpoint = await newEndpoint();
    expect((await push(endpoint, { headers: { Authorization: '' } })).status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const as = (t: string, k = vapid.publicKey) => push(endpoint, { headers: { Authorization: `vapid t=${t}, k=${k}` } });
    // the JWT signed by hand is accepted, so each refusal below is for the one thing changed
    expect((await as(signedJwt({ aud: sandbox.url, exp: now + 600, sub: vapid.subject }))).status).toBe(201);
    expect((await as(signedJwt({ aud: sandbox.url, exp: now + 600, sub: vapid.subject }), generateVAPIDKeys().publicKey)).status).toBe(403);
    expect((await as(signedJwt({ aud: 'https://push.example.com', exp: now + 600, sub: vapid.subject }))).status).toBe(403);
    expect((await as(signedJwt({ aud: sandbox.url, exp: now - 10, sub: vapid.subject }))).status).toBe(403);
    expect((await as(signedJwt({ aud: sandbox.url, exp: now + 2 * 86_400, sub: vapid.subject }))).status).toBe(403);
  });

  it("refuses a key other than the subscription's applicationServerKey, an unknown endpoint (404) and a gone one (410)", async () => {
    const endpoint = await newEndpoint(generateVAPIDKeys().publicKey);
    expect((await push(endpoint)).status).toBe(403);
    expect((await push(`${sandbox.url}/push/unknown`)).status).toBe(404);
    const leaving = await newEndpoint();
    await fetch(`${sandbox.url}/sandbox/push/${leaving.split('/').pop()}/gone`, { method: 'POST' });
    expect((await push(leaving)).status).toBe(410);
  });

  it('lists deliveries on its page', async () => {
    const page = await (await fetch(`${sandbox.url}/`)).text();
    expect(page).toContain('Web Push sandbox');
    expect(page).toContain('/push/');
  });
});

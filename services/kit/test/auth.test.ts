import express from 'express';
import request from 'supertest';
import {
  createApp,
  createLogger,
  gatewayContext,
  sha256Hex,
  signForwarded,
  signForwardedStream,
  signSession,
  verifyForwarded,
  verifySession,
  type ForwardedContext,
} from '@platform/kit';
import jwt from 'jsonwebtoken';

const secret = 'signing-secret';
const context: ForwardedContext = { identity: { kind: 'user', userId: 'u1', email: 'a@b.co' }, region: 'na' };

describe('gateway-signed context', () => {
  const get = { method: 'GET', path: '/v2/things?x=1' };
  const received = (headers: Record<string, string>, target = get, body?: string) => ({
    ...target,
    headers,
    bodySha256: body === undefined ? undefined : sha256Hex(body),
  });

  it('round-trips identity and region', () => {
    expect(verifyForwarded(received(signForwarded(context, secret, get)), secret)).toEqual(context);
    const post = { method: 'POST', path: '/v2/things', body: '{"a":1}' };
    expect(verifyForwarded(received(signForwarded(context, secret, post), post, post.body), secret)).toEqual(context);
  });

  it('refuses a wrong secret, a tampered payload, stale headers and unknown regions', () => {
    const headers = signForwarded(context, secret, get);
    expect(verifyForwarded(received(headers), 'other-secret')).toBeNull();
    const forged = Buffer.from(JSON.stringify({ ...context, identity: { kind: 'agency', agencyId: 'x' } })).toString('base64url');
    expect(verifyForwarded(received({ ...headers, 'x-platform-identity': forged }), secret)).toBeNull();
    const old = signForwarded(context, secret, get, Date.now() - 120_000);
    expect(verifyForwarded(received(old), secret)).toBeNull();
    const badRegion = signForwarded({ ...context, region: 'mars' as never }, secret, get);
    expect(verifyForwarded(received(badRegion), secret)).toBeNull();
    expect(verifyForwarded(received({}), secret)).toBeNull();
  });

  it('refuses a captured header set on another method, path or body', () => {
    const post = { method: 'POST', path: '/v2/things', body: '{"name":"a"}' };
    const headers = signForwarded(context, secret, post);
    expect(verifyForwarded(received(headers, { ...post, method: 'DELETE' }, post.body), secret)).toBeNull();
    expect(verifyForwarded(received(headers, { ...post, path: '/v2/other' }, post.body), secret)).toBeNull();
    expect(verifyForwarded(received(headers, post, '{"name":"b"}'), secret)).toBeNull();
    // A body-less signature does not carry a body either.
    expect(verifyForwarded(received(signForwarded(context, secret, { ...post, body: undefined }), post, 'x'), secret)).toBeNull();
  });

  it('binds a streamed body through its trailer', () => {
    const post = { method: 'POST', path: '/upload' };
    const signer = signForwardedStream(context, secret, post);
    signer.digest(Buffer.from('part one,'));
    signer.digest(Buffer.from('part two'));
    const trailers = signer.trailer();
    const ok = { ...post, headers: signer.headers, bodySha256: sha256Hex('part one,part two'), trailers };
    expect(verifyForwarded(ok, secret)).toEqual(context);
    expect(verifyForwarded({ ...ok, bodySha256: sha256Hex('something else') }, secret)).toBeNull();
    expect(verifyForwarded({ ...ok, trailers: {} }, secret)).toBeNull();
  });

  const app = () => {
    const routes = express.Router();
    routes.use(gatewayContext(secret));
    routes.all('*', (req, res) => res.json({ identity: req.identity, region: req.region }));
    return createApp({ name: 'svc', logger: createLogger('svc', 'silent'), routes });
  };

  it('lets only gateway-signed requests reach service routes', async () => {
    await request(app()).get('/me').expect(401, { success: false, message: 'Request did not come through the gateway' });
    await request(app()).get('/me').set(signForwarded(context, 'not-the-gateway', { method: 'GET', path: '/me' })).expect(401);
    await request(app()).get('/me').set(signForwarded(context, secret, { method: 'GET', path: '/me' })).expect(200, context);
  });

  it('refuses a real captured header set replayed on another path, method or body', async () => {
    const body = JSON.stringify({ name: 'mine' });
    const captured = signForwarded(context, secret, { method: 'POST', path: '/v2/things', body });
    const post = (path: string, sent: string) => request(app()).post(path).set(captured).set('content-type', 'application/json').send(sent);
    await post('/v2/things', body).expect(200, context);
    await post('/v2/other', body).expect(401);
    await post('/v2/things', JSON.stringify({ name: 'theirs' })).expect(401);
    await request(app()).delete('/v2/things').set(captured).set('content-type', 'application/json').send(body).expect(401);
    // A GET's header set cannot carry a body of any type.
    const getHeaders = signForwarded(context, secret, { method: 'POST', path: '/v2/things' });
    await request(app()).post('/v2/things').set(getHeaders).set('content-type', 'text/plain').send('smuggled').expect(401);
  });
});

describe('session tokens', () => {
  it('verifies its own tokens for 30 days', () => {
    const token = signSession({ userId: 'u1', email: 'a@b.co', sessionId: 's1' }, 'jwt');
    expect(verifySession(token, 'jwt')).toEqual({ userId: 'u1', email: 'a@b.co', sessionId: 's1' });
    const { exp, iat } = jwt.decode(token) as { exp: number; iat: number };
    expect(exp - iat).toBe(30 * 24 * 3600);
  });

  it('refuses other secrets, expired tokens and other algorithms', () => {
    expect(verifySession(signSession({ userId: 'u1', email: 'a@b.co', sessionId: 's1' }, 'jwt'), 'other')).toBeNull();
    const expired = jwt.sign({ email: 'a@b.co', exp: Math.floor(Date.now() / 1000) - 10 }, 'jwt', { subject: 'u1' });
    expect(verifySession(expired, 'jwt')).toBeNull();
    const unsigned = jwt.sign({ email: 'a@b.co' }, '', { algorithm: 'none', subject: 'u1' });
    expect(verifySession(unsigned, 'jwt')).toBeNull();
    expect(verifySession('garbage', 'jwt')).toBeNull();
  });

  it('refuses tokens that could never end: no exp, or no session id', () => {
    const forever = jwt.sign({ email: 'a@b.co' }, 'jwt', { subject: 'u1', jwtid: 's1' });
    expect(verifySession(forever, 'jwt')).toBeNull();
    const sessionless = jwt.sign({ email: 'a@b.co' }, 'jwt', { subject: 'u1', expiresIn: 60 });
    expect(verifySession(sessionless, 'jwt')).toBeNull();
  });
});


import express from 'express';
import request from 'supertest';
import {
  createApp,
  createLogger,
  gatewayContext,
  signForwarded,
  signSession,
  verifyForwarded,
  verifySession,
  type ForwardedContext,
} from '@platform/kit';
import jwt from 'jsonwebtoken';

const secret = 'signing-secret';
const context: ForwardedContext = { identity: { kind: 'user', userId: 'u1', email: 'a@b.co' }, region: 'na' };

describe('gateway-signed context', () => {
  it('round-trips identity and region', () => {
    expect(verifyForwarded(signForwarded(context, secret), secret)).toEqual(context);
  });

  it('refuses a wrong secret, a tampered payload, stale headers and unknown regions', () => {
    const headers = signForwarded(context, secret);
    expect(verifyForwarded(headers, 'other-secret')).toBeNull();
    const forged = Buffer.from(JSON.stringify({ ...context, identity: { kind: 'agency', agencyId: 'x' } })).toString('base64url');
    expect(verifyForwarded({ ...headers, 'x-platform-identity': forged }, secret)).toBeNull();
    const old = signForwarded(context, secret, Date.now() - 120_000);
    expect(verifyForwarded(old, secret)).toBeNull();
    const badRegion = signForwarded({ ...context, region: 'mars' as never }, secret);
    expect(verifyForwarded(badRegion, secret)).toBeNull();
    expect(verifyForwarded({}, secret)).toBeNull();
  });

  it('lets only gateway-signed requests reach service routes', async () => {
    const routes = express.Router();
    routes.use(gatewayContext(secret));
    routes.get('/me', (req, res) => res.json({ identity: req.identity, region: req.region }));
    const app = createApp({ name: 'svc', logger: createLogger('svc', 'silent'), routes });
    await request(app).get('/me').expect(401, { success: false, message: 'Request did not come through the gateway' });
    await request(app).get('/me').set(signForwarded(context, 'not-the-gateway')).expect(401);
    await request(app).get('/me').set(signForwarded(context, secret)).expect(200, context);
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


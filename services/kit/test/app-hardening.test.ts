import { PassThrough } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { REQUEST_MESSAGES } from '@platform/contracts';
import Joi from 'joi';
import { createApp, createLogger, gatewayContext, signForwarded, stripeJsSources, validate, type ForwardedContext } from '@platform/kit';

const logger = createLogger('test', 'silent');

const hslTriples = Joi.object({ shades: Joi.array().items(Joi.array().items(Joi.number()).length(3)) });

function echoApp() {
  const routes = express.Router();
  routes.post('/things', validate({}), (req, res) => res.json({ success: true, body: req.body }));
  routes.post('/themes', validate({ body: hslTriples }), (req, res) => res.json({ success: true, body: req.body }));
  routes.get('/things', (_req, res) => res.json({ success: true }));
  return createApp({ name: 'svc', logger, routes });
}

describe('createApp security headers', () => {
  it('sends helmet headers, the CSP and Permissions-Policy on every answer, errors included', async () => {
    for (const res of [await request(echoApp()).get('/things'), await request(echoApp()).get('/nowhere')]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets public files be loaded by other sites (widgets on customers pages)', async () => {
    const res = await request(echoApp()).get('/files/logo.png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('createApp body checks', () => {
  it('answers 400 for JSON nested 5,000 deep instead of failing later', async () => {
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    await request(echoApp()).post('/things').set('content-type', 'application/json').send(deep).expect(400, { success: false, message: REQUEST_MESSAGES.tooDeep });
  });

  it('answers 400 with a clear message for arrays directly inside arrays, anywhere in the body', async () => {
    for (const body of [[[1]], { rows: [[1, 2]] }, { a: { b: [{ c: [[]] }] } }]) {
      await request(echoApp()).post('/things').send(body).expect(400, { success: false, message: REQUEST_MESSAGES.nestedArrays });
    }
    await request(echoApp()).post('/things').send({ list: [{ inner: [1, 2] }, 3] }).expect(200);
  });

  it('lets a route whose contract declares arrays of arrays take them (its store maps them)', async () => {
    await request(echoApp()).post('/themes').send({ shades: [[1, 2, 3]] }).expect(200);
    // Nowhere else in the same body.
    await request(echoApp()).post('/themes').send({ shades: [[1, 2, 3]], extra: [[1]] }).expect(400);
  });
});

describe('logs', () => {
  it('name each request by id, method, url and status, and never contain the identity headers, cookies or authorization', async () => {
    const lines: string[] = [];
    const destination = new PassThrough();
    destination.on('data', (chunk) => lines.push(String(chunk)));
    const secret = 's3cret';
    const routes = express.Router();
    routes.use(gatewayContext(secret));
    routes.get('/me', (req, res) => {
      req.log.info('inside the route');
      res.json({ success: true });
    });
    const app = createApp({ name: 'svc', logger: createLogger('svc', 'info', destination), routes });
    const context: ForwardedContext = { identity: { kind: 'user', userId: 'u1', email: 'a@b.co' }, region: 'eu' };
    const signed = signForwarded(context, secret, { method: 'GET', path: '/me' });
    await request(app).get('/me').set(signed).set('cookie', 'session=abc').set('authorization', 'Bearer tok').set('x-request-id', 'req-42').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.join('');
    expect(JSON.parse(lines.find((line) => line.includes('request completed'))!)).toMatchObject({
      level: 30,
      reqId: 'req-42',
      method: 'GET',
      url: '/me',
      statusCode: 200,
    });
    expect(JSON.parse(lines.find((line) => line.includes('inside the route'))!)).toMatchObject({ reqId: 'req-42' });
    const { 'x-platform-identity': payload, 'x-platform-identity-ts': timestamp, 'x-platform-identity-sig': signature } = signed;
    for (const value of [payload!, `"${timestamp}"`, signature!, 'session=abc', 'Bearer tok']) expect(logged).not.toContain(value);
    // Whatever a route logs about its request is redacted too.
    const logger = createLogger('svc', 'info', destination);
    logger.info({ req: { headers: { authorization: 'Bearer tok2', 'x-platform-identity': payload } } }, 'a route logs its request');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.join('')).not.toContain('Bearer tok2');
    expect(lines.join('')).toContain('[Redacted]');
  });
});

describe('logged urls', () => {
  it("keep the path and the query's names but never the values of credentials in the query (a sign-in link's password, token or agency secret)", async () => {
    const lines: string[] = [];
    const destination = new PassThrough();
    destination.on('data', (chunk) => lines.push(String(chunk)));
    const routes = express.Router();
    routes.get('/login', (_req, res) => void res.json({ success: true }));
    const app = createApp({ name: 'svc', logger: createLogger('svc', 'info', destination), routes });
    const query = 'username=ann%40example.com&password=hunter2-pass&token=tok-123&secret=agency-s3cret&hub.verify_token=verify-9&code=481516&lang=en';
    await request(app).get(`/login?${query}`).expect(200);
    await request(app).get('/login').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const urls = lines.filter((line) => line.includes('request completed')).map((line) => (JSON.parse(line) as { url: string }).url);
    expect(urls).toEqual(['/login?username=ann%40example.com&password=[redacted]&token=[redacted]&secret=[redacted]&hub.verify_token=[redacted]&code=[redacted]&lang=en', '/login']);
    for (const value of ['hunter2-pass', 'tok-123', 'agency-s3cret', 'verify-9', '481516']) expect(lines.join('')).not.toContain(value);
  });
});

describe('Stripe.js in the CSP', () => {
  it("allows the stand-in's origin locally, and Stripe's script, API and frames in production", () => {
    expect(stripeJsSources('http://127.0.0.1:4160/v3/')).toEqual({ script: ['http://127.0.0.1:4160'], connect: ['http://127.0.0.1:4160'], frame: ['http://127.0.0.1:4160'] });
    expect(stripeJsSources('https://js.stripe.com/v3/')).toEqual({ script: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'] });
    expect(stripeJsSources('')).toEqual({ script: [], connect: [], frame: [] });
  });
});

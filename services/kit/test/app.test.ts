import { createHash } from 'node:crypto';
import express from 'express';
import Joi from 'joi';
import request from 'supertest';
import { badRequest, createApp, createLogger, validate } from '@platform/kit';

const logger = createLogger('test', 'silent');

function appWith(routes: express.Router, readiness = [{ name: 'db', check: async () => undefined }]) {
  return createApp({ name: 'test', logger, routes, readiness, bodyLimit: '1kb' });
}

describe('createApp', () => {
  const routes = express.Router();
  routes.post(
    '/things',
    validate({ body: Joi.object({ name: Joi.string().required().messages({ 'any.required': 'Please enter a name.' }), count: Joi.number() }) }),
    (req, res) => res.json({ success: true, body: req.body }),
  );
  routes.get('/boom', () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  routes.get('/refused', (_req, _res, next) => next(badRequest('Nope.')));
  const app = appWith(routes);

  it('answers /healthz and /metrics', async () => {
    await request(app).get('/healthz').expect(200, { success: true, service: 'test' });
    const metrics = await request(app).get('/metrics').expect(200);
    expect(metrics.text).toContain('http_request_duration_seconds');
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
  });

  it('reports readiness per dependency', async () => {
    await request(app).get('/readyz').expect(200, { success: true, checks: { db: true } });
    const failing = appWith(express.Router(), [{ name: 'kafka', check: async () => Promise.reject(new Error('down')) }]);
    await request(failing).get('/readyz').expect(503, { success: false, checks: { kafka: false } });
  });

  it('validates with the schema message and passes converted values on', async () => {
    await request(app).post('/things').send({ count: 1 }).expect(400, { success: false, message: 'Please enter a name.' });
    await request(app).post('/things').send({ name: 'a', count: 'x' }).expect(400, { success: false, message: 'count must be a number' });
    const ok = await request(app).post('/things').send({ name: 'a', count: '2' }).expect(200);
    expect(ok.body.body).toEqual({ name: 'a', count: 2 });
  });

  it('answers client mistakes with 4xx JSON, never 5xx', async () => {
    await request(app).post('/things').set('content-type', 'application/json').send('{"name":').expect(400, {
      success: false,
      message: 'Request body is not valid JSON',
    });
    await request(app).post('/things').send({ name: 'x'.repeat(2_000) }).expect(413, { success: false, message: 'Request body is too large' });
    await request(app).get('/nowhere').expect(404, { success: false, message: 'Not found' });
    await request(app).get('/refused').expect(400, { success: false, message: 'Nope.' });
  });

  it('reads plain JSON bodies (its own path) exactly as body-parser reads any other JSON', async () => {
    const echo = express.Router();
    echo.post('/echo', (req, res) => res.json({ body: req.body, sha256: req.bodySha256, raw: req.rawBody?.toString('utf8') }));
    const echoing = appWith(echo);
    // 'application/json' takes the plain path; the charset spelled in capitals goes through body-parser.
    const asBoth = async (text: string) =>
      Promise.all(['application/json', 'application/json; charset=UTF-8'].map((type) => request(echoing).post('/echo').set('content-type', type).send(text)));
    for (const text of ['{"a":[1,{"b":"é"}]}', ' \n[1,2]', '\uFEFF{"bom":true}']) {
      const [plain, general] = await asBoth(text);
      expect(plain!.status).toBe(200);
      expect(plain!.body).toEqual(general!.body);
      expect(plain!.body.sha256).toBe(createHash('sha256').update(Buffer.from(text)).digest('hex'));
    }
    for (const text of ['"just a string"', '{"a":', '12']) {
      const [plain, general] = await asBoth(text);
      expect([plain!.status, plain!.body]).toEqual([400, { success: false, message: 'Request body is not valid JSON' }]);
      expect([general!.status, general!.body]).toEqual([plain!.status, plain!.body]);
    }
    await request(echoing).post('/echo').set('content-type', 'application/json').send(`{"a":"${'x'.repeat(2_000)}"}`).expect(413, { success: false, message: 'Request body is too large' });
  });

  it('works the client IP out once per request, however often it is read', async () => {
    const routes = express.Router();
    routes.get('/ip', (req, res) => res.json({ ip: [req.ip, req.ip, req.ip] }));
    const app = appWith(routes);
    let asked = 0;
    app.set('trust proxy', (_address: string, hop: number) => (asked += 1) > 0 && hop === 0);
    const res = await request(app).get('/ip').set('x-forwarded-for', '203.0.113.9').expect(200);
    expect(res.body.ip).toEqual(['203.0.113.9', '203.0.113.9', '203.0.113.9']);
    expect(asked).toBe(1);
  });

  it('hides internals of unexpected errors', async () => {
    const res = await request(app).get('/boom').expect(500);
    expect(res.body).toEqual({ success: false, message: 'Something went wrong, please try again.' });
    expect(JSON.stringify(res.body)).not.toContain('/srv/app.js');
  });

  it('keeps a valid incoming request id and makes one otherwise', async () => {
    const kept = await request(app).get('/healthz').set('x-request-id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const made = await request(app).get('/healthz').set('x-request-id', 'has spaces; and {braces}');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

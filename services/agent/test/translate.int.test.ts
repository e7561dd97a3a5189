import { anonymous, someone } from '@platform/test-support';
import { startHarness, type Harness } from './support/harness';

describe('GET /translate', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('lists the languages as {success, languages: [{language, name}]}, for anyone', async () => {
    const res = await h.as(anonymous).get('/translate').expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.languages).toContainEqual({ language: 'fr', name: 'French' });
    expect(res.body.languages.length).toBeGreaterThan(180);
    expect(Object.keys(res.body)).toEqual(['success', 'languages']);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect((await h.as(someone(), 'na').get('/translate').expect(200)).body.languages).toEqual(res.body.languages);
  });

  it('is only reachable through the gateway (signed identity)', async () => {
    const request = (await import('supertest')).default;
    await request(h.app).get('/translate').expect(401);
  });
});

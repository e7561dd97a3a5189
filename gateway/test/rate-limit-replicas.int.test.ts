import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { RATE_COUNTS_COLLECTION, SharedRateCounts } from '../src/store/rate-counts';
import { gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

describe('rate limits across gateway replicas (real MongoDB-compatible store)', () => {
  let mongo: MongoClient;
  let workspace: Upstream;
  const database = `t_${randomBytes(4).toString('hex')}_gateway`;

  beforeAll(async () => {
    mongo = await new MongoClient(process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27017').connect();
    workspace = await startUpstream('workspace');
  });
  afterAll(async () => {
    await mongo.db(database).dropDatabase();
    await mongo.close();
    await workspace.close();
  });

  /** One replica: its own in-memory counts, synced explicitly here instead of on a timer. */
  const replica = () => {
    const config = loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, RATE_LIMIT_PER_IP: '4', RATE_LIMIT_WINDOW_MS: '600000' }));
    const counts = new SharedRateCounts({ windowMs: config.rateLimit.windowMs, syncMs: 60_000, collection: mongo.db(database).collection(RATE_COUNTS_COLLECTION) });
    return { app: createGateway(config, silentLogger, { rateCounts: counts }), counts };
  };

  it('holds the limit for two replicas together, counting each request in memory', async () => {
    const a = replica();
    const b = replica();
    for (const gateway of [a, a, b, b]) expect((await request(gateway.app).get('/api/workspace/x')).status).toBe(200);
    // Each replica alone has seen 2 of 4; once they have exchanged counts, both know all 4.
    await a.counts.sync();
    await b.counts.sync();
    await a.counts.sync();
    for (const gateway of [a, b]) {
      const res = await request(gateway.app).get('/api/workspace/x');
      expect(res.status).toBe(429);
      expect(res.headers['ratelimit']).toMatch(/"ip"; r=0/);
    }
  });
});

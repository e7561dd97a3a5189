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

  it('removes old windows from the store once per window, not on every sync', async () => {
    const windowMs = 60_000;
    let now = 10 * windowMs;
    const collection = mongo.db(database).collection(RATE_COUNTS_COLLECTION);
    const counts = new SharedRateCounts({ windowMs, syncMs: 60_000, collection, now: () => now });
    await collection.insertOne({ _id: `${7 * windowMs}|ip:old`, windowStart: 7 * windowMs, counts: { other: 1 } });
    const deletes: string[] = [];
    const original = collection.deleteMany.bind(collection);
    jest.spyOn(collection, 'deleteMany').mockImplementation((...args: Parameters<typeof original>) => {
      deletes.push(String(now));
      return original(...args);
    });
    counts.increment('ip:new');
    await counts.sync();
    expect(await collection.countDocuments({ _id: `${7 * windowMs}|ip:old` })).toBe(0);
    await counts.sync();
    await counts.sync();
    expect(deletes).toHaveLength(1);
    now = 11 * windowMs;
    await counts.sync();
    expect(deletes).toHaveLength(2);
  });
});

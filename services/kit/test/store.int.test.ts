/**
 * The MongoDB features the platform's code may use (docs/decisions/0002), proven against
 * the running server: FerretDB locally, mongo:7 where a container engine exists.
 */
import type { Collection } from 'mongodb';
import { OUTBOX_INDEX, RegionalMongo } from '@platform/kit';
import { dropAll, freshMongo } from './support/infra';

interface Account {
  _id: string;
  balance: number;
  tags?: string[];
  region?: string;
  updatedAt?: Date;
}

describe('store helpers against the real MongoDB-compatible server', () => {
  let mongo: RegionalMongo;
  let eu: Collection<Account>;

  beforeAll(async () => {
    mongo = await freshMongo();
    await mongo.ensureIndexes([
      { collection: 'accounts', indexes: [{ key: { email: 1 }, name: 'email_unique', unique: true }, OUTBOX_INDEX] },
    ]);
    eu = mongo.collection<Account>('eu', 'accounts');
  });
  afterAll(() => dropAll(mongo));

  it('keeps the two regions in separate databases', async () => {
    await mongo.collection('eu', 'probe').insertOne({ _id: 'x' } as never);
    expect(await mongo.collection('na', 'probe').countDocuments()).toBe(0);
    expect(await mongo.collection('eu', 'probe').countDocuments()).toBe(1);
    await mongo.ping();
  });

  it('creates unique indexes at start in every region and enforces them', async () => {
    for (const region of mongo.regions()) {
      const names = (await mongo.collection(region, 'accounts').indexes()).map((i) => i.name);
      expect(names).toEqual(expect.arrayContaining(['email_unique', 'outbox_pending']));
    }
    await mongo.collection('na', 'accounts').insertOne({ _id: 'a', email: 'a@b.co' } as never);
    await expect(mongo.collection('na', 'accounts').insertOne({ _id: 'b', email: 'a@b.co' } as never)).rejects.toMatchObject({ code: 11000 });
  });

  it('guards a balance with a conditional $inc (credits never go negative)', async () => {
    await eu.insertOne({ _id: 'acc', balance: 10 });
    const spend = (amount: number) =>
      eu.findOneAndUpdate({ _id: 'acc', balance: { $gte: amount } }, { $inc: { balance: -amount } }, { returnDocument: 'after' });
    const results = await Promise.all([spend(4), spend(4), spend(4)]);
    expect(results.filter(Boolean)).toHaveLength(2);
    expect((await eu.findOne({ _id: 'acc' }))?.balance).toBe(2);
  });

  it('supports the update operators the outbox relies on', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    await eu.insertOne({ _id: 'ops', balance: 0, tags: ['a', 'b', 'c'], updatedAt: new Date('2026-06-01T00:00:00Z') });
    await eu.updateOne({ _id: 'ops' }, { $push: { tags: { $each: ['d', 'e'] } }, $min: { updatedAt: t0 } });
    await eu.updateOne({ _id: 'ops' }, { $pull: { tags: { $in: ['a', 'd'] } } });
    const doc = await eu.findOne({ _id: 'ops' });
    expect(doc?.tags).toEqual(['b', 'c', 'e']);
    expect(doc?.updatedAt).toEqual(t0);
    await eu.updateOne({ _id: 'ops' }, { $pull: { tags: { $in: ['b', 'c', 'e'] } } });
    expect(await eu.countDocuments({ _id: 'ops', tags: { $size: 0 } })).toBe(1);
    await eu.updateOne({ _id: 'ops', tags: { $size: 0 } }, { $unset: { updatedAt: '' } });
    expect(await eu.countDocuments({ _id: 'ops', updatedAt: { $exists: true } })).toBe(0);
  });

  it('pulls array elements matching a condition on a field', async () => {
    const items = mongo.collection('eu', 'items');
    await items.insertOne({ _id: 'doc', list: [{ id: 'e1' }, { id: 'e2' }, { id: 'e3' }] } as never);
    await items.updateOne({ _id: 'doc' } as never, { $pull: { list: { id: { $in: ['e1', 'e3'] } } } } as never);
    expect((await items.findOne({ _id: 'doc' } as never))?.list).toEqual([{ id: 'e2' }]);
  });

  it('claims the oldest matching document with findOneAndUpdate + sort (the relay lease)', async () => {
    const jobs = mongo.collection('eu', 'jobs');
    await jobs.insertMany([
      { _id: 'late', at: new Date(3000) },
      { _id: 'early', at: new Date(1000) },
      { _id: 'mid', at: new Date(2000) },
    ] as never);
    const claim = () =>
      jobs.findOneAndUpdate({ at: { $exists: true }, lease: { $exists: false } }, { $set: { lease: true } }, { sort: { at: 1 }, returnDocument: 'after' });
    const claimed = await Promise.all([claim(), claim(), claim(), claim()]);
    expect(claimed.map((d) => d?._id ?? null).sort()).toEqual(['early', 'late', 'mid', null].sort());
    expect((await claim())).toBeNull();
  });

  it('upserts with an idempotency key', async () => {
    const ledger = mongo.collection('eu', 'ledger');
    for (let i = 0; i < 3; i += 1) {
      await ledger.updateOne({ _id: 'idem-1' } as never, { $setOnInsert: { amount: 5 } }, { upsert: true });
    }
    expect(await ledger.countDocuments()).toBe(1);
  });

  it('runs the aggregation stages reports need', async () => {
    const usage = mongo.collection('eu', 'usage');
    await usage.insertMany([
      { workspaceId: 'w1', kind: 'chat', tokens: 10, at: new Date('2026-01-01') },
      { workspaceId: 'w1', kind: 'voice', tokens: 5, at: new Date('2026-01-02') },
      { workspaceId: 'w1', kind: 'chat', tokens: 7, at: new Date('2026-01-03') },
      { workspaceId: 'w2', kind: 'chat', tokens: 100, at: new Date('2026-01-01') },
    ]);
    const rows = await usage
      .aggregate([
        { $match: { workspaceId: 'w1' } },
        { $group: { _id: '$kind', total: { $sum: '$tokens' }, count: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, kind: '$_id', total: 1, count: 1 } },
        { $limit: 10 },
      ])
      .toArray();
    expect(rows).toEqual([
      { kind: 'chat', total: 17, count: 2 },
      { kind: 'voice', total: 5, count: 1 },
    ]);
    const [counted] = await usage.aggregate([{ $match: { kind: 'chat' } }, { $count: 'n' }]).toArray();
    expect(counted).toEqual({ n: 3 });
    const page = await usage.find({}, { sort: { at: -1, tokens: -1 }, skip: 1, limit: 2, projection: { _id: 0, tokens: 1 } }).toArray();
    expect(page).toEqual([{ tokens: 5 }, { tokens: 100 }]);
  });
});

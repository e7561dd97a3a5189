/**
 * The MongoDB features the platform's code may use (docs/decisions/0002), proven against
 * the running server: FerretDB locally, mongo:7 where a container engine exists.
 */
import type { Collection } from 'mongodb';
import { OUTBOX_INDEX, RegionalMongo } from '@platform/kit';
import { dropAll, freshMongo } from '@platform/test-support';

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

  it('makes each collection object once per region (ADR 0035)', () => {
    expect(mongo.collection('eu', 'probe')).toBe(mongo.collection('eu', 'probe'));
    expect(mongo.collection('na', 'probe')).not.toBe(mongo.collection('eu', 'probe'));
    expect(mongo.collection('na', 'probe').dbName).not.toBe(mongo.collection('eu', 'probe').dbName);
  });

  it('creates unique indexes at start in every region, again without harm, and enforces them', async () => {
    // A restart asks for the same indexes again.
    await mongo.ensureIndexes([
      { collection: 'accounts', indexes: [{ key: { email: 1 }, name: 'email_unique', unique: true }, OUTBOX_INDEX] },
    ]);
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

  it('keeps writes by an _id $in list atomic per document, beside writes by one _id', async () => {
    const counters = mongo.collection<{ _id: string; n: number }>('eu', 'in_counters');
    await counters.insertMany([{ _id: 'a', n: 0 }, { _id: 'b', n: 0 }]);
    await Promise.all(
      Array.from({ length: 50 }, () => [
        counters.updateMany({ _id: { $in: ['a', 'b'] } }, { $inc: { n: 1 } }),
        counters.updateOne({ _id: 'a' }, { $inc: { n: 1 } }),
      ]).flat(),
    );
    expect(await counters.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 'a', n: 100 }, { _id: 'b', n: 50 }]);
  });

  it('writes every document an updateMany matches, beyond one batch of the local store', async () => {
    const many = mongo.collection<{ _id: string; n: number; done?: boolean }>('eu', 'many');
    await many.insertMany(Array.from({ length: 2_500 }, (_, i) => ({ _id: `m-${i}`, n: i })));
    const result = await many.updateMany({ n: { $gte: 100 } }, { $set: { done: true } });
    expect(result).toMatchObject({ matchedCount: 2_400, modifiedCount: 2_400 });
    expect(await many.countDocuments({ done: true })).toBe(2_400);
    expect(await many.countDocuments({ done: { $exists: false }, n: { $lt: 100 } })).toBe(100);
  });

  it('supports the update operators the outbox relies on', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const queue = mongo.collection('eu', 'queue');
    await queue.insertOne({ _id: 'q', list: [{ id: 'e1' }], at: new Date('2026-06-01T00:00:00Z') } as never);
    await queue.updateOne({ _id: 'q' } as never, { $push: { list: { $each: [{ id: 'e2' }, { id: 'e3' }] } }, $min: { at: t0 } } as never);
    expect(await queue.findOne({ _id: 'q' } as never)).toEqual({ _id: 'q', list: [{ id: 'e1' }, { id: 'e2' }, { id: 'e3' }], at: t0 });
    // Removing the head only when it is the expected element (the relay's guarded pop).
    expect((await queue.updateOne({ _id: 'q', 'list.0.id': 'e2' } as never, { $pop: { list: -1 } } as never)).modifiedCount).toBe(0);
    expect((await queue.updateOne({ _id: 'q', 'list.0.id': 'e1' } as never, { $pop: { list: -1 } } as never)).modifiedCount).toBe(1);
    await queue.updateOne({ _id: 'q' } as never, { $pull: { list: { id: 'e3' } } } as never);
    expect((await queue.findOne({ _id: 'q' } as never))?.list).toEqual([{ id: 'e2' }]);
    await queue.updateOne({ _id: 'q' } as never, { $pop: { list: -1 } } as never);
    expect(await queue.countDocuments({ _id: 'q', list: { $size: 0 } } as never)).toBe(1);
    await queue.updateOne({ _id: 'q', list: { $size: 0 } } as never, { $unset: { at: '' } });
    expect(await queue.countDocuments({ _id: 'q', at: { $exists: true } } as never)).toBe(0);
  });

  it('keeps a set with $addToSet and caps an array with a guarded $push', async () => {
    const members = mongo.collection('eu', 'members');
    await members.insertOne({ _id: 'w', emails: ['a@x.co'] } as never);
    await members.updateOne({ _id: 'w' } as never, { $addToSet: { emails: 'a@x.co' } } as never);
    const join = (email: string) => members.updateOne({ _id: 'w', 'emails.1': { $exists: false } } as never, { $addToSet: { emails: email } } as never);
    const results = await Promise.all([join('b@x.co'), join('c@x.co')]);
    expect(results.map((r) => r.modifiedCount).sort()).toEqual([0, 1]);
    expect((await members.findOne({ _id: 'w' } as never))?.emails).toHaveLength(2);
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

  it('runs the aggregation stages reports may use', async () => {
    const usage = mongo.collection('eu', 'usage');
    await usage.insertMany([
      { workspaceId: 'w1', kind: 'chat', tokens: 10, tags: ['x', 'y'] },
      { workspaceId: 'w1', kind: 'voice', tokens: 5, tags: ['y'] },
      { workspaceId: 'w1', kind: 'chat', tokens: 7, tags: [] },
      { workspaceId: 'w2', kind: 'chat', tokens: 100, tags: ['x'] },
    ]);
    // One accumulator per $group: FerretDB v1 computes only the first (ADR 0002).
    const totals = await usage
      .aggregate([{ $match: { workspaceId: 'w1' } }, { $group: { _id: '$kind', total: { $sum: '$tokens' } } }, { $sort: { total: -1 } }, { $limit: 10 }])
      .toArray();
    expect(totals).toEqual([{ _id: 'chat', total: 17 }, { _id: 'voice', total: 5 }]);
    const counts = await usage.aggregate([{ $match: { workspaceId: 'w1' } }, { $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
    expect(counts).toEqual([{ _id: 'chat', count: 2 }, { _id: 'voice', count: 1 }]);
    expect(await usage.aggregate([{ $match: { kind: 'chat' } }, { $count: 'n' }]).toArray()).toEqual([{ n: 3 }]);
    const tags = await usage.aggregate([{ $match: { workspaceId: 'w1' } }, { $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
    expect(tags).toEqual([{ _id: 'x', n: 1 }, { _id: 'y', n: 2 }]);
    const page = await usage.find({}, { sort: { tokens: -1 }, skip: 1, limit: 2, projection: { _id: 0, tokens: 1 } }).toArray();
    expect(page).toEqual([{ tokens: 10 }, { tokens: 7 }]);
  });

  it('answers filters the local store pushes down to indexes exactly as MongoDB does (arrays, mixed types, dates)', async () => {
    const mixed = mongo.collection<{ _id: string; tenant?: string | string[]; n?: unknown; at?: Date }>('eu', 'pushdown');
    await mongo.ensureIndexes([{ collection: 'pushdown', indexes: [{ key: { tenant: 1, at: -1 }, name: 'tenant_recent' }] }]);
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    await mixed.insertMany([
      { _id: 'one', tenant: 't1', n: 1, at: day(1) },
      { _id: 'five', tenant: 't1', n: 5, at: day(5) },
      { _id: 'array', tenant: ['t1', 't2'], n: [1, 9] },
      { _id: 'text', tenant: 't2', n: 'a' },
      { _id: 'null', n: null },
      { _id: 'missing' },
    ]);
    const ids = async (filter: object) => (await mixed.find(filter as never).toArray()).map((d) => d._id).sort();

    expect(await ids({ tenant: 't1' })).toEqual(['array', 'five', 'one']);
    expect(await ids({ _id: { $in: ['one', 'text', 'nope'] } })).toEqual(['one', 'text']);
    expect(await ids({ $or: [{ _id: 'text' }, { tenant: 't1' }] })).toEqual(['array', 'five', 'one', 'text']);
    expect(await ids({ n: { $exists: true } })).toEqual(['array', 'five', 'null', 'one', 'text']);
    expect(await ids({ n: { $lt: 5 } })).toEqual(['array', 'one']);
    expect(await ids({ n: { $lte: 5 } })).toEqual(['array', 'five', 'one']);
    expect(await ids({ n: { $gt: 1 } })).toEqual(['array', 'five']);
    expect(await ids({ n: { $gte: 9 } })).toEqual(['array']);
    expect(await ids({ at: { $lt: day(3) } })).toEqual(['one']);
    expect(await ids({ tenant: 't1', at: { $gte: day(2) } })).toEqual(['five']);
  });
});

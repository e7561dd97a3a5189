/** Group-committed inserts (ADR 0035) against the real store: each caller learns its own outcome. */
import type { Collection } from 'mongodb';
import { GroupedInserts, RegionalMongo, isDuplicateKey } from '@platform/kit';
import { dropAll, freshMongo } from '@platform/test-support';

interface Version {
  _id: string;
  n: number;
}

describe('GroupedInserts', () => {
  let mongo: RegionalMongo;
  let versions: Collection<Version>;
  let commands: number[];

  beforeAll(async () => {
    mongo = await freshMongo();
  });
  afterAll(() => dropAll(mongo));

  beforeEach(async () => {
    versions = mongo.collection<Version>('eu', `versions_${Math.random().toString(36).slice(2, 8)}`);
    commands = [];
    const insertMany = versions.insertMany.bind(versions);
    versions.insertMany = ((docs: Version[], options) => {
      commands.push(docs.length);
      return insertMany(docs, options);
    }) as typeof versions.insertMany;
  });

  it('stores a lone document at once, in one command', async () => {
    await new GroupedInserts(versions).insert({ _id: 'a', n: 1 });
    expect(commands).toEqual([1]);
    expect(await versions.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
  });

  it('stores every document of concurrent writers, those arriving during a write together in the next', async () => {
    const inserts = new GroupedInserts(versions);
    await Promise.all(Array.from({ length: 20 }, (_, n) => inserts.insert({ _id: `v${n}`, n })));
    expect(await versions.countDocuments()).toBe(20);
    expect(commands.reduce((a, b) => a + b, 0)).toBe(20);
    // the first goes alone; the 19 that came while it was written share the next command
    expect(commands).toEqual([1, 19]);
  });

  it('fails only the caller whose document the store refused; the others of its group are stored', async () => {
    const inserts = new GroupedInserts(versions);
    await inserts.insert({ _id: 'taken', n: 0 });
    const outcomes = await Promise.allSettled([
      inserts.insert({ _id: 'first', n: 1 }),
      inserts.insert({ _id: 'second', n: 2 }),
      inserts.insert({ _id: 'taken', n: 3 }),
      inserts.insert({ _id: 'third', n: 4 }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isDuplicateKey((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(commands).toEqual([1, 1, 3]);
    expect((await versions.find().sort({ n: 1 }).toArray()).map((v) => v._id)).toEqual(['taken', 'first', 'second', 'third']);
  });

  it('takes new documents after a failed group', async () => {
    const inserts = new GroupedInserts(versions);
    await inserts.insert({ _id: 'x', n: 1 });
    await expect(inserts.insert({ _id: 'x', n: 2 })).rejects.toMatchObject({ code: 11000 });
    await inserts.insert({ _id: 'y', n: 3 });
    expect(await versions.countDocuments()).toBe(2);
  });
});

import type { Kafka, Producer } from 'kafkajs';
import type { EventEnvelope } from '@platform/contracts';
import { createProducer, insertWithOutbox, outboxEntry, OutboxRelay, RegionalMongo, updateWithOutbox } from '@platform/kit';
import { createTopic, dropAll, freshMongo, kafkaProcess, logger, readTopicWithKcat, testKafka, uniqueName, waitFor } from '@platform/test-support';

const envelope = (id: string, workspaceId: string, data: Record<string, unknown>): EventEnvelope =>
  ({ id, type: 'test-event', version: 1, occurredAt: new Date().toISOString(), region: 'eu', workspaceId, data }) as EventEnvelope;

describe('outbox relay against real Kafka', () => {
  let mongo: RegionalMongo;
  let kafka: Kafka;
  let producer: Producer;
  let relay: OutboxRelay;
  const topic = uniqueName('test.outbox');

  beforeAll(async () => {
    mongo = await freshMongo();
    kafka = testKafka();
    await createTopic(kafka, topic, 3);
    producer = createProducer(kafka);
    await producer.connect();
    relay = new OutboxRelay({ mongo, producer, collections: ['things'], logger, pollMs: 100, maxBackoffMs: 1_000 });
  });

  afterAll(async () => {
    await relay.stop();
    await producer.disconnect();
    await dropAll(mongo);
  });

  const pending = () => mongo.collection('eu', 'things').countDocuments({ _outboxAt: { $exists: true } });

  it('delivers every event exactly once, in order per key, across a Kafka restart', async () => {
    const things = mongo.collection('eu', 'things');
    const keys = ['agent-a', 'agent-b', 'agent-c'];
    let seq = 0;
    const change = async (key: string) => {
      seq += 1;
      const entry = outboxEntry(topic, key, envelope(`evt-${seq}`, 'w1', { key, seq }));
      const exists = await things.countDocuments({ _id: key } as never);
      if (exists) await things.updateOne({ _id: key } as never, updateWithOutbox({ $inc: { version: 1 } }, [entry]));
      else await things.insertOne(insertWithOutbox({ _id: key, version: 1 }, [entry]) as never);
    };

    relay.start();
    for (const key of keys) await change(key);
    await waitFor(async () => (await pending()) === 0);

    await kafkaProcess('stop');
    try {
      for (let i = 0; i < 12; i += 1) await change(keys[i % keys.length]!);
      relay.nudge();
      // Kafka is down: the state changed, the events wait in the documents.
      expect(await things.countDocuments({ version: 5 } as never)).toBe(3);
      expect(await pending()).toBe(3);
    } finally {
      await kafkaProcess('start');
    }

    for (const key of keys) await change(key);
    relay.nudge();
    await waitFor(async () => (await pending()) === 0, 90_000, 200);

    const records = await waitFor(async () => {
      const read = await readTopicWithKcat(topic);
      return read.length >= seq ? read : undefined;
    }, 60_000, 500);
    const events = records.map((r) => ({ key: r.key, ...(JSON.parse(r.value) as EventEnvelope) }));
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Array.from({ length: seq }, (_, i) => `evt-${i + 1}`).sort());
    for (const key of keys) {
      const order = events.filter((e) => e.key === key).map((e) => (e.data as { seq: number }).seq);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order).toHaveLength(seq / keys.length);
    }
  });

  it('claims and publishes a backlog in batches, one Kafka request per batch', async () => {
    const backlog = mongo.collection('eu', 'backlog');
    const batchTopic = uniqueName('test.outbox-batch');
    await createTopic(kafka, batchTopic, 3);
    const docs = Array.from({ length: 250 }, (_, i) =>
      insertWithOutbox({ _id: `doc-${i}` }, [0, 1].map((n) => outboxEntry(batchTopic, `doc-${i}`, envelope(`batch-${i}-${n}`, 'w1', { n })))),
    );
    await backlog.insertMany(docs as never[]);
    const requests = { send: 0, sendBatch: 0 };
    const counting = {
      send: (...args: Parameters<Producer['send']>) => ((requests.send += 1), producer.send(...args)),
      sendBatch: (...args: Parameters<Producer['sendBatch']>) => ((requests.sendBatch += 1), producer.sendBatch(...args)),
    } as unknown as Producer;
    const batching = new OutboxRelay({ mongo, producer: counting, collections: ['backlog'], logger, batchSize: 200, sendSize: 100 });

    expect(await batching.drainOnce()).toBe(500);
    expect(requests).toEqual({ send: 0, sendBatch: 3 });
    expect(await backlog.countDocuments({ _outboxAt: { $exists: true } })).toBe(0);
    const records = await waitFor(async () => {
      const read = await readTopicWithKcat(batchTopic);
      return read.length >= 500 ? read : undefined;
    }, 60_000, 500);
    for (const key of ['doc-0', 'doc-249']) {
      expect(records.filter((r) => r.key === key).map((r) => (JSON.parse(r.value) as EventEnvelope).data)).toEqual([{ n: 0 }, { n: 1 }]);
    }
  });

  it('relays a collection from one instance at a time: another takes over once the holder stops', async () => {
    const leased = mongo.collection('eu', 'leased');
    const leaseTopic = uniqueName('test.outbox-lease');
    await createTopic(kafka, leaseTopic, 1);
    const write = (id: string) => leased.insertOne(insertWithOutbox({ _id: id }, [outboxEntry(leaseTopic, id, envelope(`lease-${id}`, 'w1', {}))]) as never);
    const first = new OutboxRelay({ mongo, producer, collections: ['leased'], logger });
    const second = new OutboxRelay({ mongo, producer, collections: ['leased'], logger });

    await write('one');
    expect(await first.drainOnce()).toBe(1);
    await write('two');
    // The first instance holds the collection's lease: the second leaves its documents alone.
    expect(await second.drainOnce()).toBe(0);
    expect(await leased.countDocuments({ _outboxAt: { $exists: true } })).toBe(1);
    await first.stop();
    expect(await second.drainOnce()).toBe(1);
    await second.stop();
  });

  it('catches up a backlog written during a Kafka outage within seconds of the broker coming back', async () => {
    const outage = mongo.collection('eu', 'outage');
    const outageTopic = uniqueName('test.outbox-outage');
    await createTopic(kafka, outageTopic, 3);
    const catchingUp = new OutboxRelay({ mongo, producer, collections: ['outage'], logger, pollMs: 100 });
    catchingUp.start();
    const count = 3_000;
    await kafkaProcess('stop');
    let backAt = 0;
    try {
      for (let i = 0; i < count; i += 500) {
        const docs = Array.from({ length: 500 }, (_, k) => insertWithOutbox({ _id: `o-${i + k}` }, [outboxEntry(outageTopic, `o-${i + k}`, envelope(`outage-${i + k}`, 'w1', {}))]));
        await outage.insertMany(docs as never[]);
      }
      catchingUp.nudge();
    } finally {
      await kafkaProcess('start');
      backAt = Date.now();
    }
    // Published: every event readable by a partner's kcat.
    const records = await waitFor(async () => {
      const read = await readTopicWithKcat(outageTopic);
      return read.length >= count ? read : undefined;
    }, 60_000, 200);
    const caughtUpMs = Date.now() - backAt;
    // The goal is 5 s (make bench); on this machine's shared cores this relay took 2.5-6.5 s
    // here, a version that read the backlog again once Kafka was back 10-16.5 s (ADR 0011).
    expect(caughtUpMs).toBeLessThan(10_000);
    expect(new Set(records.map((r) => (JSON.parse(r.value) as EventEnvelope).id)).size).toBe(count);
    await waitFor(async () => (await outage.countDocuments({ _outboxAt: { $exists: true } })) === 0, 30_000, 100);
    await catchingUp.stop();
  });

  it('connects a producer that could not connect when the service started', async () => {
    const late = mongo.collection('eu', 'late');
    const lateTopic = uniqueName('test.outbox-late');
    await createTopic(kafka, lateTopic, 1);
    await late.insertOne(insertWithOutbox({ _id: 'late-1' }, [outboxEntry(lateTopic, 'late-1', envelope('late-1', 'w1', {}))]) as never);
    // Never connected, as after a failed connect at start (Kafka was down).
    const unconnected = createProducer(kafka);
    const relaying = new OutboxRelay({ mongo, producer: unconnected, collections: ['late'], logger, pollMs: 100 });
    relaying.start();
    try {
      await waitFor(async () => (await late.countDocuments({ _outboxAt: { $exists: true } })) === 0, 30_000);
    } finally {
      await relaying.stop();
      await unconnected.disconnect();
    }
    expect((await readTopicWithKcat(lateTopic)).map((r) => r.key)).toEqual(['late-1']);
  });

  /** `mongo` whose `name` collection of the EU region counts the relay's reads (find) of it. */
  const countingReads = (name: string) => {
    const reads = { count: 0 };
    const wrapped = Object.create(mongo) as RegionalMongo;
    wrapped.collection = ((region: Parameters<RegionalMongo['collection']>[0], collection: string) => {
      const real = mongo.collection(region, collection);
      if (region !== 'eu' || collection !== name) return real;
      const counted = Object.create(real) as typeof real;
      counted.find = ((...args: Parameters<typeof real.find>) => ((reads.count += 1), real.find(...args))) as typeof real.find;
      return counted;
    }) as RegionalMongo['collection'];
    return { wrapped, reads };
  };

  it('sends an inserted document handed over by its writer at once, without reading the collection', async () => {
    const handed = mongo.collection('eu', 'handed');
    const handedTopic = uniqueName('test.outbox-handed');
    await createTopic(kafka, handedTopic, 1);
    const { wrapped, reads } = countingReads('handed');
    // Only the first look would find the document: the next one is a minute away.
    const relaying = new OutboxRelay({ mongo: wrapped, producer, collections: ['handed'], logger, pollMs: 60_000, maxIdlePollMs: 60_000 });
    relaying.start();
    try {
      // The first look takes the collection's lease before it reads.
      await waitFor(async () => reads.count === 1);
      const document = insertWithOutbox({ _id: 'handed-1' }, [outboxEntry(handedTopic, 'handed-1', envelope('handed-1', 'w1', {}))]);
      await handed.insertOne(document as never);
      relaying.nudge({ region: 'eu', collection: 'handed', document: document as never });
      await waitFor(async () => (await handed.countDocuments({ _outboxAt: { $exists: true } })) === 0, 10_000, 50);
      expect(reads.count).toBe(1);
      expect((await readTopicWithKcat(handedTopic)).map((r) => r.key)).toEqual(['handed-1']);
    } finally {
      await relaying.stop();
    }
  });

  it('keeps the events of a document cleared and written again since it was handed over', async () => {
    const handed = mongo.collection('eu', 'handed-again');
    const againTopic = uniqueName('test.outbox-handed-again');
    await createTopic(kafka, againTopic, 1);
    const first = insertWithOutbox({ _id: 'again-1' }, [outboxEntry(againTopic, 'again-1', envelope('again-first', 'w1', {}))]);
    // Stored: the first event already sent and cleared, a second one appended since.
    await handed.insertOne(insertWithOutbox({ _id: 'again-1' }, [outboxEntry(againTopic, 'again-1', envelope('again-second', 'w1', {}))]) as never);
    const relaying = new OutboxRelay({ mongo, producer, collections: ['handed-again'], logger });
    try {
      expect(await relaying.drainOnce(false)).toBe(0); // takes the lease; no hand-off, no look
      relaying.nudge({ region: 'eu', collection: 'handed-again', document: first as never });
      // The stale hand-off goes out again (consumers dedupe by event id), and the clean-up leaves the second event.
      expect(await relaying.drainOnce(false)).toBe(1);
      expect(await handed.countDocuments({ _outboxAt: { $exists: true } })).toBe(1);
      expect(await relaying.drainOnce()).toBe(1);
      expect(await handed.countDocuments({ _outboxAt: { $exists: true } })).toBe(0);
      const ids = (await readTopicWithKcat(againTopic)).map((r) => (JSON.parse(r.value) as EventEnvelope).id);
      expect(ids).toEqual(['again-first', 'again-second']);
    } finally {
      await relaying.stop();
    }
  });

  it('publishes nothing for a change that did not happen', async () => {
    const things = mongo.collection('eu', 'things');
    const entry = outboxEntry(topic, 'agent-a', envelope('evt-duplicate-insert', 'w1', {}));
    await expect(things.insertOne(insertWithOutbox({ _id: 'agent-a' }, [entry]) as never)).rejects.toMatchObject({ code: 11000 });
    expect(await relay.drainOnce()).toBe(0);
    const records = await readTopicWithKcat(topic);
    expect(records.some((r) => r.value.includes('evt-duplicate-insert'))).toBe(false);
  });
});

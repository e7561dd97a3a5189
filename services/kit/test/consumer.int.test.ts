import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka, Producer } from 'kafkajs';
import type { EventEnvelope } from '@platform/contracts';
import { createProducer, PROCESSED_EVENTS_COLLECTION, RegionalMongo, startIdempotentConsumer, type ConsumedEvent } from '@platform/kit';
import { createTopic, dropAll, freshMongo, logger, readTopicWithKcat, testKafka, uniqueName, waitFor } from '@platform/test-support';

const eventIds = new Map<string, string>();
/** A valid envelope whose id stays the same for the same label, so redeliveries can be sent. */
const envelope = (label: string, data: Record<string, unknown> = {}): EventEnvelope => {
  if (!eventIds.has(label)) eventIds.set(label, randomUUID());
  return { id: eventIds.get(label)!, type: 'test-event', version: 1, occurredAt: new Date().toISOString(), region: 'na', workspaceId: 'w1', data: { ...data, label } };
};

describe('idempotent consumer against real Kafka', () => {
  let mongo: RegionalMongo;
  let kafka: Kafka;
  let producer: Producer;
  let consumer: Consumer | undefined;
  const topic = uniqueName('test.consumer');

  beforeAll(async () => {
    mongo = await freshMongo();
    kafka = testKafka();
    await createTopic(kafka, topic, 1);
    await createTopic(kafka, `${topic}.dlq`, 1);
    producer = createProducer(kafka);
    await producer.connect();
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await producer.disconnect();
    await dropAll(mongo);
  });

  it('handles each event once, retries failures, and dead-letters what keeps failing', async () => {
    const handled: string[] = [];
    const attempts = new Map<string, number>();
    const handle = async ({ event }: ConsumedEvent) => {
      const label = event.data.label as string;
      const n = (attempts.get(label) ?? 0) + 1;
      attempts.set(label, n);
      if (event.data.failTimes && n <= (event.data.failTimes as number)) throw new Error(`failure ${n}`);
      handled.push(label);
    };
    const send = (value: string) => producer.send({ topic, messages: [{ key: 'k', value }] });

    await send(JSON.stringify(envelope('e1')));
    await send(JSON.stringify(envelope('e1'))); // a redelivery of the same event
    await send(JSON.stringify(envelope('e2', { failTimes: 2 })));
    await send(JSON.stringify(envelope('e3', { failTimes: 99 })));
    await send('not json at all');
    await send(JSON.stringify(envelope('e4')));

    consumer = await startIdempotentConsumer({
      kafka, groupId: uniqueName('group'), topics: [topic], handle, mongo, producer, logger, maxAttempts: 3, baseBackoffMs: 20,
    });

    await waitFor(async () => handled.includes('e4'), 60_000);
    expect(handled).toEqual(['e1', 'e2', 'e4']);
    expect(attempts.get('e2')).toBe(3);
    expect(attempts.get('e3')).toBe(3);

    const dead = await waitFor(async () => {
      const read = await readTopicWithKcat(`${topic}.dlq`);
      return read.length >= 2 ? read : undefined;
    });
    expect(dead).toHaveLength(2);
    expect(JSON.parse(dead[0]!.value).id).toBe(eventIds.get('e3'));
    expect(dead[1]!.value).toBe('not json at all');
    const markers = await mongo.collection('na', PROCESSED_EVENTS_COLLECTION).find().toArray();
    expect(markers.map((m) => m.outcome).sort()).toEqual(['dead-lettered', 'handled', 'handled', 'handled']);
  });

  it('reads and writes its markers once per batch, not once per event, and skips what an earlier run marked', async () => {
    const batchTopic = uniqueName('test.consumer-batch');
    await createTopic(kafka, batchTopic, 1);
    await createTopic(kafka, `${batchTopic}.dlq`, 1);
    const groupId = uniqueName('group');
    const events = Array.from({ length: 60 }, (_, n) => envelope(`batch-${n}`));
    // The first ten were handled by an earlier run of this group.
    await mongo.collection('na', PROCESSED_EVENTS_COLLECTION).insertMany(events.slice(0, 10).map((e) => ({ _id: `${groupId}:${e.id}`, outcome: 'handled', at: new Date() }) as never));
    await producer.send({ topic: batchTopic, messages: events.map((e) => ({ key: 'k', value: JSON.stringify(e) })) });

    const calls: string[] = [];
    const counted = {
      collection: (region: 'na', name: string) => {
        const real = mongo.collection(region, name);
        return new Proxy(real, { get: (target, prop, receiver) => (typeof prop === 'string' && /^(find|findOne|insertOne|insertMany)$/.test(prop) ? (calls.push(prop), Reflect.get(target, prop, receiver)) : Reflect.get(target, prop, receiver)) });
      },
    } as unknown as RegionalMongo;
    const handled: string[] = [];
    const batchConsumer = await startIdempotentConsumer({
      kafka, groupId, topics: [batchTopic], mongo: counted, producer, logger,
      handle: async ({ event }) => void handled.push(event.data.label as string),
    });
    try {
      await waitFor(async () => (await mongo.collection('na', PROCESSED_EVENTS_COLLECTION).countDocuments({ _id: { $in: events.map((e) => `${groupId}:${e.id}`) } } as never)) === 60 || undefined, 60_000);
    } finally {
      await batchConsumer.disconnect();
    }
    expect(handled).toEqual(events.slice(10).map((e) => e.data.label));
    // 60 events in one or a few fetched batches: a read and a write each, not 60 of each.
    expect(calls.filter((c) => c === 'findOne' || c === 'insertOne')).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(8);
  });
});

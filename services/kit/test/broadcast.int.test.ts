import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import type { EventEnvelope } from '@platform/contracts';
import { BroadcastConsumer, createProducer } from '@platform/kit';
import { createTopic, logger, testKafka, uniqueName, waitFor } from '@platform/test-support';

const envelope = (label: string): EventEnvelope => ({
  id: randomUUID(), type: 'test-event', version: 1, occurredAt: new Date().toISOString(), region: 'eu', workspaceId: 'w1', data: { label },
});

describe('broadcast consumer against real Kafka', () => {
  const topic = uniqueName('test.broadcast');
  let producer: Producer;
  const consumers: BroadcastConsumer[] = [];

  beforeAll(async () => {
    const kafka = testKafka();
    await createTopic(kafka, topic, 2);
    producer = createProducer(kafka);
    await producer.connect();
  });
  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await producer.disconnect();
  });

  const listener = () => {
    const seen: string[] = [];
    const consumer = new BroadcastConsumer({
      kafka: testKafka(), groupPrefix: 'test-broadcast', topics: [topic], logger, handle: (event) => void seen.push(event.data.label as string),
    }).start();
    consumers.push(consumer);
    return { consumer, seen };
  };
  const send = (value: string, key = 'k') => producer.send({ topic, messages: [{ key, value }] });

  it('gives every instance every event written after it joined, skipping malformed ones', async () => {
    await send(JSON.stringify(envelope('before')));
    const a = listener();
    const b = listener();
    expect(a.consumer.groupId).not.toBe(b.consumer.groupId);
    // A new group starts at the latest offset once joined: send markers until both see one.
    await waitFor(async () => {
      await send(JSON.stringify(envelope('marker')));
      return waitFor(async () => a.seen.includes('marker') && b.seen.includes('marker'), 2_000, 50).catch(() => false);
    }, 90_000, 0);

    await send('not json');
    await send(JSON.stringify({ ...envelope('x'), id: 'not-a-uuid' }));
    await send(JSON.stringify(envelope('one')), 'k1');
    await send(JSON.stringify(envelope('two')), 'k2');
    for (const { seen } of [a, b]) {
      await waitFor(async () => seen.includes('one') && seen.includes('two'), 10_000, 50);
      expect(seen).not.toContain('before');
      expect(seen).not.toContain('x');
    }
  }, 120_000);
});

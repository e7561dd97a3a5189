import type { Kafka, Producer, ProducerBatch } from 'kafkajs';
import { CoalescingProducer, createProducer } from '@platform/kit';
import { createTopic, readTopicWithKcat, testKafka, uniqueName } from '@platform/test-support';

describe('CoalescingProducer against real Kafka', () => {
  let kafka: Kafka;
  let producer: Producer;
  const topic = uniqueName('test.coalesced');

  beforeAll(async () => {
    kafka = testKafka();
    await createTopic(kafka, topic, 3);
    producer = createProducer(kafka);
    await producer.connect();
  });
  afterAll(async () => {
    await producer.disconnect();
  });

  /** The real producer, recording each produce request and which keys the broker has acknowledged. */
  function recorded() {
    const requests: number[] = [];
    const acknowledged = new Set<string>();
    const sendBatch = async (batch: ProducerBatch) => {
      const keys = batch.topicMessages!.flatMap((t) => t.messages.map((m) => String(m.key)));
      requests.push(keys.length);
      expect(batch.acks).toBe(-1);
      const result = await producer.sendBatch(batch);
      for (const key of keys) acknowledged.add(key);
      return result;
    };
    return { sendBatch, requests, acknowledged };
  }

  it('sends concurrent messages in fewer produce requests, each caller answered only once its own message is acknowledged, each once on the topic', async () => {
    const real = recorded();
    const coalescing = new CoalescingProducer(real);
    const keys = Array.from({ length: 200 }, (_, n) => `k${n}`);
    const answeredAfterAck: boolean[] = [];
    await Promise.all(
      keys.map((key) => coalescing.send(topic, { key, value: `v-${key}` }).then(() => void answeredAfterAck.push(real.acknowledged.has(key)))),
    );
    expect(answeredAfterAck).toHaveLength(keys.length);
    expect(answeredAfterAck.every(Boolean)).toBe(true);
    expect(real.requests.length).toBeLessThan(keys.length / 10);
    expect(real.requests.reduce((a, b) => a + b, 0)).toBe(keys.length);

    const onTopic = await readTopicWithKcat(topic);
    const copies = new Map<string, number>();
    for (const { key } of onTopic) copies.set(key, (copies.get(key) ?? 0) + 1);
    expect(keys.map((key) => copies.get(key))).toEqual(keys.map(() => 1));
  });

  it('fails every caller of a batch the broker refuses, and sends the next batch normally', async () => {
    const coalescing = new CoalescingProducer(recorded());
    const missing = uniqueName('test.no-such-topic');
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => coalescing.send(missing, { key: `m${n}`, value: 'x' })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 'rejected'));
    await expect(coalescing.send(topic, { key: 'after', value: 'after' })).resolves.toBeUndefined();
  });
});

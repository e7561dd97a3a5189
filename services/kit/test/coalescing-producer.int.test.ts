import type { Kafka, Producer, ProducerBatch } from 'kafkajs';
import { CoalescingProducer, MAX_GATHER_MS, createProducer } from '@platform/kit';
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
  describe('adaptive gathering (a producer that acknowledges at once, a clock the test moves)', () => {
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    function instant() {
      const requests: number[] = [];
      const sendBatch = async (batch: ProducerBatch) => {
        requests.push(batch.topicMessages!.reduce((sum, t) => sum + t.messages.length, 0));
        return [];
      };
      return { sendBatch, requests };
    }

    it('under load (a message every 0.2 ms), holds a batch up to its oldest message\'s gathering time instead of sending one request per message', async () => {
      let clock = 0;
      const producer = instant();
      const coalescing = new CoalescingProducer(producer, () => clock);
      const sent: Promise<void>[] = [];
      for (let n = 0; n < 300; n += 1) {
        sent.push(coalescing.send(topic, { key: `k${n}`, value: 'v' }));
        clock += 0.2;
        await nextTurn();
      }
      await Promise.all(sent);
      expect(producer.requests.reduce((a, b) => a + b, 0)).toBe(300);
      // One request per message (300) when each goes in the turn it arrives.
      expect(producer.requests.length).toBeLessThan(30);
    });

    it('at low load (messages 20 ms apart), sends each message in the turn it arrives: nothing waits for a gathering timer', async () => {
      let clock = 0;
      const timerFiredBeforeSend: boolean[] = [];
      let timerFired = false;
      const producer = instant();
      const coalescing = new CoalescingProducer(
        {
          sendBatch: (batch) => {
            timerFiredBeforeSend.push(timerFired);
            return producer.sendBatch(batch);
          },
        },
        () => clock,
      );
      for (let n = 0; n < 20; n += 1) {
        timerFired = false;
        const timer = setTimeout(() => (timerFired = true), MAX_GATHER_MS);
        await coalescing.send(topic, { key: `k${n}`, value: 'v' });
        clearTimeout(timer);
        clock += 20;
      }
      expect(producer.requests).toEqual(producer.requests.map(() => 1));
      expect(timerFiredBeforeSend).toEqual(timerFiredBeforeSend.map(() => false));
    });
  });
});

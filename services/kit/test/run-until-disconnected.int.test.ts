import { KafkaJSNonRetriableError, type Consumer, type ConsumerRunConfig, type Producer } from 'kafkajs';
import { createProducer, runUntilDisconnected } from '@platform/kit';
import { createTopic, logger, testKafka, uniqueName, waitFor } from '@platform/test-support';

/**
 * A consumer ended by an error kafkajs does not restart after (as a broker restart can end it,
 * KafkaJSGroupCoordinatorNotFound) stays ended under kafkajs alone; run through
 * runUntilDisconnected it runs again and gets the uncommitted message once more.
 */
describe('runUntilDisconnected against real Kafka', () => {
  const topic = uniqueName('test.run-until-disconnected');
  let producer: Producer;
  const consumers: Consumer[] = [];

  beforeAll(async () => {
    const kafka = testKafka();
    await createTopic(kafka, topic, 1);
    producer = createProducer(kafka);
    await producer.connect();
  });
  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.disconnect()));
    await producer.disconnect();
  });

  /** A consumer of its own group whose first message ends it with a non-retriable error. */
  const endedOnce = (run: (consumer: Consumer, config: ConsumerRunConfig) => Promise<void>) => {
    const seen: string[] = [];
    const crashes: boolean[] = [];
    const consumer = testKafka().consumer({ groupId: uniqueName('test-run-until'), retry: { retries: 0 } });
    consumers.push(consumer);
    consumer.on(consumer.events.CRASH, ({ payload }) => void crashes.push(payload.restart));
    const config: ConsumerRunConfig = {
      eachMessage: async ({ message }) => {
        seen.push(message.value!.toString());
        if (seen.length === 1) throw new KafkaJSNonRetriableError('ended on purpose');
      },
    };
    return {
      seen,
      crashes,
      start: async () => {
        await consumer.connect();
        await consumer.subscribe({ topic, fromBeginning: true });
        await run(consumer, config);
      },
    };
  };

  it('runs a consumer again after a crash kafkajs leaves ended', async () => {
    await producer.send({ topic, messages: [{ key: 'k', value: 'first' }] });

    const plain = endedOnce((consumer, config) => consumer.run(config));
    await plain.start();
    await waitFor(async () => plain.crashes.length > 0, 30_000, 50);
    expect(plain.crashes).toEqual([false]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(plain.seen).toEqual(['first']);

    const kept = endedOnce((consumer, config) => runUntilDisconnected(consumer, config, logger, 500));
    await kept.start();
    await waitFor(async () => kept.seen.length >= 2, 30_000, 50);
    expect(kept.crashes).toEqual([false]);
    expect(kept.seen).toEqual(['first', 'first']);
    await producer.send({ topic, messages: [{ key: 'k', value: 'second' }] });
    await waitFor(async () => kept.seen.includes('second'), 30_000, 50);
  }, 90_000);
});

import type { Consumer, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { dlqTopic, eventEnvelopeSchema, type EventEnvelope } from '@platform/contracts';
import type { Logger } from '../logger';
import type { RegionalMongo } from '../mongo/regional';

export interface ConsumedEvent {
  event: EventEnvelope;
  topic: string;
  partition: number;
  offset: string;
}

export interface IdempotentConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  /** Must be safe to run again for the same event: it can crash after acting but before the event is marked. */
  handle: (consumed: ConsumedEvent) => Promise<void>;
  mongo: RegionalMongo;
  /** Sends dead letters; the service's producer. */
  producer: Producer;
  logger: Logger;
  /** Attempts before an event goes to the dead-letter topic. */
  maxAttempts?: number;
  baseBackoffMs?: number;
  fromBeginning?: boolean;
  /**
   * Partitions handled at once (default 1). Order holds within a partition, so a slow handler
   * (an LLM answer takes seconds) on one partition does not hold up the others.
   */
  partitionsConsumedConcurrently?: number;
}

/** Where each consumer group remembers the events it has handled (per region). */
export const PROCESSED_EVENTS_COLLECTION = 'processed_events';

type Outcome = 'handled' | 'dead-lettered';

/**
 * Consumes with at-least-once delivery and handles each event once per group: events
 * already recorded in `processed_events` are skipped, failures are retried with
 * exponential backoff, and after `maxAttempts` the message goes to `<topic>.dlq` so the
 * partition keeps moving. Malformed messages go to the dead-letter topic at once.
 */
export async function startIdempotentConsumer(options: IdempotentConsumerOptions): Promise<Consumer> {
  const log = options.logger.child({ component: 'consumer', groupId: options.groupId });
  const consumer = options.kafka.consumer({ groupId: options.groupId, allowAutoTopicCreation: false });
  await consumer.connect();
  for (const topic of options.topics) await consumer.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });

  await consumer.run({
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachMessage: async ({ topic, partition, message }) => {
      const event = parseEnvelope(message);
      if (!event) {
        await deadLetter(options.producer, topic, partition, message, 'malformed event envelope');
        log.warn({ topic, partition, offset: message.offset }, 'malformed event sent to dead-letter topic');
        return;
      }
      const processed = options.mongo.collection<{ _id: string }>(event.region, PROCESSED_EVENTS_COLLECTION);
      const markerId = `${options.groupId}:${event.id}`;
      if (await processed.findOne({ _id: markerId })) return;

      const outcome = await handleWithRetries(options, { event, topic, partition, offset: message.offset }, message, log);
      try {
        await processed.insertOne({ _id: markerId, outcome, at: new Date() } as never);
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
      }
    },
  });
  return consumer;
}

async function handleWithRetries(
  options: IdempotentConsumerOptions,
  consumed: ConsumedEvent,
  message: KafkaMessage,
  log: Logger,
): Promise<Outcome> {
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await options.handle(consumed);
      return 'handled';
    } catch (err) {
      if (attempt >= maxAttempts) {
        await deadLetter(options.producer, consumed.topic, consumed.partition, message, String((err as Error)?.message ?? err));
        log.error({ err, eventId: consumed.event.id, attempts: attempt }, 'event sent to dead-letter topic');
        return 'dead-lettered';
      }
      const delay = (options.baseBackoffMs ?? 200) * 2 ** (attempt - 1);
      log.warn({ err, eventId: consumed.event.id, attempt, delay }, 'event handler failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function parseEnvelope(message: KafkaMessage): EventEnvelope | null {
  try {
    const { value, error } = eventEnvelopeSchema.validate(JSON.parse(message.value?.toString('utf8') ?? ''));
    return error ? null : (value as EventEnvelope);
  } catch {
    return null;
  }
}

async function deadLetter(producer: Producer, topic: string, partition: number, message: KafkaMessage, reason: string) {
  await producer.send({
    topic: dlqTopic(topic),
    messages: [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          'dlq-reason': reason.slice(0, 1_000),
          'dlq-source-topic': topic,
          'dlq-source-partition': String(partition),
          'dlq-source-offset': message.offset,
        },
      },
    ],
  });
}

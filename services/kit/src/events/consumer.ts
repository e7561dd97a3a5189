import type { Consumer, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { dlqTopic, eventEnvelopeSchema, type EventEnvelope, type Region } from '@platform/contracts';
import type { Logger } from '../logger';
import { runUntilDisconnected } from './run-until-disconnected';
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

/** Handled events are marked at the latest this long after the first unmarked one (a batch of slow handlers still commits as it goes). */
const MARK_EVERY_MS = 250;

interface Marker {
  _id: string;
  outcome: Outcome;
  at: Date;
}

/**
 * Consumes with at-least-once delivery and handles each event once per group: events
 * already recorded in `processed_events` are skipped, failures are retried with
 * exponential backoff, and after `maxAttempts` the message goes to `<topic>.dlq` so the
 * partition keeps moving. Malformed messages go to the dead-letter topic at once.
 *
 * The bookkeeping is per fetched batch, not per event: one read of the batch's markers, and
 * the handled events' markers written together (at the end of the batch, or every
 * MARK_EVERY_MS while slow handlers run) before their offsets are committed. A crash between a
 * handler and its marker runs that handler again, as it could before.
 */
export async function startIdempotentConsumer(options: IdempotentConsumerOptions): Promise<Consumer> {
  const log = options.logger.child({ component: 'consumer', groupId: options.groupId });
  const consumer = options.kafka.consumer({ groupId: options.groupId, allowAutoTopicCreation: false });
  await consumer.connect();
  for (const topic of options.topics) await consumer.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });
  const markerId = (event: EventEnvelope) => `${options.groupId}:${event.id}`;

  await runUntilDisconnected(consumer, {
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary }) => {
      const { topic, partition } = batch;
      const messages = batch.messages.map((message) => ({ message, event: parseEnvelope(message) }));
      const seen = await markedAlready(options, messages.flatMap(({ event }) => (event ? [event] : [])), markerId);
      let unmarked: Array<{ region: string; marker: Marker; offset: string }> = [];
      let firstUnmarkedAt = 0;
      const mark = async (commit: boolean) => {
        if (!unmarked.length) return;
        const byRegion = new Map<string, Marker[]>();
        for (const { region, marker } of unmarked) byRegion.set(region, [...(byRegion.get(region) ?? []), marker]);
        for (const [region, markers] of byRegion) await insertMarkers(options, region, markers);
        resolveOffset(unmarked[unmarked.length - 1]!.offset);
        unmarked = [];
        if (commit) await commitOffsetsIfNecessary();
      };

      try {
        for (const { message, event } of messages) {
          if (!isRunning() || isStale()) break;
          if (!event) {
            await deadLetter(options.producer, topic, partition, message, 'malformed event envelope');
            log.warn({ topic, partition, offset: message.offset }, 'malformed event sent to dead-letter topic');
          } else if (!seen.has(markerId(event))) {
            seen.add(markerId(event));
            const outcome = await handleWithRetries(options, { event, topic, partition, offset: message.offset }, message, log);
            if (!unmarked.length) firstUnmarkedAt = Date.now();
            unmarked.push({ region: event.region, marker: { _id: markerId(event), outcome, at: new Date() }, offset: message.offset });
          }
          // Offsets pass a handled event only once its marker is written.
          if (unmarked.length) {
            unmarked[unmarked.length - 1]!.offset = message.offset;
            if (Date.now() - firstUnmarkedAt >= MARK_EVERY_MS) await mark(true);
          } else resolveOffset(message.offset);
          await heartbeat();
        }
      } catch (err) {
        // A rebalance (from heartbeat) or a failed dead letter: what was handled is still marked, so it is not handled again.
        await mark(false).catch((markErr: unknown) => log.warn({ err: markErr }, 'handled events not marked; they may be handled again'));
        throw err;
      }
      await mark(true);
    },
  }, log);
  return consumer;
}

/** The batch's events this group has handled before: one read per region. */
async function markedAlready(options: IdempotentConsumerOptions, events: EventEnvelope[], markerId: (event: EventEnvelope) => string): Promise<Set<string>> {
  const byRegion = new Map<string, string[]>();
  for (const event of events) byRegion.set(event.region, [...(byRegion.get(event.region) ?? []), markerId(event)]);
  const seen = new Set<string>();
  for (const [region, ids] of byRegion) {
    const processed = options.mongo.collection<Marker>(region as Region, PROCESSED_EVENTS_COLLECTION);
    for (const { _id } of await processed.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()) seen.add(_id);
  }
  return seen;
}

/** One unordered insert; a marker another consumer wrote meanwhile (duplicate key) is fine. */
async function insertMarkers(options: IdempotentConsumerOptions, region: string, markers: Marker[]): Promise<void> {
  try {
    await options.mongo.collection<Marker>(region as Region, PROCESSED_EVENTS_COLLECTION).insertMany(markers, { ordered: false });
  } catch (err) {
    const writeErrors = (err as { writeErrors?: Array<{ code?: number }> | { code?: number } }).writeErrors;
    const errors = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [err as { code?: number }];
    if (errors.some((e) => e.code !== 11000)) throw err;
  }
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

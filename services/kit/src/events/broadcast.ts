import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka } from 'kafkajs';
import { eventEnvelopeSchema, type EventEnvelope } from '@platform/contracts';
import type { Logger } from '../logger';
import { runUntilDisconnected } from './run-until-disconnected';

export interface BroadcastConsumerOptions {
  kafka: Kafka;
  /** The group id is this plus a random suffix: each instance is its own group, so each sees every event. */
  groupPrefix: string;
  topics: string[];
  /** Called once per event this instance receives; a failure is logged, never retried. */
  handle: (event: EventEnvelope) => void | Promise<void>;
  logger: Logger;
  /** Longest wait between connection attempts while Kafka is unreachable. */
  maxRetryMs?: number;
}

/**
 * Delivers every event of the topics to this process (a per-instance consumer group that
 * starts at the latest offset: what happened before the start is not replayed). It connects
 * in the background and keeps retrying, so a Kafka outage never holds up the process.
 */
export class BroadcastConsumer {
  readonly groupId: string;
  private consumer?: Consumer;
  private running = false;
  private attempts = 0;
  private retryTimer?: NodeJS.Timeout;
  private joined = false;
  private readonly log: Logger;

  constructor(private readonly options: BroadcastConsumerOptions) {
    this.groupId = `${options.groupPrefix}-${randomUUID()}`;
    this.log = options.logger.child({ component: 'broadcast-consumer', groupId: this.groupId });
  }

  /** Whether the consumer has joined its group (it then receives events written from now on). */
  get isJoined(): boolean {
    return this.joined;
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    void this.connect();
    return this;
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.retryTimer);
    await this.consumer?.disconnect().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const consumer = this.options.kafka.consumer({ groupId: this.groupId, allowAutoTopicCreation: false });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.joined = true;
      this.attempts = 0;
    });
    consumer.on(consumer.events.CRASH, () => {
      this.joined = false;
    });
    try {
      await consumer.connect();
      for (const topic of this.options.topics) await consumer.subscribe({ topic, fromBeginning: false });
      // Once running, a crash is recovered there (kafkajs' restart, or running it again); a first connect that fails is retried here.
      await runUntilDisconnected(consumer, { eachMessage: async ({ message }) => this.deliver(message.value) }, this.log, this.options.maxRetryMs);
      // Stopped while connecting: do not leave this one running.
      if (!this.running) await consumer.disconnect();
    } catch (err) {
      this.retry(consumer, err);
    }
  }

  private retry(consumer: Consumer, err: unknown): void {
    void consumer.disconnect().catch(() => undefined);
    if (!this.running) return;
    this.attempts += 1;
    const delay = Math.min(this.options.maxRetryMs ?? 10_000, 250 * 2 ** Math.min(this.attempts, 10));
    this.log.warn({ err, attempt: this.attempts, delay }, 'broadcast consumer not connected; will retry');
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private async deliver(value: Buffer | null): Promise<void> {
    let event: EventEnvelope;
    try {
      const { value: parsed, error } = eventEnvelopeSchema.validate(JSON.parse(value?.toString('utf8') ?? ''));
      if (error) throw error;
      event = parsed as EventEnvelope;
    } catch (err) {
      this.log.warn({ err }, 'malformed event skipped');
      return;
    }
    try {
      await this.options.handle(event);
    } catch (err) {
      this.log.error({ err, eventId: event.id, type: event.type }, 'event handler failed');
    }
  }
}

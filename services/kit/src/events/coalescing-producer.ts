import type { Message, Producer, TopicMessages } from 'kafkajs';

interface Pending {
  topic: string;
  message: Message;
  done: (err?: unknown) => void;
}

/**
 * How long a message may wait for others under load before its batch is sent. Each produce
 * request costs the broker and kafkajs far more than a record in it (ADR 0039), and on a quiet
 * machine a round trip is so short that batches gathered only during one hold one or two.
 */
export const MAX_GATHER_MS = 5;
/** A batch this large is sent at once. */
export const MAX_BATCH = 100;
/** Messages arriving further apart than this (on average) are sent as they come: no waiting at low load. */
const BUSY_GAP_MS = MAX_GATHER_MS / 2;

/**
 * Sends messages that request handlers produce concurrently (one webhook, one message) in few
 * `sendBatch` requests, with acks from every in-sync replica (-1) on the service's idempotent
 * producer. Each caller's promise resolves only once the batch holding its own message is
 * acknowledged, and a batch that fails rejects every one of its callers (each webhook answers
 * 5xx, the provider delivers again). Messages arriving while a batch is in flight wait for it
 * and go together in the next one (the idempotent producer keeps one request in flight).
 * Adaptive gathering: while messages arrive at least every BUSY_GAP_MS on average, a batch is
 * held until its oldest message has waited MAX_GATHER_MS (or it holds MAX_BATCH); otherwise a
 * message goes in the event-loop turn it arrives in, so a lone webhook never waits.
 */
export class CoalescingProducer {
  private queue: Pending[] = [];
  /** When the queue's oldest message arrived. */
  private oldestAt = 0;
  private scheduled = false;
  private sending = false;
  private wake: (() => void) | undefined;
  private lastArrival = -Infinity;
  /** Moving average of the time between two messages. */
  private averageGap = Infinity;

  constructor(
    private readonly producer: Pick<Producer, 'sendBatch'>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  send(topic: string, message: Message): Promise<void> {
    return new Promise((resolve, reject) => {
      const at = this.now();
      const gap = at - this.lastArrival;
      this.averageGap = Number.isFinite(this.averageGap) ? 0.8 * this.averageGap + 0.2 * gap : gap;
      this.lastArrival = at;
      if (!this.queue.length) this.oldestAt = at;
      this.queue.push({ topic, message, done: (err) => (err ? reject(err) : resolve()) });
      if (this.queue.length >= MAX_BATCH) this.wake?.();
      if (this.scheduled || this.sending) return;
      // The handlers of the requests read in this turn produce before it ends: wait for them.
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    });
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    while (this.queue.length) {
      await this.gathered();
      const batch = this.queue;
      this.queue = [];
      const byTopic = new Map<string, TopicMessages>();
      for (const { topic, message } of batch) {
        const entry = byTopic.get(topic);
        if (entry) entry.messages.push(message);
        else byTopic.set(topic, { topic, messages: [message] });
      }
      try {
        await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic.values()] });
        for (const pending of batch) pending.done();
      } catch (err) {
        for (const pending of batch) pending.done(err);
      }
    }
    this.sending = false;
  }

  /** Resolves when the queued batch should go: at once at low load, else when full or its oldest message has waited MAX_GATHER_MS. */
  private gathered(): Promise<void> | undefined {
    const wait = MAX_GATHER_MS - (this.now() - this.oldestAt);
    if (this.averageGap > BUSY_GAP_MS || this.queue.length >= MAX_BATCH || wait <= 0) return undefined;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), wait);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}

import type { Producer } from 'kafkajs';
import type { Collection } from 'mongodb';
import type { Logger } from '../logger';
import type { RegionalMongo } from '../mongo/regional';
import type { OutboxEntry, OutboxFields } from './outbox';

export interface RelayOptions {
  mongo: RegionalMongo;
  producer: Producer;
  /** The collections whose documents carry an outbox. */
  collections: string[];
  logger: Logger;
  /** First wait between looks for pending events when nothing nudged the relay. */
  pollMs?: number;
  /**
   * The wait doubles while looks find nothing, up to this. Writers nudge the relay, so
   * polling is only the safety net (other replicas, crashes), and on FerretDB each look
   * scans the collection.
   */
  maxIdlePollMs?: number;
  /** How long a claimed document stays reserved for this instance. */
  leaseMs?: number;
  /** Longest wait between attempts while Kafka is unreachable. */
  maxBackoffMs?: number;
}

type OutboxDocument = OutboxFields & { _id: string };

/** Index the relay's claim query uses; services add it to their collections' indexes. */
export const OUTBOX_INDEX = { key: { _outboxAt: 1 }, name: 'outbox_pending' };

/**
 * Publishes the events waiting in document outboxes. Several instances may run: a lease
 * (findOneAndUpdate) gives each pending document to one of them. While Kafka is down,
 * events stay in their documents and the relay retries with backoff; a document's events
 * go out in the order they were written.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private failures = 0;
  private idleMs = 0;
  private readonly log: Logger;

  constructor(private readonly options: RelayOptions) {
    this.log = options.logger.child({ component: 'outbox-relay' });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Call after writing events so they go out without waiting for the next poll. */
  nudge(): void {
    this.idleMs = 0;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loop;
  }

  /** Publishes everything pending now; returns how many events were sent. */
  async drainOnce(): Promise<number> {
    let sent = 0;
    for (const region of this.options.mongo.regions()) {
      for (const name of this.options.collections) {
        const collection = this.options.mongo.collection<OutboxDocument>(region, name);
        for (;;) {
          const doc = await this.claim(collection);
          if (!doc) break;
          sent += await this.publish(collection, doc);
        }
      }
    }
    return sent;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const pollMs = this.options.pollMs ?? 250;
      try {
        const sent = await this.drainOnce();
        this.failures = 0;
        this.idleMs = sent ? 0 : Math.min(this.options.maxIdlePollMs ?? 5_000, Math.max(pollMs, this.idleMs * 2));
      } catch (err) {
        this.failures += 1;
        this.log.warn({ err, failures: this.failures }, 'outbox relay could not publish; will retry');
      }
      await this.sleep(this.failures ? this.backoffMs() : this.idleMs || pollMs);
    }
  }

  private backoffMs(): number {
    return Math.min(this.options.maxBackoffMs ?? 5_000, 100 * 2 ** Math.min(this.failures, 10));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private claim(collection: Collection<OutboxDocument>): Promise<OutboxDocument | null> {
    const now = new Date();
    return collection.findOneAndUpdate(
      { _outboxAt: { $exists: true }, $or: [{ _outboxLease: { $exists: false } }, { _outboxLease: { $lt: now } }] },
      { $set: { _outboxLease: new Date(now.getTime() + (this.options.leaseMs ?? 30_000)) } },
      { sort: { _outboxAt: 1 }, returnDocument: 'after' },
    );
  }

  private async publish(collection: Collection<OutboxDocument>, doc: OutboxDocument): Promise<number> {
    const sentIds: string[] = [];
    try {
      for (const entry of doc._outbox ?? []) {
        await this.options.producer.send({ topic: entry.topic, messages: [toMessage(entry)] });
        sentIds.push(entry.id);
      }
    } finally {
      // Remove what went out, oldest first; the guard makes a repeated pop a no-op.
      for (const id of sentIds) {
        await collection.updateOne({ _id: doc._id, '_outbox.0.id': id }, { $pop: { _outbox: -1 } });
      }
      await collection.updateOne({ _id: doc._id }, { $unset: { _outboxLease: '' } });
      await collection.updateOne({ _id: doc._id, _outbox: { $size: 0 } }, { $unset: { _outboxAt: '' } });
    }
    if (sentIds.length) this.log.debug({ count: sentIds.length }, 'published outbox events');
    return sentIds.length;
  }
}

function toMessage(entry: OutboxEntry) {
  return {
    key: entry.key,
    value: JSON.stringify(entry.envelope),
    headers: { 'event-id': entry.id, 'event-type': entry.envelope.type },
  };
}

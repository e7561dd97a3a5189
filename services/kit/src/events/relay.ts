import { randomInt } from 'node:crypto';
import type { Message, Producer } from 'kafkajs';
import type { AnyBulkWriteOperation, Collection, Filter, UpdateFilter } from 'mongodb';
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
   * polling is only the safety net (other replicas, crashes).
   */
  maxIdlePollMs?: number;
  /** How long a claimed batch stays reserved for this instance. */
  leaseMs?: number;
  /** Longest wait between attempts while Kafka is unreachable. */
  maxBackoffMs?: number;
  /**
   * Most documents claimed together. On FerretDB each claim reads every pending document
   * (sort and limit are not pushed down), so a backlog is claimed in few large batches.
   */
  batchSize?: number;
  /** Most documents whose events go in one Kafka request (well under the broker's size limit). */
  sendSize?: number;
}

type OutboxDocument = OutboxFields & { _id: string };

/** Index the relay's claim query uses; services add it to their collections' indexes. */
export const OUTBOX_INDEX = { key: { _outboxAt: 1 }, name: 'outbox_pending' };

/** Pending documents, read through OUTBOX_INDEX (`$exists` on it is pushed down to an index). */
const PENDING = { _outboxAt: { $exists: true } } as const;

/**
 * Publishes the events waiting in document outboxes, a batch of documents at a time: one
 * query claims the batch with a lease, one Kafka request sends all its events, one bulk
 * write removes them. Several instances may run: the lease gives each pending document to
 * one of them. While Kafka is down, events stay in their documents and the relay retries
 * with backoff; a document's events go out in the order they were written (its key's order).
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private failures = 0;
  private idleMs = 0;
  /** A writer nudged since the current look began: look again at once instead of sleeping. */
  private nudged = false;
  private leases = 0;
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
    this.nudged = true;
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
          const { batch, lease } = await this.claim(collection);
          if (!batch.length) break;
          sent += await this.publish(collection, batch, lease);
        }
      }
    }
    return sent;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const pollMs = this.options.pollMs ?? 250;
      this.nudged = false;
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
    return Math.min(this.options.maxBackoffMs ?? 1_000, 100 * 2 ** Math.min(this.failures, 10));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.nudged && !this.failures) return resolve();
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Leases the oldest pending documents that no live lease holds and returns them. The
   * lease's expiry doubles as this claim's token: it is unique to this instance's claims
   * (a counter in the milliseconds). When the lease took every candidate (one instance, the
   * usual case) the candidates are the batch; otherwise the ones this call won are read back.
   * Events appended after the candidates were read wait for the next batch, in order.
   */
  private async claim(collection: Collection<OutboxDocument>): Promise<{ batch: OutboxDocument[]; lease: Date }> {
    const now = new Date();
    const claimable = { ...PENDING, $or: [{ _outboxLease: { $exists: false } }, { _outboxLease: { $lt: now } }] };
    const candidates = await collection
      .find(claimable as Filter<OutboxDocument>)
      .sort({ _outboxAt: 1 })
      .limit(this.options.batchSize ?? 5_000)
      .toArray();
    const lease = this.nextLease(now);
    if (!candidates.length) return { batch: [], lease };
    const ids = candidates.map((doc) => doc._id);
    const { modifiedCount } = await collection.updateMany({ ...claimable, _id: { $in: ids } } as Filter<OutboxDocument>, { $set: { _outboxLease: lease } });
    if (modifiedCount === candidates.length) return { batch: candidates, lease };
    const claimed = await collection.find({ ...PENDING, _id: { $in: ids }, _outboxLease: lease } as Filter<OutboxDocument>).toArray();
    const won = new Set(claimed.map((doc) => doc._id));
    return { batch: candidates.filter((doc) => won.has(doc._id)), lease };
  }

  private nextLease(now: Date): Date {
    this.leases = (this.leases + 1) % 1_000;
    const base = Math.ceil((now.getTime() + (this.options.leaseMs ?? 30_000)) / 1_000) * 1_000;
    return new Date(base + ((LEASE_SALT + this.leases) % 1_000));
  }

  /**
   * Sends the batch's events, a few hundred documents per Kafka request (a document's events
   * always in one request, in order), then removes them from their documents.
   */
  private async publish(collection: Collection<OutboxDocument>, batch: OutboxDocument[], lease: Date): Promise<number> {
    const size = this.options.sendSize ?? 200;
    let sentDocs = 0;
    try {
      for (; sentDocs < batch.length; sentDocs += size) {
        const topicMessages = byTopic(batch.slice(sentDocs, sentDocs + size));
        // One request in flight (createProducer) keeps each key's messages in this order.
        if (topicMessages.length) await this.options.producer.sendBatch({ topicMessages });
      }
    } catch (err) {
      // Remove what went out; release the rest so the next attempt (or another instance) sends it.
      const unsent = batch.slice(sentDocs).map((doc) => doc._id);
      await this.removeSent(collection, batch.slice(0, sentDocs), lease).catch(() => undefined);
      await collection.updateMany({ ...PENDING, _id: { $in: unsent } } as Filter<OutboxDocument>, { $unset: { _outboxLease: '' } }).catch(() => undefined);
      throw err;
    }
    await this.removeSent(collection, batch, lease);
    const sent = batch.reduce((count, doc) => count + (doc._outbox?.length ?? 0), 0);
    if (sent) this.log.debug({ count: sent, documents: batch.length }, 'published outbox events');
    return sent;
  }

  /**
   * Removes exactly what went out. Writers only append and the lease keeps other instances
   * away, so a document whose outbox still holds as many events as were sent holds exactly
   * those: such documents are cleared together, one update per outbox length. The others
   * (events appended since the batch was read) lose only the events sent, one by one.
   */
  private async removeSent(collection: Collection<OutboxDocument>, batch: OutboxDocument[], lease: Date): Promise<void> {
    if (!batch.length) return;
    const ids = batch.map((doc) => doc._id);
    const byLength = new Map<number, string[]>();
    for (const doc of batch) {
      const length = doc._outbox?.length ?? 0;
      const sameLength = byLength.get(length);
      if (sameLength) sameLength.push(doc._id);
      else byLength.set(length, [doc._id]);
    }
    let cleared = 0;
    for (const [length, sameLength] of byLength) {
      const result = await collection.updateMany(
        { ...PENDING, _id: { $in: sameLength }, _outboxLease: lease, [`_outbox.${length}`]: { $exists: false } } as Filter<OutboxDocument>,
        { $unset: { _outbox: '', _outboxAt: '', _outboxLease: '' } },
      );
      cleared += result.modifiedCount;
    }
    if (cleared === batch.length) return;
    const grown = new Set((await collection.find({ ...PENDING, _id: { $in: ids }, _outboxLease: lease } as Filter<OutboxDocument>, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id));
    const removals: AnyBulkWriteOperation<OutboxDocument>[] = batch
      .filter((doc) => grown.has(doc._id) && doc._outbox?.length)
      .map((doc) => ({
        updateOne: {
          filter: { _id: doc._id, '_outbox.0.id': doc._outbox![0]!.id } as Filter<OutboxDocument>,
          update: { $pullAll: { _outbox: doc._outbox! }, $unset: { _outboxLease: '' } } as UpdateFilter<OutboxDocument>,
        },
      }));
    if (removals.length) await collection.bulkWrite(removals, { ordered: false });
  }
}

/** Spreads the lease tokens of several instances over the milliseconds of a second. */
const LEASE_SALT = randomInt(1_000);

function byTopic(docs: OutboxDocument[]): Array<{ topic: string; messages: Message[] }> {
  const topics = new Map<string, Message[]>();
  for (const doc of docs) {
    for (const entry of doc._outbox ?? []) {
      const messages = topics.get(entry.topic) ?? [];
      messages.push(toMessage(entry));
      topics.set(entry.topic, messages);
    }
  }
  return [...topics].map(([topic, messages]) => ({ topic, messages }));
}

function toMessage(entry: OutboxEntry) {
  return {
    key: entry.key,
    value: JSON.stringify(entry.envelope),
    headers: { 'event-id': entry.id, 'event-type': entry.envelope.type },
  };
}

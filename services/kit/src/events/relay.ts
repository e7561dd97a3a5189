import { randomUUID } from 'node:crypto';
import type { Message, Producer } from 'kafkajs';
import type { AnyBulkWriteOperation, Collection, Filter, UpdateFilter } from 'mongodb';
import type { Logger } from '../logger';
import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '../mongo/regional';
import { isDuplicateKey } from '../mongo/regions';
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
  /**
   * How long this instance's lease on a collection lasts (renewed while it relays). Another
   * instance takes the collection over once a lease has expired (its holder stopped).
   */
  leaseMs?: number;
  /** Longest wait between attempts while Kafka is unreachable. */
  maxBackoffMs?: number;
  /**
   * Most documents read together. On FerretDB each read fetches every pending document
   * (sort and limit are not pushed down), so a backlog is read in few large batches.
   */
  batchSize?: number;
  /** Most documents whose events go in one Kafka request (well under the broker's size limit). */
  sendSize?: number;
}

type OutboxDocument = OutboxFields & { _id: string };

/**
 * A document a writer has just inserted together with its events, handed to the relay of the
 * same process so they go out without the relay reading the collection (ADR 0028). A new
 * document's outbox is exactly the events it was inserted with.
 */
export interface InsertedOutbox {
  region: Region;
  collection: string;
  document: { _id: string; _outbox: OutboxEntry[]; _outboxAt: Date };
}

/** Index the relay's claim query uses; services add it to their collections' indexes. */
export const OUTBOX_INDEX = { key: { _outboxAt: 1 }, name: 'outbox_pending' };

/** Pending documents, read through OUTBOX_INDEX (`$exists` on it is pushed down to an index). */
const PENDING = { _outboxAt: { $exists: true } } as const;

/** What kafkajs throws on a send through a producer that is not connected. */
const PRODUCER_DISCONNECTED = 'The producer is disconnected';

/** One document per outbox collection (its `_id`): which relay instance publishes it, until when. */
export const OUTBOX_LEASES = 'outbox_relay_leases';

interface RelayLease {
  _id: string;
  holder: string;
  until: Date;
}

/**
 * Publishes the events waiting in document outboxes, a batch of documents at a time: one
 * query reads the batch, one Kafka request per few hundred documents sends its events, one
 * update per outbox length removes them (FerretDB writes those documents in one round trip).
 * Several instances may run: each collection is relayed by the instance holding its lease
 * (one lease document per collection, ADR 0011), so documents need no claim of their own.
 * While Kafka is down, events stay in their documents and the relay retries every
 * `maxBackoffMs` at most; a document's events go out in the order they were written.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private failures = 0;
  private idleMs = 0;
  /** A writer nudged since the current look began: look again at once instead of sleeping. */
  private nudged = false;
  /** A writer asked for a look at the collections (a write the relay was not handed). */
  private lookAsked = true;
  /** When the next look at the collections is due without any nudge (the safety net). */
  private nextLookAt = 0;
  /**
   * Per collection, inserted documents handed over by writers of this process, sent without a
   * read (ADR 0028); the looks on the poll stay the safety net for everything else.
   */
  private readonly handedOff = new Map<string, OutboxDocument[]>();
  /**
   * The `_id`s the last two looks sent: a hand-off that arrives after a look already sent its
   * document is not sent again.
   */
  private sentByLook = [new Set<string>(), new Set<string>()];
  /** Documents the current look found that no writer had handed over. */
  private foundByLook = 0;
  private readonly instance = randomUUID();
  /** Until when this instance holds each collection's lease, by region and collection. */
  private readonly held = new Map<string, number>();
  /**
   * Per collection, the documents read but not sent while Kafka is down. Each retry reads only
   * what was written since (an index range on `_outboxAt`), so the backlog is in hand when the
   * broker is back instead of being read again then.
   */
  private readonly carried = new Map<string, OutboxDocument[]>();
  private readonly log: Logger;

  constructor(private readonly options: RelayOptions) {
    this.log = options.logger.child({ component: 'outbox-relay' });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Call after writing events so they go out without waiting for the next poll. With the
   * document just inserted (and its events), this instance sends them without reading the
   * collection, when it holds the collection's lease; otherwise it looks at the collections.
   */
  nudge(inserted?: InsertedOutbox): void {
    if (!inserted || !this.handOff(inserted)) {
      this.idleMs = 0;
      this.lookAsked = true;
    }
    this.nudged = true;
    this.wake?.();
  }

  private handOff({ region, collection, document }: InsertedOutbox): boolean {
    const key = `${region}/${collection}`;
    if (!this.options.collections.includes(collection) || (this.held.get(key) ?? 0) <= Date.now()) return false;
    if (this.sentByLook.some((ids) => ids.has(document._id))) return true;
    const queued = this.handedOff.get(key) ?? [];
    // A backlog this large goes out with the looks (reading it is then the cheaper way).
    if (queued.length >= (this.options.batchSize ?? 5_000)) return false;
    queued.push(document);
    this.handedOff.set(key, queued);
    return true;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loop;
    await this.release().catch((err) => this.log.warn({ err }, 'outbox relay could not release its leases'));
  }

  /**
   * Publishes everything pending now in the collections this instance holds; returns how many
   * events were sent. `look: false` sends only what writers handed over (no read).
   */
  async drainOnce(look = true): Promise<number> {
    let sent = 0;
    if (look) {
      this.sentByLook = [new Set<string>(), this.sentByLook[0]!];
      this.foundByLook = 0;
    }
    for (const region of this.options.mongo.regions()) {
      for (const name of this.options.collections) sent += await this.drainCollection(region, name, look);
    }
    return sent;
  }

  /**
   * Reads, sends and clears batches until none is pending. A batch's clean-up runs while the
   * next batch is read and sent (so an event written meanwhile waits for one round trip less),
   * one clean-up at a time; the documents being cleaned are skipped until it is done.
   */
  private async drainCollection(region: Region, name: string, look: boolean): Promise<number> {
    const collection = this.options.mongo.collection<OutboxDocument>(region, name);
    const key = `${region}/${name}`;
    let sent = 0;
    let clearing: { ids: Set<string>; failure: Promise<unknown> } | undefined;
    const cleared = async () => {
      const failure = await clearing?.failure;
      clearing = undefined;
      if (failure) throw failure;
    };
    // A look reads once, and again only while a read comes back full or met documents still being cleaned.
    let reading = look;
    try {
      for (;;) {
        if (!(await this.lease(region, name))) {
          this.carried.delete(key);
          this.handedOff.delete(key);
          break;
        }
        const carried = this.carried.get(key) ?? [];
        this.carried.delete(key);
        const handed = this.handedOff.get(key) ?? [];
        this.handedOff.delete(key);
        const pending = reading || carried.length ? await this.read(collection, carried) : [];
        reading = look && carried.length + pending.length >= (this.options.batchSize ?? 5_000);
        // A document read is sent as read (it holds any event appended since its insert).
        const read = new Set(pending.map((doc) => doc._id));
        const fresh = handed.filter((doc) => !read.has(doc._id) && !clearing?.ids.has(doc._id));
        const batch = [...carried, ...fresh, ...pending.filter((doc) => !clearing?.ids.has(doc._id))];
        if (!batch.length) {
          if (!clearing) break;
          await cleared();
          if (!pending.length) break;
          reading = look;
          continue;
        }
        if (look) {
          for (const doc of pending) this.sentByLook[0]!.add(doc._id);
          const handedIds = new Set(handed.map((doc) => doc._id));
          this.foundByLook += pending.filter((doc) => !handedIds.has(doc._id) && !clearing?.ids.has(doc._id)).length;
        }
        const { sentDocs, failure } = await this.send(batch);
        await cleared();
        if (failure) {
          // Remove what went out; the rest stays pending, and in hand for the next attempt.
          await this.removeSent(collection, batch.slice(0, sentDocs)).catch(() => undefined);
          this.carried.set(key, batch.slice(sentDocs));
          throw failure;
        }
        const done = this.removeSent(collection, batch);
        clearing = { ids: new Set(batch.map((doc) => doc._id)), failure: done.then(() => undefined, (err: unknown) => err ?? new Error('outbox clean-up failed')) };
        const events = batch.reduce((count, doc) => count + (doc._outbox?.length ?? 0), 0);
        if (events) this.log.debug({ count: events, documents: batch.length }, 'published outbox events');
        sent += events;
      }
    } finally {
      await clearing?.failure;
    }
    return sent;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const pollMs = this.options.pollMs ?? 250;
      // Hand-offs alone are sent without a look; a look runs when asked, due, or while Kafka fails.
      const look = this.lookAsked || this.failures > 0 || Date.now() >= this.nextLookAt;
      this.nudged = false;
      if (look) this.lookAsked = false;
      try {
        const sent = await this.drainOnce(look);
        if (this.failures) this.log.info({ failures: this.failures, sent }, 'outbox relay publishing again');
        this.failures = 0;
        if (look) {
          // Looks slow down while they find only what writers handed over (or nothing).
          this.idleMs = this.foundByLook ? 0 : Math.min(this.options.maxIdlePollMs ?? 5_000, Math.max(pollMs, this.idleMs * 2));
          this.nextLookAt = Date.now() + (this.idleMs || pollMs);
        }
      } catch (err) {
        this.failures += 1;
        this.log.warn({ err, failures: this.failures }, 'outbox relay could not publish; will retry');
        // A producer whose connect failed (Kafka down when the service started) stays disconnected.
        if ((err as Error | undefined)?.message === PRODUCER_DISCONNECTED) await this.options.producer.connect().catch(() => undefined);
      }
      await this.sleep(this.failures ? this.backoffMs() : Math.max(0, this.nextLookAt - Date.now()));
    }
  }

  /** Short: Kafka's return should be noticed within about this long (ADR 0011). */
  private backoffMs(): number {
    return Math.min(this.options.maxBackoffMs ?? 500, 100 * 2 ** Math.min(this.failures, 10));
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
   * true while this instance holds the collection's lease: taken when free or expired, renewed
   * once half of it has run out (one write by `_id`, not one per document). false: another
   * instance holds it.
   */
  private async lease(region: Region, name: string): Promise<boolean> {
    const key = `${region}/${name}`;
    const leaseMs = this.options.leaseMs ?? 30_000;
    const now = Date.now();
    if ((this.held.get(key) ?? 0) - now > leaseMs / 2) return true;
    const until = now + leaseMs;
    const leases = this.options.mongo.collection<RelayLease>(region, OUTBOX_LEASES);
    try {
      await leases.updateOne(
        { _id: name, $or: [{ holder: this.instance }, { until: { $lt: new Date(now) } }] },
        { $set: { holder: this.instance, until: new Date(until) } },
        { upsert: true },
      );
    } catch (err) {
      // The upsert met the existing lease document: another instance holds a live lease.
      if (!isDuplicateKey(err)) throw err;
      this.held.delete(key);
      return false;
    }
    this.held.set(key, until);
    return true;
  }

  /** Lets another instance take over at once after a stop. */
  private async release(): Promise<void> {
    for (const key of this.held.keys()) {
      const [region, name] = key.split('/') as [Region, string];
      await this.options.mongo.collection<RelayLease>(region, OUTBOX_LEASES).deleteOne({ _id: name, holder: this.instance });
    }
    this.held.clear();
  }

  /**
   * The oldest pending documents; with documents already in hand, only those pending since the
   * newest of them (a document whose `_outboxAt` is older but was not in hand, e.g. written
   * with a lagging clock, goes out with the next full read).
   */
  private async read(collection: Collection<OutboxDocument>, inHand: OutboxDocument[]): Promise<OutboxDocument[]> {
    const limit = (this.options.batchSize ?? 5_000) - inHand.length;
    if (limit <= 0) return [];
    const newest = inHand.reduce<Date | undefined>((max, doc) => (doc._outboxAt && (!max || doc._outboxAt > max) ? doc._outboxAt : max), undefined);
    const filter = newest ? { _outboxAt: { $gt: newest } } : PENDING;
    const ids = new Set(inHand.map((doc) => doc._id));
    const found = await collection
      .find(filter as Filter<OutboxDocument>, { projection: { _outbox: 1, _outboxAt: 1 } })
      .sort({ _outboxAt: 1 })
      .limit(limit)
      .toArray();
    return found.filter((doc) => !ids.has(doc._id));
  }

  /**
   * Sends the batch's events, a few hundred documents per Kafka request (a document's events
   * always in one request, in order); returns how many documents went out and, when Kafka
   * failed part-way, why.
   */
  private async send(batch: OutboxDocument[]): Promise<{ sentDocs: number; failure?: unknown }> {
    const size = this.options.sendSize ?? 500;
    let sentDocs = 0;
    try {
      for (; sentDocs < batch.length; sentDocs += size) {
        const topicMessages = byTopic(batch.slice(sentDocs, sentDocs + size));
        // One request in flight (createProducer) keeps each key's messages in this order.
        if (topicMessages.length) await this.options.producer.sendBatch({ topicMessages });
      }
    } catch (failure) {
      return { sentDocs, failure };
    }
    return { sentDocs };
  }

  /**
   * Removes exactly what went out. Writers only append and the lease keeps other instances
   * away, so a document whose outbox still starts with the first event sent and holds as many
   * events as were sent holds exactly those: such documents are cleared together, one update
   * per outbox length (event ids are unique, so one `$in` of first events checks them all; a
   * handed-off document may have been cleared and written again since). The others (events
   * appended since) lose only the events sent, one by one.
   */
  private async removeSent(collection: Collection<OutboxDocument>, batch: OutboxDocument[]): Promise<void> {
    if (!batch.length) return;
    const byLength = new Map<number, OutboxDocument[]>();
    for (const doc of batch) {
      const length = doc._outbox?.length ?? 0;
      const sameLength = byLength.get(length);
      if (sameLength) sameLength.push(doc);
      else byLength.set(length, [doc]);
    }
    let cleared = 0;
    for (const [length, sameLength] of byLength) {
      for (const docs of chunks(sameLength, ID_CHUNK)) {
        const firsts = docs.flatMap((doc) => (doc._outbox?.length ? [doc._outbox[0]!.id] : []));
        const result = await collection.updateMany(
          {
            ...PENDING,
            _id: { $in: docs.map((doc) => doc._id) },
            [`_outbox.${length}`]: { $exists: false },
            ...(firsts.length ? { '_outbox.0.id': { $in: firsts } } : {}),
          } as Filter<OutboxDocument>,
          // _outboxLease: the per-document claim of relays before ADR 0011, on older documents.
          { $unset: { _outbox: '', _outboxAt: '', _outboxLease: '' } },
        );
        cleared += result.modifiedCount;
      }
    }
    if (cleared === batch.length) return;
    const grown = new Set<string>();
    for (const ids of chunks(batch.map((doc) => doc._id), ID_CHUNK)) {
      const found = await collection.find({ ...PENDING, _id: { $in: ids } } as Filter<OutboxDocument>, { projection: { _id: 1 } }).toArray();
      for (const doc of found) grown.add(doc._id);
    }
    const removals: AnyBulkWriteOperation<OutboxDocument>[] = batch
      .filter((doc) => grown.has(doc._id) && doc._outbox?.length)
      .map((doc) => ({
        updateOne: {
          // Only if the sent events still lead the outbox (a cleared and rewritten one starts with new ones).
          filter: { _id: doc._id, '_outbox.0.id': doc._outbox![0]!.id } as Filter<OutboxDocument>,
          update: { $pullAll: { _outbox: doc._outbox! } } as UpdateFilter<OutboxDocument>,
        },
      }));
    if (removals.length) await collection.bulkWrite(removals, { ordered: false });
  }
}

/**
 * Most `_id`s in one `$in` of the clean-up: the local store locks up to 256 documents named
 * by `_id` alone (infra/ferretdb/serialize_writes.go), more lock the whole collection, which
 * would hold up the service's own writes while a large backlog is cleared.
 */
const ID_CHUNK = 250;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

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

import { randomUUID } from 'node:crypto';
import type { Collection } from 'mongodb';
import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import type { Logger } from '@platform/kit';

/** One key's hits in one window, per gateway replica: `counts.<replicaId>`. */
interface CountDocument {
  _id: string;
  windowStart: number;
  counts: Record<string, number>;
}

export const RATE_COUNTS_COLLECTION = 'gateway_rate_counts';

/**
 * Rate-limit hits counted in memory (no store round trip on a request) and shared between
 * gateway replicas: every `syncMs` each replica writes its own counts for the current fixed
 * window and reads the others'. A key's total is its local hits plus the others' last known
 * ones, so N replicas together hold the configured limit, up to what arrives within one sync.
 * Without a collection it is the per-replica in-memory limiter.
 */
export class SharedRateCounts {
  private readonly replicaId = randomUUID();
  private windowStart = 0;
  private local = new Map<string, number>();
  private others = new Map<string, number>();
  private dirty = new Set<string>();
  private timer?: NodeJS.Timeout;
  private syncing?: Promise<void>;
  private indexed = false;
  /** The window whose predecessors this replica last removed from the store. */
  private prunedFor = 0;

  constructor(
    private readonly options: { windowMs: number; syncMs: number; collection?: Collection<CountDocument>; logger?: Logger; now?: () => number },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Fixed windows on the epoch, so every replica agrees which one it is. */
  private rotate(): void {
    const start = Math.floor(this.now() / this.options.windowMs) * this.options.windowMs;
    if (start === this.windowStart) return;
    this.windowStart = start;
    this.local = new Map();
    this.others = new Map();
    this.dirty = new Set();
  }

  private info(key: string): ClientRateLimitInfo {
    return { totalHits: (this.local.get(key) ?? 0) + (this.others.get(key) ?? 0), resetTime: new Date(this.windowStart + this.options.windowMs) };
  }

  increment(key: string): ClientRateLimitInfo {
    this.rotate();
    this.local.set(key, (this.local.get(key) ?? 0) + 1);
    this.dirty.add(key);
    return this.info(key);
  }

  decrement(key: string): void {
    this.rotate();
    const hits = this.local.get(key);
    if (!hits) return;
    this.local.set(key, hits - 1);
    this.dirty.add(key);
  }

  reset(key: string): void {
    this.local.delete(key);
    this.others.delete(key);
    this.dirty.add(key);
  }

  get(key: string): ClientRateLimitInfo {
    this.rotate();
    return this.info(key);
  }

  /** An express-rate-limit store over these counts; `prefix` keeps the limiters' keys apart. */
  store(prefix: string): Store {
    return {
      prefix,
      localKeys: !this.options.collection,
      increment: (key) => this.increment(prefix + key),
      decrement: (key) => this.decrement(prefix + key),
      resetKey: (key) => this.reset(prefix + key),
      get: (key) => this.get(prefix + key),
    };
  }

  start(): this {
    if (this.options.collection && !this.timer) {
      this.timer = setInterval(() => void this.sync(), this.options.syncMs);
      this.timer.unref();
    }
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.syncing;
  }

  /** Writes this replica's changed counts and reads the other replicas' (one at a time). */
  sync(): Promise<void> {
    this.syncing ??= this.exchange()
      .catch((err) => this.options.logger?.warn({ err }, 'rate-limit counts not shared this time'))
      .finally(() => {
        this.syncing = undefined;
      });
    return this.syncing;
  }

  private async exchange(): Promise<void> {
    const collection = this.options.collection;
    if (!collection) return;
    if (!this.indexed) {
      await collection.createIndex({ windowStart: 1 }, { name: 'windowStart' });
      this.indexed = true;
    }
    this.rotate();
    const windowStart = this.windowStart;
    const changed = [...this.dirty];
    this.dirty = new Set();
    if (changed.length) {
      const writes = changed.map((key) => ({
        updateOne: {
          filter: { _id: `${windowStart}|${key}` },
          update: { $set: { windowStart, [`counts.${this.replicaId}`]: this.local.get(key) ?? 0 } },
          upsert: true,
        },
      }));
      await collection.bulkWrite(writes, { ordered: false }).catch((err: unknown) => {
        for (const key of changed) this.dirty.add(key);
        throw err;
      });
    }
    const others = new Map<string, number>();
    for await (const doc of collection.find({ windowStart })) {
      const key = doc._id.slice(String(windowStart).length + 1);
      const sum = Object.entries(doc.counts ?? {}).reduce((total, [replica, hits]) => (replica === this.replicaId ? total : total + hits), 0);
      if (sum) others.set(key, sum);
    }
    if (windowStart !== this.windowStart) return;
    this.others = others;
    // Old windows go once per window, not on every sync: one store command less each second.
    if (this.prunedFor === windowStart) return;
    await collection.deleteMany({ windowStart: { $lt: windowStart - this.options.windowMs } });
    this.prunedFor = windowStart;
  }
}

import type { Region } from '@platform/contracts';
import type { RegionalMongo } from './regional';
import { isDuplicateKey } from './regions';

interface Counter {
  _id: string;
  windowStart: Date;
  count: number;
}

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters (one document per key in the service's `collection`) with guarded
 * single-document updates, so concurrent requests on any replica can never take more than
 * `limit` in one window. Sign-in attempts are counted with it.
 */
export class RateLimiter {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly collection: string,
  ) {}

  private counters(region: Region) {
    return this.mongo.collection<Counter>(region, this.collection);
  }

  /** Takes one unit; false when the window's budget is spent. */
  async take(region: Region, key: string, { limit, windowSeconds }: RateLimit, now = new Date()): Promise<boolean> {
    const counters = this.counters(region);
    const windowOpen = new Date(now.getTime() - windowSeconds * 1000);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const inWindow = await counters.updateOne({ _id: key, windowStart: { $gt: windowOpen }, count: { $lt: limit } }, { $inc: { count: 1 } });
      if (inWindow.modifiedCount === 1) return true;
      if (limit < 1) return false;
      const renewed = await counters.updateOne({ _id: key, windowStart: { $lte: windowOpen } }, { $set: { windowStart: now, count: 1 } });
      if (renewed.modifiedCount === 1) return true;
      try {
        await counters.insertOne({ _id: key, windowStart: now, count: 1 });
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // The counter exists: either full, or another request created it just now; look again once.
      }
    }
    return false;
  }

  /** True when the window's budget is spent (without taking anything). */
  async exhausted(region: Region, key: string, { limit, windowSeconds }: RateLimit, now = new Date()): Promise<boolean> {
    const windowOpen = new Date(now.getTime() - windowSeconds * 1000);
    return (await this.counters(region).countDocuments({ _id: key, windowStart: { $gt: windowOpen }, count: { $gte: limit } })) > 0;
  }

  async reset(region: Region, key: string): Promise<void> {
    await this.counters(region).deleteOne({ _id: key });
  }
}

import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { COLLECTION } from './collections';

/**
 * Which replies went out, by channel and message answered: claimed before the provider call
 * (a second claim of the same reply fails on `_id`), released when the call failed so a retry
 * can send it.
 */
export class SentReplyStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private collection(region: Region) {
    return this.mongo.collection<{ _id: string; at: Date }>(region, COLLECTION.sentReplies);
  }

  /** false: this reply was already sent (or is being sent). */
  async claim(region: Region, id: string): Promise<boolean> {
    try {
      await this.collection(region).insertOne({ _id: id, at: new Date() });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  async release(region: Region, id: string): Promise<void> {
    await this.collection(region).deleteOne({ _id: id });
  }
}

import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { LoginCodeRecord } from '../domain/login-codes';
import { COLLECTION } from './collections';

export class LoginCodeStore {
  constructor(private readonly mongo: RegionalMongo, private readonly region: Region) {}

  private get codes() {
    return this.mongo.collection<LoginCodeRecord>(this.region, COLLECTION.loginCodes);
  }

  async insert(record: LoginCodeRecord): Promise<void> {
    await this.codes.insertOne(record);
  }

  /** The address's newest codes, newest first (any of them may be the one its owner types). */
  recent(email: string, limit: number) {
    return this.codes.find({ email }, { sort: { createdAt: -1 }, limit }).toArray();
  }

  /** Spends one attempt atomically; null when the code is used, expired or out of attempts. */
  claimAttempt(id: string, maxAttempts: number, now: Date) {
    return this.codes.findOneAndUpdate(
      { _id: id, usedAt: { $exists: false }, expiresAt: { $gt: now }, attempts: { $lt: maxAttempts } },
      { $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
  }

  /** Single use: only one of concurrent correct submissions wins. */
  async markUsed(id: string, at: Date): Promise<boolean> {
    const result = await this.codes.updateOne({ _id: id, usedAt: { $exists: false } }, { $set: { usedAt: at } });
    return result.modifiedCount === 1;
  }

  async remove(id: string): Promise<void> {
    await this.codes.deleteOne({ _id: id });
  }

  /** Old codes have no further use; dropping them on each new request keeps the collection small. */
  async pruneOlderThan(email: string, before: Date): Promise<void> {
    await this.codes.deleteMany({ email, createdAt: { $lt: before } });
  }
}

import type { Region } from '@platform/contracts';
import { isDuplicateKey, updateWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import type { AccountRecord } from '../domain/accounts';
import { COLLECTION } from './collections';

/** Accounts live in one region's database (ACCOUNTS_REGION), so an e-mail maps to one person. */
export class AccountStore {
  constructor(private readonly mongo: RegionalMongo, private readonly region: Region) {}

  private get accounts() {
    return this.mongo.collection<AccountRecord>(this.region, COLLECTION.accounts);
  }

  findByEmail(email: string) {
    return this.accounts.findOne({ email });
  }

  findById(userId: string) {
    return this.accounts.findOne({ _id: userId });
  }

  /** False when the e-mail already has an account (a concurrent first sign-in won). */
  async insert(account: AccountRecord): Promise<boolean> {
    try {
      await this.accounts.insertOne(account);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** The new hash and the events it causes (the user's other sessions revoked), in one write. */
  async setPasswordHash(userId: string, passwordHash: string, events: OutboxEntry[]): Promise<boolean> {
    const result = await this.accounts.updateOne({ _id: userId }, updateWithOutbox<AccountRecord>({ $set: { passwordHash } }, events));
    return result.matchedCount === 1;
  }
}

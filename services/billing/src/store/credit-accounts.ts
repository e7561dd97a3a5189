import type { Region } from '@platform/contracts';
import { updateWithOutbox, type OutboxEntry, type OutboxFields, type RegionalMongo } from '@platform/kit';
import { grantField } from '../domain/ledger';
import type { LowCreditMark } from '../domain/low-credit';
import { COLLECTION } from './collections';

/**
 * A workspace's credit account (ADR 0014): the balance, and in the same document what was
 * applied to it — the last offset per partition of the consumption topic, and each grant's key.
 * Every change is one single-document update guarded by those markers, so it happens once.
 */
export interface CreditAccount extends OutboxFields {
  _id: string;
  balance: number;
  offsets?: Record<string, number>;
  grants?: Record<string, Date>;
  /** set when the balance crossed below the low-credit threshold, with the credits.low event in the same write (ADR 0026) */
  lowCredit?: LowCreditMark;
  updatedAt?: Date;
}

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export class CreditAccountStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private accounts(region: Region) {
    return this.mongo.collection<CreditAccount>(region, COLLECTION.creditAccounts);
  }

  async find(region: Region, workspaceId: string): Promise<CreditAccount | null> {
    return this.accounts(region).findOne({ _id: workspaceId });
  }

  async findMany(region: Region, workspaceIds: string[]): Promise<Map<string, CreditAccount>> {
    const found = await this.accounts(region).find({ _id: { $in: workspaceIds } }).toArray();
    return new Map(found.map((account) => [account._id, account]));
  }

  /**
   * Applies consumptions read up to `toOffset` of `partition` when the account still records
   * `fromOffset` for it (undefined: nothing read from that partition yet). False: the account
   * moved meanwhile (another consumer of the partition); the caller reads it again.
   */
  async applyConsumptions(region: Region, workspaceId: string, partition: number, fromOffset: number | undefined, toOffset: number, change: number, now: Date): Promise<boolean> {
    const field = `offsets.${partition}`;
    try {
      const result = await this.accounts(region).updateOne(
        { _id: workspaceId, [field]: fromOffset === undefined ? { $exists: false } : fromOffset } as never,
        { $inc: { balance: change }, $set: { [field]: toOffset, updatedAt: now } } as never,
        { upsert: fromOffset === undefined },
      );
      return result.matchedCount + result.upsertedCount === 1;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Adds a grant (positive or negative) once per key; false when that key was already applied. */
  async applyGrant(region: Region, workspaceId: string, key: string, change: number, now: Date): Promise<boolean> {
    const field = grantField(key);
    try {
      const result = await this.accounts(region).updateOne(
        { _id: workspaceId, [field]: { $exists: false } } as never,
        { $inc: { balance: change }, $set: { [field]: now, updatedAt: now } } as never,
        { upsert: true },
      );
      return result.matchedCount + result.upsertedCount === 1;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /**
   * Takes `amount` from an account once for `key`, only while its balance covers it (a credit
   * transfer's first side, ADR 0022): 'applied', 'already' (the key was applied before) or 'short'.
   */
  async debitCovered(region: Region, accountId: string, key: string, amount: number, now: Date): Promise<'applied' | 'already' | 'short'> {
    const field = grantField(key);
    const result = await this.accounts(region).updateOne(
      { _id: accountId, [field]: { $exists: false }, balance: { $gte: amount } } as never,
      { $inc: { balance: -amount }, $set: { [field]: now, updatedAt: now } } as never,
    );
    if (result.matchedCount === 1) return 'applied';
    const applied = await this.accounts(region).countDocuments({ _id: accountId, [field]: { $exists: true } } as never);
    return applied ? 'already' : 'short';
  }

  /**
   * Marks the account low, with its credits.low event in the same write, only while the balance
   * is below `threshold` and the account is not marked: once per crossing, whoever checks.
   */
  async markLow(region: Region, accountId: string, threshold: number, event: OutboxEntry, now: Date): Promise<boolean> {
    const result = await this.accounts(region).updateOne(
      { _id: accountId, balance: { $lt: threshold }, lowCredit: { $exists: false } } as never,
      updateWithOutbox({ $set: { lowCredit: { at: now, threshold } } }, [event], now) as never,
    );
    return result.modifiedCount === 1;
  }

  /** Unmarks the account once its balance is back at or above `threshold`: the next crossing notifies again. */
  async recover(region: Region, accountId: string, threshold: number): Promise<boolean> {
    const result = await this.accounts(region).updateOne({ _id: accountId, balance: { $gte: threshold }, lowCredit: { $exists: true } } as never, { $unset: { lowCredit: '' } } as never);
    return result.modifiedCount === 1;
  }
}

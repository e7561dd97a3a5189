import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { CreditTransfer } from '../domain/credit-transfer';
import { TRANSFER_COLLECTIONS } from './organization-collections';

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

/** Credit transfers between a workspace and its organisations, by transfer id (ADR 0022). */
export class CreditTransferStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private transfers(region: Region) {
    return this.mongo.collection<CreditTransfer>(region, TRANSFER_COLLECTIONS.creditTransfers);
  }

  /** Records the transfer; answers the one stored under that id when it existed already. */
  async open(region: Region, transfer: CreditTransfer): Promise<CreditTransfer> {
    try {
      await this.transfers(region).insertOne(transfer);
      return transfer;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await this.transfers(region).findOne({ _id: transfer._id }))!;
    }
  }

  async close(region: Region, id: string, status: 'done' | 'refused'): Promise<void> {
    await this.transfers(region).updateOne({ _id: id, status: 'pending' }, { $set: { status } });
  }

  /** Transfers whose sides may not both be applied yet (a crash, or one still running). */
  async pending(region: Region): Promise<CreditTransfer[]> {
    return this.transfers(region).find({ status: 'pending' }).sort({ createdAt: 1 }).toArray();
  }
}

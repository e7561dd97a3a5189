import type { Region, StripeConnect } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { TRANSFER_COLLECTIONS } from './organization-collections';

/** An agency workspace's connected Stripe account, its extra USD per credit and its plans. */
export interface AgencyConnect extends StripeConnect {
  _id: string;
  updatedAt?: Date;
}

export class AgencyConnectStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private connects(region: Region) {
    return this.mongo.collection<AgencyConnect>(region, TRANSFER_COLLECTIONS.agencyConnect);
  }

  async find(region: Region, workspaceId: string): Promise<AgencyConnect> {
    return (await this.connects(region).findOne({ _id: workspaceId })) ?? { _id: workspaceId };
  }

  async findByAccount(region: Region, accountId: string): Promise<AgencyConnect | null> {
    return this.connects(region).findOne({ accountId });
  }

  async update(region: Region, workspaceId: string, set: Partial<Omit<AgencyConnect, '_id'>>, now: Date): Promise<AgencyConnect> {
    await this.connects(region).updateOne({ _id: workspaceId }, { $set: { ...set, updatedAt: now } }, { upsert: true });
    return this.find(region, workspaceId);
  }

  /** Sets the account once (the agency is then connected; payouts come with Stripe onboarding): false when the workspace already has one (Connect Account is then disabled). */
  async claimAccount(region: Region, workspaceId: string, accountId: string, email: string | undefined, now: Date): Promise<boolean> {
    try {
      const result = await this.connects(region).updateOne(
        { _id: workspaceId, accountId: { $exists: false } } as never,
        { $set: { accountId, ...(email ? { email } : {}), isConnected: true, payouts_enabled: false, updatedAt: now } },
        { upsert: true },
      );
      return result.matchedCount + result.upsertedCount === 1;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }
}

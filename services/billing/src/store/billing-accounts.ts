import type { PlanKey, Region, SubscriptionStatus } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { AddonQuantities } from '../domain/plan-limits';
import { COLLECTION } from './collections';

/** A workspace's billing state: plan, Stripe ids, add-ons, trial, auto-recharge settings. */
export interface BillingAccount {
  _id: string;
  plan: PlanKey;
  status?: SubscriptionStatus;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** unix seconds */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  addons?: AddonQuantities;
  /** ms since epoch */
  whitelabelTrialEndsAt?: number;
  countryCode?: string;
  updatedAt?: Date;
}

export class BillingAccountStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private accounts(region: Region) {
    return this.mongo.collection<BillingAccount>(region, COLLECTION.billingAccounts);
  }

  async find(region: Region, workspaceId: string): Promise<BillingAccount> {
    return (await this.accounts(region).findOne({ _id: workspaceId })) ?? { _id: workspaceId, plan: 'free' };
  }

  async update(region: Region, workspaceId: string, set: Partial<Omit<BillingAccount, '_id'>>, now: Date): Promise<BillingAccount> {
    await this.accounts(region).updateOne({ _id: workspaceId }, { $set: { ...set, updatedAt: now }, $setOnInsert: set.plan ? {} : { plan: 'free' } } as never, { upsert: true });
    return this.find(region, workspaceId);
  }

  async findBySubscription(region: Region, subscriptionId: string): Promise<BillingAccount | null> {
    return this.accounts(region).findOne({ stripeSubscriptionId: subscriptionId });
  }
}

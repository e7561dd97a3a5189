import type { AddonKey, BillingCycle, PlanKey, PlanLimits, PreBuiltPlan, Region, SubscriptionStatus } from '@platform/contracts';
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
  /** the connected account the customer was created on (useMultipleStripes, ADR 0025); absent: the platform's */
  stripeAccountId?: string;
  /** unix seconds */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  addons?: AddonQuantities;
  /** the Stripe subscription item of each add-on */
  addonItems?: Partial<Record<AddonKey, string>>;
  /** ms since epoch */
  whitelabelTrialEndsAt?: number;
  countryCode?: string;
  /** the workspace's internal operator flags billing acts on (ADR 0025): set with POST /internal/accounts/:uid */
  useMultipleStripes?: boolean;
  /** an operator's custom plan (limits only), or a pre-built plan the workspace subscribed to (its key, cycle, name, price; ADR 0045) */
  customPlan?: { limits?: PlanLimits } & Partial<Pick<PreBuiltPlan, 'key' | 'name' | 'features' | 'stripePrices'>> & { billingCycle?: BillingCycle };
  /** auto-recharge: on, below `autochargeCreditThreshold` credits charge `autochargeCreditAmount` USD, at most `monthlyChargeLimit` USD a month (0: no limit) */
  automaticBilling?: boolean;
  autochargeCreditThreshold?: number;
  autochargeCreditAmount?: number;
  monthlyChargeLimit?: number;
  /** the recharge being charged (its key is the Stripe idempotency key), absent when none */
  rechargeInFlight?: { key: string; at: Date };
  /** recharges started so far: the next recharge's key is built from it */
  rechargeCount?: number;
  /** USD charged by auto-recharge per month (`YYYY-MM`) */
  rechargedUsd?: Record<string, number>;
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

  /** Which of these workspaces have auto-recharge on (one query per batch of consumptions). */
  async withAutoRecharge(region: Region, workspaceIds: string[]): Promise<string[]> {
    const found = await this.accounts(region).find({ _id: { $in: workspaceIds }, automaticBilling: true }, { projection: { _id: 1 } }).toArray();
    return found.map((account) => account._id);
  }

  /** Claims the next recharge: false when one is in flight (not older than `staleBefore`) or another claim won. */
  async claimRecharge(region: Region, workspaceId: string, seen: BillingAccount, key: string, now: Date, staleBefore: Date): Promise<boolean> {
    const result = await this.accounts(region).updateOne(
      {
        _id: workspaceId,
        rechargeCount: seen.rechargeCount ?? { $exists: false },
        $or: [{ rechargeInFlight: { $exists: false } }, { 'rechargeInFlight.at': { $lt: staleBefore } }],
      } as never,
      { $set: { rechargeInFlight: { key, at: now }, rechargeCount: (seen.rechargeCount ?? 0) + 1, updatedAt: now } } as never,
    );
    return result.modifiedCount === 1;
  }

  /** Ends the recharge `key`, counting `chargedUsd` in its month. */
  async finishRecharge(region: Region, workspaceId: string, key: string, month: string, chargedUsd: number, now: Date): Promise<void> {
    await this.accounts(region).updateOne(
      { _id: workspaceId, 'rechargeInFlight.key': key } as never,
      { $unset: { rechargeInFlight: '' }, $inc: { [`rechargedUsd.${month}`]: chargedUsd }, $set: { updatedAt: now } } as never,
    );
  }

  async findBySubscription(region: Region, subscriptionId: string): Promise<BillingAccount | null> {
    return this.accounts(region).findOne({ stripeSubscriptionId: subscriptionId });
  }
}

import type { Region, SubscriptionStatus } from '@platform/contracts';
import { updateWithOutbox, type OutboxEntry, type OutboxFields, type RegionalMongo } from '@platform/kit';
import type { OrgRechargeClaim } from '../domain/org-auto-recharge';
import { TRANSFER_COLLECTIONS } from './organization-collections';

/** An organisation's billing state in billing (its credits are the ledger account org:{orgId}). */
export interface OrganizationBilling extends OutboxFields {
  _id: string;
  /** the agency workspace the organisation belongs to */
  workspaceId: string;
  allowBilling: boolean;
  stripeCustomerId?: string;
  /** the card saved on the agency's Stripe account */
  defaultPaymentMethod?: string;
  subscription?: { id?: string; status?: SubscriptionStatus; priceId?: string };
  automaticBilling?: boolean;
  autochargeAmount?: number;
  threshold?: number;
  /** the auto-recharge being charged, absent when none (at most one per organisation, ADR 0026) */
  rechargeInFlight?: OrgRechargeClaim;
  /** true while rechargeInFlight is set: the stale-recharge sweep finds them by equality, which the local store answers from an index (a range is a full scan there) */
  rechargePending?: true;
  /** recharges started so far: the next recharge's id is built from it */
  rechargeCount?: number;
  /** the last recharge's decline, kept until a recharge succeeds */
  rechargeFailure?: { at: Date; paymentMethod?: string; message: string };
  updatedAt?: Date;
}

export class OrganizationBillingStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private orgs(region: Region) {
    return this.mongo.collection<OrganizationBilling>(region, TRANSFER_COLLECTIONS.organizationBilling);
  }

  async find(region: Region, orgId: string): Promise<OrganizationBilling | null> {
    return this.orgs(region).findOne({ _id: orgId });
  }

  /** Registers an organisation under its workspace; an organisation never changes workspace. */
  async register(region: Region, orgId: string, workspaceId: string, allowBilling: boolean, now: Date): Promise<OrganizationBilling | null> {
    await this.orgs(region).updateOne({ _id: orgId }, { $setOnInsert: { workspaceId }, $set: { allowBilling, updatedAt: now } }, { upsert: true });
    const org = await this.find(region, orgId);
    return org?.workspaceId === workspaceId ? org : null;
  }

  async findByCustomer(region: Region, customerId: string): Promise<OrganizationBilling | null> {
    return this.orgs(region).findOne({ stripeCustomerId: customerId });
  }

  /** The organisation as known, registered (billing off) on first sight; null when it belongs to another workspace. */
  async ensure(region: Region, orgId: string, workspaceId: string, now: Date): Promise<OrganizationBilling | null> {
    await this.orgs(region).updateOne({ _id: orgId }, { $setOnInsert: { workspaceId, allowBilling: false, updatedAt: now } }, { upsert: true });
    const org = await this.find(region, orgId);
    return org?.workspaceId === workspaceId ? org : null;
  }

  async update(region: Region, orgId: string, set: Partial<Omit<OrganizationBilling, '_id' | 'workspaceId'>>, now: Date): Promise<void> {
    await this.orgs(region).updateOne({ _id: orgId }, { $set: { ...set, updatedAt: now } });
  }

  /** Which of these organisations have auto-recharge on (one query per batch of consumptions). */
  async withAutoRecharge(region: Region, orgIds: string[]): Promise<string[]> {
    const found = await this.orgs(region).find({ _id: { $in: orgIds }, automaticBilling: true }, { projection: { _id: 1 } }).toArray();
    return found.map((org) => org._id);
  }

  /**
   * Claims a recharge: only while none is in flight (or the one in flight is older than
   * `staleBefore`) and nobody claimed since `seen` was read. `claim` is a new recharge, or the stale one again.
   */
  async claimRecharge(region: Region, orgId: string, seen: OrganizationBilling, claim: OrgRechargeClaim, rechargeCount: number, staleBefore: Date): Promise<boolean> {
    const result = await this.orgs(region).updateOne(
      {
        _id: orgId,
        rechargeCount: seen.rechargeCount ?? { $exists: false },
        $or: [{ rechargeInFlight: { $exists: false } }, { 'rechargeInFlight.at': { $lt: staleBefore } }],
      } as never,
      { $set: { rechargeInFlight: claim, rechargePending: true, rechargeCount, updatedAt: claim.at } } as never,
    );
    return result.modifiedCount === 1;
  }

  /** Ends the recharge `key`: a success clears the last failure; a decline is recorded, with its notification in the same write. */
  async finishRecharge(region: Region, orgId: string, key: string, failure: OrganizationBilling['rechargeFailure'] | undefined, events: OutboxEntry[], now: Date): Promise<boolean> {
    const update = failure
      ? { $unset: { rechargeInFlight: '', rechargePending: '' }, $set: { rechargeFailure: failure, updatedAt: now } }
      : { $unset: { rechargeInFlight: '', rechargePending: '', rechargeFailure: '' }, $set: { updatedAt: now } };
    const result = await this.orgs(region).updateOne({ _id: orgId, 'rechargeInFlight.key': key } as never, updateWithOutbox(update as never, events, now) as never);
    return result.modifiedCount === 1;
  }

  /** Recharges claimed before `staleBefore` and never finished (a crash): the sweep finishes them under their own key. */
  async staleRecharges(region: Region, staleBefore: Date): Promise<string[]> {
    const found = await this.orgs(region).find({ rechargePending: true }, { projection: { _id: 1, rechargeInFlight: 1 } }).toArray();
    return found.filter((org) => org.rechargeInFlight && org.rechargeInFlight.at < staleBefore).map((org) => org._id);
  }
}

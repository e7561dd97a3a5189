import type { Region, SubscriptionStatus } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { TRANSFER_COLLECTIONS } from './organization-collections';

/** An organisation's billing state in billing (its credits are the ledger account org:{orgId}). */
export interface OrganizationBilling {
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
}

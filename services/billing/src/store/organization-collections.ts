import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

/** Billing's collections for agency rebilling (ADR 0022), beside COLLECTION. */
export const TRANSFER_COLLECTIONS = {
  /** One document per credit transfer between a workspace and an organisation. */
  creditTransfers: 'credit_transfers',
  /** One document per organisation: its owner workspace, allowBilling, Stripe customer, subscription, auto-recharge. */
  organizationBilling: 'organization_billing',
  /** One document per agency workspace: its connected Stripe account, per-credit price and plans. */
  agencyConnect: 'agency_connect',
} as const;

export const ORGANIZATION_INDEXES: CollectionIndexes[] = [
  { collection: TRANSFER_COLLECTIONS.agencyConnect, indexes: [{ key: { accountId: 1 }, name: 'connect_by_account', sparse: true }] },
  { collection: TRANSFER_COLLECTIONS.creditTransfers, indexes: [{ key: { status: 1, createdAt: 1 }, name: 'transfer_pending' }] },
  { collection: TRANSFER_COLLECTIONS.organizationBilling, indexes: [
      { key: { workspaceId: 1 }, name: 'organization_by_workspace' },
      { key: { stripeCustomerId: 1 }, name: 'organization_by_customer', sparse: true },
      // auto-recharges a crash left in flight (ADR 0026), and the failure notices waiting in the outbox
      { key: { rechargePending: 1 }, name: 'organization_recharge_in_flight', sparse: true },
      OUTBOX_INDEX,
    ] },
];

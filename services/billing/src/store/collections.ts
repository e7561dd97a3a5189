import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

export const COLLECTION = {
  /** One document per workspace: the balance and what has been applied to it (ADR 0014). */
  creditAccounts: 'credit_accounts',
  /** One entry per balance change; _id is the event id or grant key that caused it. */
  creditLogs: 'credit_logs',
  /** One document per workspace: plan, Stripe ids, add-ons, trial. */
  billingAccounts: 'billing_accounts',
  /** Stripe webhook events applied, by event id. */
  stripeEvents: 'stripe_events',
} as const;

export const INDEXES: CollectionIndexes[] = [
  { collection: COLLECTION.creditLogs, indexes: [{ key: { workspaceId: 1, ts: -1 }, name: 'workspace_ts' }] },
  // credits.low events wait in the account's outbox (ADR 0026).
  { collection: COLLECTION.creditAccounts, indexes: [OUTBOX_INDEX] },
  // Stripe's subscription events name the subscription, not the workspace.
  { collection: COLLECTION.billingAccounts, indexes: [{ key: { stripeSubscriptionId: 1 }, name: 'billing_by_subscription', sparse: true }] },
];

import type Stripe from 'stripe';

/** The id of an expandable Stripe field (an id, or the object when expanded). */
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The metadata of an invoice's subscription: on the invoice (API 2025-02) or under parent (later versions). */
export function invoiceSubscriptionMetadata(invoice: Stripe.Invoice): Record<string, string> | undefined {
  const legacy = (invoice as { subscription_details?: { metadata?: Record<string, string> | null } }).subscription_details?.metadata;
  const parent = (invoice as { parent?: { subscription_details?: { metadata?: Record<string, string> | null } } }).parent?.subscription_details?.metadata;
  return legacy ?? parent ?? undefined;
}

import { REGIONS, type Region, type SubscriptionStatus } from '@platform/contracts';

/** Stripe's subscription status as the organisation stores it (billing §4's values; Stripe spells 'canceled'). */
export function orgSubscriptionStatus(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'unpaid':
      return stripeStatus;
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      // incomplete, paused: not paid for yet
      return 'pending';
  }
}

/** What a checkout session or subscription of an agency plan carries in its metadata (set by create-subscription). */
export interface OrgSubscriptionTag {
  orgId: string;
  region: Region;
  priceId?: string;
  credits?: number;
}

/** The organisation a Stripe object's metadata names, or undefined for the platform's own (workspace) objects. */
export function orgSubscriptionTag(metadata: Record<string, string> | null | undefined): OrgSubscriptionTag | undefined {
  const { orgId, region, priceId, credits } = metadata ?? {};
  if (!orgId || !(REGIONS as readonly string[]).includes(region ?? '')) return undefined;
  const count = Number(credits);
  return { orgId, region: region as Region, ...(priceId ? { priceId } : {}), ...(Number.isInteger(count) && count > 0 ? { credits: count } : {}) };
}

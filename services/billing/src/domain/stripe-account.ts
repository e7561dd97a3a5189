import { EU_COUNTRY_CODES, MULTI_STRIPE_EXCLUDED_REGIONS, type PaymentRegion } from '@platform/contracts';

/** The connected Stripe account of each payment region (AU has none: it is excluded). */
export type RegionalStripeAccounts = Partial<Record<PaymentRegion, string>>;

/** The payment region of a country: GB (or UK), NZ, AU, the 27 EU members, else US. */
export function paymentRegionOf(countryCode: string | undefined): PaymentRegion {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return 'GB';
  if (code === 'NZ' || code === 'AU') return code;
  if ((EU_COUNTRY_CODES as readonly string[]).includes(code)) return 'EU';
  return 'US';
}

/**
 * The connected account a workspace's Stripe calls act on (billing.md §6): for workspaces flagged
 * useMultipleStripes, the account of their country's region, AU excluded; otherwise (and for a
 * region without a configured account) none, the platform's own account.
 */
export function connectedAccountFor(workspace: { useMultipleStripes?: boolean; countryCode?: string }, accounts: RegionalStripeAccounts): string | undefined {
  if (!workspace.useMultipleStripes) return undefined;
  const region = paymentRegionOf(workspace.countryCode);
  if (MULTI_STRIPE_EXCLUDED_REGIONS.includes(region)) return undefined;
  return accounts[region];
}

/**
 * The account of a workspace's Stripe objects: a customer lives on one account, so once it exists
 * the account it was created on (`stripeAccountId`) is kept whatever the flag or country becomes.
 */
export const workspaceStripeAccount = (
  account: { stripeCustomerId?: string; stripeAccountId?: string; useMultipleStripes?: boolean; countryCode?: string },
  accounts: RegionalStripeAccounts,
): string | undefined => (account.stripeCustomerId ? account.stripeAccountId : connectedAccountFor(account, accounts));

import type { StripeConnect } from '../entities/billing';

/** Billing can be allowed for an organisation only once the agency has a connected Stripe account (billing §4). */
export const agencyBillingConnected = (connect: Pick<StripeConnect, 'accountId'> | undefined): boolean => Boolean(connect?.accountId);

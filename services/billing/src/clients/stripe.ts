import Stripe from 'stripe';
import { agencyFeeMinor } from '../domain/agency-plans';
import { toMinorUnits } from '../domain/pricing';

/** The Stripe SDK on the configured API base (stripe-mock locally, api.stripe.com in production). */
export function createStripe(config: { apiBase: string; secretKey: string }): Stripe {
  const base = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
}

/** The PaymentIntent id inside a client secret (`pi_..._secret_...`), if any. */
export const paymentIntentIdOf = (clientSecret: string | null | undefined): string | undefined => /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret ?? '')?.[1];

/**
 * Request options acting on a connected account (the `Stripe-Account` header) when there is one.
 * Never an empty object: the SDK would take `{}` for request data ("Unknown arguments").
 */
export const onAccount = (stripeAccount: string | undefined, options?: Stripe.RequestOptions): Stripe.RequestOptions | undefined =>
  stripeAccount ? { ...options, stripeAccount } : options;

/**
 * Charges an agency client's saved card off-session on the agency's connected account, the
 * platform taking its fee (client credit purchases and organisation auto-recharge).
 */
export function chargeOrganizationCard(
  stripe: Stripe,
  charge: { customer: string | undefined; paymentMethod: string | undefined; amountUsd: number; metadata: Stripe.MetadataParam },
  options: { stripeAccount: string; idempotencyKey: string },
): Promise<Stripe.PaymentIntent> {
  const amount = toMinorUnits(charge.amountUsd);
  return stripe.paymentIntents.create(
    {
      amount,
      currency: 'usd',
      customer: charge.customer,
      payment_method: charge.paymentMethod,
      off_session: true,
      confirm: true,
      application_fee_amount: agencyFeeMinor(amount),
      metadata: charge.metadata,
    },
    options,
  );
}

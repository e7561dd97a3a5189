import Stripe from 'stripe';

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

import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { BILLING_API } from '@platform/contracts';
import { callApi } from '@platform/ui';
import { stripePromise } from '../payment/stripe-loader';

const byAccount = new Map<string, Promise<Stripe | null>>();

/** Stripe.js acting on the agency's connected account (cards are created there, where the client pays). */
export function connectedStripe(accountId: string): Promise<Stripe | null> {
  let loading = byAccount.get(accountId);
  if (!loading) {
    // The platform loader puts the configured Stripe.js on the page first.
    loading = stripePromise().then(async () => {
      const { data } = await callApi(BILLING_API.getStripeConfig, {});
      return loadStripe(data.publishableKey, { stripeAccount: accountId });
    });
    loading.catch(() => byAccount.delete(accountId));
    byAccount.set(accountId, loading);
  }
  return loading;
}

import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { BILLING_API, type StripeBrowserConfig } from '@platform/contracts';
import { callApi } from '@platform/ui';

let loading: Promise<Stripe | null> | null = null;

/** Adds the configured Stripe.js script once; resolves when window.Stripe is defined. */
function addScript(src: string): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('Failed to load Stripe.js')));
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js from the billing service's configuration (ADR 0018): the stripe-js sandbox locally,
 * https://js.stripe.com/v3/ in production. The script is on the page (window.Stripe) before
 * loadStripe runs, so loadStripe uses it instead of injecting Stripe's CDN script.
 */
export function stripePromise(): Promise<Stripe | null> {
  loading ??= callApi(BILLING_API.getStripeConfig, {})
    .then(async ({ data }: { data: StripeBrowserConfig }) => {
      await addScript(data.stripeJsUrl);
      return loadStripe(data.publishableKey);
    })
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}

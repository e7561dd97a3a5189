import type { Locator, Page } from 'playwright-core';
import Stripe from 'stripe';
import { BILLING_API, gatewayPath } from '@platform/contracts';
import { baseUrl } from './platform';

/**
 * An event as Stripe sends it, signed with the endpoint's secret, to billing's webhook through the
 * gateway: a connected account's (`account`) to the Connect endpoint (STRIPE_CONNECT_WEBHOOK_SECRET),
 * the platform's own to the account endpoint (STRIPE_WEBHOOK_SECRET; ADR 0044).
 */
export async function deliverStripeEvent(type: string, object: object, account?: string): Promise<void> {
  const payload = JSON.stringify({ id: `evt_${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`, object: 'event', ...(account ? { account } : {}), type, api_version: '2025-02-24.acacia', created: Math.floor(Date.now() / 1000), data: { object } });
  const secret = account ? process.env.STRIPE_CONNECT_WEBHOOK_SECRET! : process.env.STRIPE_WEBHOOK_SECRET!;
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret });
  const endpoint = account ? BILLING_API.stripeConnectWebhook : BILLING_API.stripeWebhook;
  const answer = await fetch(`${baseUrl}${gatewayPath(endpoint)}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  if (!answer.ok) throw new Error(`${type}: ${answer.status} ${await answer.text()}`);
}

/** Types a test card (expiry 12/34, CVC 123) into the card element of the Stripe.js stand-in inside `form` (ADR 0018). */
export async function fillTestCard(form: Page | Locator, number = '4242 4242 4242 4242'): Promise<void> {
  await form.getByLabel('Credit or debit card number').fill(number);
  await form.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await form.getByLabel('Credit or debit card CVC/CVV').fill('123');
}

// useMultipleStripes (billing.md §6): a flagged workspace's Stripe calls act on its region's connected account, AU excluded.
import type { Server } from 'node:http';
import Stripe from 'stripe';
import { MESSAGES, newWorkspaceUid } from '@platform/contracts';
import { startBilling, type BillingHarness } from './support/harness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start } = require('../../../infra/sandboxes/stripe-js/server.js') as { start: (o: object) => Promise<{ server: Server; url: string }> };

const ACCOUNTS = { US: 'acct_testUS', GB: 'acct_testGB', NZ: 'acct_testNZ', EU: 'acct_testEU' };

describe('useMultipleStripes: the connected account of the workspace country region', () => {
  let sandbox: { server: Server; url: string };
  let stripe: Stripe;
  let h: BillingHarness;
  const saved = { ...process.env };

  beforeAll(async () => {
    sandbox = await start({ port: 0, stripeMockUrl: `http://127.0.0.1:${process.env.STRIPE_PORT ?? 12111}` });
    const url = new URL(sandbox.url);
    stripe = new Stripe('sk_test_123', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
    for (const [region, id] of Object.entries(ACCOUNTS)) process.env[`STRIPE_ACCOUNT_${region}`] = id;
    h = await startBilling({ stripe });
  });
  afterAll(async () => {
    process.env = saved;
    await h.close();
    await new Promise((done) => sandbox.server.close(done));
  });

  /** What Stripe.js sends from the browser: the publishable key, and Stripe-Account when initialised with stripeAccount. */
  const browser = async (pathname: string, body: Record<string, string>, account: string | undefined) => {
    const headers: Record<string, string> = { authorization: 'Bearer pk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' };
    if (account) headers['stripe-account'] = account;
    const res = await fetch(`${sandbox.url}${pathname}`, { method: 'POST', headers, body: new URLSearchParams(body).toString() });
    return (await res.json()) as any;
  };

  /** A workspace pays as the billing page does: card by Stripe.js, saved, subscription confirmed in the browser, then a top-up. */
  async function pays(settings: { useMultipleStripes?: boolean; countryCode: string }) {
    const uid = newWorkspaceUid();
    await h.asGateway().post(`/internal/accounts/${uid}`, settings).expect(200);
    const account = (await h.asWorkspace(uid).post('/stripe/get-user-data', { userId: uid, region: 'eu' }).expect(200)).body.data.stripeAccountId as string | undefined;
    const card = await browser('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123' }, account);
    const address = { line1: '1 Main St', city: 'Town', postal_code: '1000', country: settings.countryCode, state: 'ST' };
    // as the payment modal does: the account Stripe.js made the card on rides along (billing.md 7)
    await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: card.id, userId: uid, region: 'eu', email: 'owner@example.com', address, ...(account ? { stripeAccountId: account } : {}) }).expect(200);
    const created = (await h.asWorkspace(uid).post('/stripe/create-subscription', { planId: 'pay_as_you_go', userId: uid, region: 'eu' }).expect(200)).body;
    expect(created.clientSecret).toBeTruthy();
    const confirmed = await browser(`/v1/payment_intents/${created.paymentIntentId}/confirm`, { client_secret: created.clientSecret, payment_method: card.id }, account);
    expect(confirmed.status).toBe('succeeded');
    await h.asWorkspace(uid).post('/stripe/confirm-subscription-payment', { paymentIntentId: created.paymentIntentId, subscriptionId: created.subscriptionId, userId: uid, region: 'eu' }).expect(200);
    await h.asWorkspace(uid).post('/stripe/top-up-usd', { userId: uid, region: 'eu', amount: 10, currency: 'usd' }).expect(200);
    return { account, subscriptionId: created.subscriptionId as string };
  }

  /** Where the sandbox keeps an object: a Stripe object is seen only on the account it was created on. */
  const seenOn = async (subscriptionId: string, stripeAccount?: string) =>
    stripe.subscriptions.retrieve(subscriptionId, {}, stripeAccount ? { stripeAccount } : undefined).then(
      () => true,
      (err: { code?: string }) => (err.code === 'resource_missing' ? false : Promise.reject(err)),
    );

  it("sends a flagged EU workspace's subscription and top-up with its region's Stripe-Account", async () => {
    const { account, subscriptionId } = await pays({ useMultipleStripes: true, countryCode: 'DE' });
    expect(account).toBe(ACCOUNTS.EU);
    expect(await seenOn(subscriptionId, ACCOUNTS.EU)).toBe(true);
    expect(await seenOn(subscriptionId)).toBe(false);
    expect(await seenOn(subscriptionId, ACCOUNTS.GB)).toBe(false);
  });

  it('sends a flagged GB workspace to the GB account', async () => {
    const { account, subscriptionId } = await pays({ useMultipleStripes: true, countryCode: 'GB' });
    expect(account).toBe(ACCOUNTS.GB);
    expect(await seenOn(subscriptionId, ACCOUNTS.GB)).toBe(true);
  });

  it('keeps an unflagged workspace and a flagged AU one on the platform account (no Stripe-Account)', async () => {
    for (const settings of [{ countryCode: 'DE' }, { useMultipleStripes: false, countryCode: 'FR' }, { useMultipleStripes: true, countryCode: 'AU' }]) {
      const { account, subscriptionId } = await pays(settings);
      expect(account).toBeUndefined();
      expect(await seenOn(subscriptionId)).toBe(true);
      expect(await seenOn(subscriptionId, ACCOUNTS.EU)).toBe(false);
    }
  });

  it('refuses a card made on the platform account for a flagged workspace (the customer is on its region account)', async () => {
    const uid = newWorkspaceUid();
    await h.asGateway().post(`/internal/accounts/${uid}`, { useMultipleStripes: true, countryCode: 'NZ' }).expect(200);
    const card = await browser('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123' }, undefined);
    const address = { line1: '1 Queen St', city: 'Auckland', postal_code: '1010', country: 'NZ', state: 'AUK' };
    const refused = await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: card.id, userId: uid, region: 'eu', email: 'owner@example.com', address });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it("accepts upsert-payment-method's stripeAccountId only when it is the account billing chose for the workspace", async () => {
    const card = { 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123', type: 'card' };
    const address = { line1: '1 Main St', city: 'Paris', postal_code: '75001', country: 'FR', state: 'IDF' };
    const flagged = newWorkspaceUid();
    await h.asGateway().post(`/internal/accounts/${flagged}`, { useMultipleStripes: true, countryCode: 'FR' }).expect(200);
    const onEu = await browser('/v1/payment_methods', card, ACCOUNTS.EU);
    const upsert = (uid: string, paymentMethodId: string, stripeAccountId: string) =>
      h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId, userId: uid, region: 'eu', email: 'owner@example.com', address, stripeAccountId });
    for (const other of [ACCOUNTS.GB, 'acct_madeUp']) {
      const refused = await upsert(flagged, onEu.id, other);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ success: false, message: MESSAGES.billing.stripeAccountMismatch });
    }
    expect((await h.asWorkspace(flagged).post('/stripe/get-user-data', { userId: flagged, region: 'eu' }).expect(200)).body.data.customer).toBeNull();
    await upsert(flagged, onEu.id, ACCOUNTS.EU).expect(200);

    // an unflagged workspace is on the platform account: naming any connected account is refused
    const plain = newWorkspaceUid();
    await h.asGateway().post(`/internal/accounts/${plain}`, { countryCode: 'FR' }).expect(200);
    const onPlatform = await browser('/v1/payment_methods', card, undefined);
    const refused = await upsert(plain, onPlatform.id, ACCOUNTS.EU);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.billing.stripeAccountMismatch);
  });
});

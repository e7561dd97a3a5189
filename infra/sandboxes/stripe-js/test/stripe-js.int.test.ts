// The stripe-js sandbox in front of the running stripe-mock (deps.sh): the test cards behave as on Stripe.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { waitFor } from '@platform/test-support';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start } = require('../server.js') as { start: (o: object) => Promise<{ server: Server; url: string }> };

const stripeMock = `http://127.0.0.1:${process.env.STRIPE_PORT ?? 12111}`;

describe('stripe-js sandbox', () => {
  let sandbox: { server: Server; url: string };
  let stripe: Stripe;
  beforeAll(async () => {
    sandbox = await start({ port: 0, stripeMockUrl: stripeMock });
    const url = new URL(sandbox.url);
    stripe = new Stripe('sk_test_123', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => new Promise((done) => sandbox.server.close(done)));

  /** What the browser's Stripe.js sends with the publishable key. */
  const browser = async (method: string, pathname: string, body?: Record<string, string>) => {
    const res = await fetch(`${sandbox.url}${pathname}`, {
      method,
      headers: { authorization: 'Bearer pk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const card = (number: string) => browser('POST', '/v1/payment_methods', { type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123' });
  const answer3ds = (intent: { id: string; client_secret: string }, outcome: 'complete' | 'fail') =>
    fetch(`${sandbox.url}/sandbox/3ds/${intent.id}`, { method: 'POST', body: JSON.stringify({ client_secret: intent.client_secret, outcome }) }).then((r) => r.json() as Promise<any>);

  async function customerWith(number: string) {
    const pm = (await card(number)).body;
    const customer = await stripe.customers.create({ email: 'owner@example.com' });
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    return { customer: customer.id, pm: pm.id };
  }

  it('serves Stripe.js and checks card details as Stripe does', async () => {
    const script = await fetch(`${sandbox.url}/v3/`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('window.Stripe = Stripe');
    expect((await card('4242424242424241')).body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
    expect((await card('4111111111111111')).body.error.message).toMatch(/non test \(live\) card/);
    const visa = await card('4242 4242 4242 4242');
    expect(visa.body).toMatchObject({ id: expect.stringMatching(/^pm_/), card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
  });

  it('keeps the customer\'s cards: the list and the default are the attached ones', async () => {
    const { customer, pm } = await customerWith('5555555555554444');
    const listed = await stripe.paymentMethods.list({ customer, type: 'card' });
    expect(listed.data.map((m) => [m.id, m.card?.brand, m.card?.last4])).toEqual([[pm, 'mastercard', '4444']]);
  });

  it('asks 3-D Secure for 4000 0027 6000 3184 when the browser confirms the first invoice, and activates the subscription once completed', async () => {
    const { customer } = await customerWith('4000002760003184');
    const sub = await stripe.subscriptions.create({ customer, items: [{ price: 'price_x' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'], metadata: { planId: 'pay_as_you_go' } });
    expect(sub.status).toBe('incomplete');
    const periodEnd = (sub as unknown as { current_period_end: number }).current_period_end;
    expect(periodEnd - Date.now() / 1000).toBeGreaterThan(27 * 24 * 3600);
    const secret = (sub.latest_invoice as any).confirmation_secret.client_secret as string;
    const id = secret.split('_secret_')[0]!;
    const wrongSecret = await browser('POST', `/v1/payment_intents/${id}/confirm`, { client_secret: `${id}_secret_nope` });
    expect(wrongSecret.status).toBe(400);
    const confirmed = await browser('POST', `/v1/payment_intents/${id}/confirm`, { client_secret: secret });
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect((await stripe.paymentIntents.retrieve(id)).status).toBe('requires_action');
    expect(await answer3ds(confirmed.body, 'complete')).toMatchObject({ status: 'succeeded' });
    expect((await stripe.paymentIntents.retrieve(id)).status).toBe('succeeded');
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'active', metadata: { planId: 'pay_as_you_go' } });

    // Every later payment of this card needs the person again: off-session it is refused.
    await expect(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer, off_session: true, confirm: true })).rejects.toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
  });

  it('leaves the payment unpaid when the person fails 3-D Secure', async () => {
    const { customer } = await customerWith('4000002760003184');
    const sub = await stripe.subscriptions.create({ customer, items: [{ price: 'price_x' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] });
    const secret = (sub.latest_invoice as any).confirmation_secret.client_secret as string;
    const confirmed = await browser('POST', `/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, { client_secret: secret });
    const failed = await answer3ds(confirmed.body, 'fail');
    expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete');
  });

  it('charges off-session: 4242 pays, 3155 pays once set up, 0002 declines; an idempotency key replays the first answer', async () => {
    const visa = await customerWith('4242424242424242');
    const first = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur', customer: visa.customer, payment_method: visa.pm, off_session: true, confirm: true }, { idempotencyKey: `k-${visa.pm}` });
    expect(first).toMatchObject({ status: 'succeeded', amount: 1000, currency: 'eur' });
    const replayed = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur', customer: visa.customer, payment_method: visa.pm, off_session: true, confirm: true }, { idempotencyKey: `k-${visa.pm}` });
    expect(replayed.id).toBe(first.id);

    const declined = await customerWith('4000000000000002');
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: declined.customer, off_session: true, confirm: true })).rejects.toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });

    const setUp = await customerWith('4000002500003155');
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: setUp.customer, off_session: true, confirm: true })).rejects.toMatchObject({ code: 'authentication_required' });
    const sub = await stripe.subscriptions.create({ customer: setUp.customer, items: [{ price: 'price_x' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] });
    const secret = (sub.latest_invoice as any).confirmation_secret.client_secret as string;
    const confirmed = await browser('POST', `/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, { client_secret: secret });
    await answer3ds(confirmed.body, 'complete');
    expect(await stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: setUp.customer, off_session: true, confirm: true })).toMatchObject({ status: 'succeeded' });
  });

  it('keeps objects on the account they were created on (Stripe-Account), as Stripe Connect does', async () => {
    const onAccount = { stripeAccount: 'acct_connected1' };
    const customer = await stripe.customers.create({ email: 'connected@example.com' }, onAccount);
    const res = await fetch(`${sandbox.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded', 'stripe-account': 'acct_connected1' },
      body: new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123' }).toString(),
    });
    const pm = (await res.json()) as { id: string };
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id }, onAccount);
    await expect(stripe.paymentMethods.attach(pm.id, { customer: customer.id })).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(stripe.customers.retrieve(customer.id, {}, { stripeAccount: 'acct_other' })).rejects.toMatchObject({ code: 'resource_missing' });
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' }, onAccount)).data.map((m) => m.id)).toEqual([pm.id]);
  });

  it("delivers signed webhook events the Stripe SDK's constructEvent accepts, with the connected account", async () => {
    const received: Stripe.Event[] = [];
    const paths: string[] = [];
    const secret = 'whsec_sandbox_test';
    const endpoint = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      paths.push(String(req.url));
      received.push(stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), secret, 300));
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    // connected accounts' events go to the Connect endpoint with its secret; the account endpoint gets none of them
    const signing = await start({ port: 0, stripeMockUrl: stripeMock, webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/account-hook`, webhookSecret: 'whsec_account_endpoint', connectWebhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`, connectWebhookSecret: secret });
    try {
      const url = new URL(signing.url);
      const api = new Stripe('sk_test_123', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
      const customer = await api.customers.create({ email: 'hooks@example.com' }, { stripeAccount: 'acct_hooks' });
      const sub = await api.subscriptions.create({ customer: customer.id, items: [{ price: 'price_x' }] }, { stripeAccount: 'acct_hooks' });
      await api.subscriptions.update(sub.id, { cancel_at_period_end: true }, { stripeAccount: 'acct_hooks' });
      await api.subscriptions.cancel(sub.id, {}, { stripeAccount: 'acct_hooks' });
      await waitFor(async () => received.length >= 4);
      expect(received.map((e) => [e.type, e.account])).toEqual([
        ['customer.subscription.created', 'acct_hooks'],
        ['invoice.paid', 'acct_hooks'],
        ['customer.subscription.updated', 'acct_hooks'],
        ['customer.subscription.deleted', 'acct_hooks'],
      ]);
      expect(received[2]!.data.object).toMatchObject({ id: sub.id, cancel_at_period_end: true });
      expect(new Set(paths)).toEqual(new Set(['/hook']));
    } finally {
      await new Promise((done) => signing.server.close(done));
      await new Promise((done) => endpoint.close(done));
    }
  });
  it("keeps products and prices per account and lists them as Stripe does; the platform's account starts with the catalogue", async () => {
    const catalogue = await stripe.prices.list({ active: true, type: 'recurring', expand: ['data.product'], limit: 100 });
    const keys = catalogue.data.map((price) => (price.product as Stripe.Product).metadata.prebuiltPlanKey);
    expect(new Set(keys)).toEqual(new Set(['agency-starter', 'agency-pro', 'agency-scale']));
    const product = await stripe.products.create({ name: 'Gold', metadata: { tier: 'gold' } }, { stripeAccount: 'acct_kept' });
    const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 900, recurring: { interval: 'year' }, lookup_key: 'gold_yearly' }, { stripeAccount: 'acct_kept' });
    expect(price).toMatchObject({ product: product.id, unit_amount: 900, type: 'recurring', recurring: { interval: 'year' } });
    const listed = await stripe.prices.list({ lookup_keys: ['gold_yearly'], expand: ['data.product'] }, { stripeAccount: 'acct_kept' });
    expect(listed.data.map((p) => [p.id, (p.product as Stripe.Product).name])).toEqual([[price.id, 'Gold']]);
    // another account does not see them, nor the platform's catalogue
    await expect(stripe.products.retrieve(product.id, {}, { stripeAccount: 'acct_other' })).rejects.toMatchObject({ code: 'resource_missing' });
    expect((await stripe.prices.list({ limit: 100 }, { stripeAccount: 'acct_kept' })).data.map((p) => p.id)).toEqual([price.id]);
    await stripe.prices.update(price.id, { active: false }, { stripeAccount: 'acct_kept' });
    expect((await stripe.prices.list({ active: true }, { stripeAccount: 'acct_kept' })).data).toEqual([]);
  });
});

// The stripe-js sandbox delivers signed webhook events (like `stripe listen --forward-to`) to billing's webhook route.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import Stripe from 'stripe';
import { newWorkspaceUid } from '@platform/contracts';
import { signForwarded } from '@platform/kit';
import { anonymous, waitFor } from '@platform/test-support';
import { startBilling, type BillingHarness } from './support/harness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start } = require('../../../infra/sandboxes/stripe-js/server.js') as { start: (o: object) => Promise<{ server: Server; url: string }> };

interface Delivery {
  id: string;
  type: string;
  objectId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastAnswer: number | string | null;
}

describe('webhooks delivered by the stripe-js sandbox', () => {
  let sandbox: { server: Server; url: string };
  let billing: Server;
  let h: BillingHarness;

  beforeAll(async () => {
    // billing listens first: the sandbox is told where its webhook route is and signs with its secret
    const slot = { stripe: undefined as Stripe | undefined };
    const lazyStripe = new Proxy({} as Stripe, { get: (_target, name) => (slot.stripe as never)[name] });
    h = await startBilling({ stripe: lazyStripe });
    // The gateway's part: the delivery reaches billing's public route signed as forwarded, its bytes untouched.
    const gateway = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = await request(h.app)
        .post('/stripe/webhook')
        .set(signForwarded({ identity: anonymous, region: 'eu' }, h.config.platform.internalSigningSecret, { method: 'POST', path: '/stripe/webhook', body: raw }))
        .set('content-type', String(req.headers['content-type']))
        .set('stripe-signature', String(req.headers['stripe-signature'] ?? ''))
        .send(raw);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    billing = await new Promise((resolve) => {
      const listening = gateway.listen(0, '127.0.0.1', () => resolve(listening));
    });
    sandbox = await start({
      port: 0,
      stripeMockUrl: `http://127.0.0.1:${process.env.STRIPE_PORT ?? 12111}`,
      webhookUrl: `http://127.0.0.1:${(billing.address() as AddressInfo).port}/stripe/webhook`,
      webhookSecret: h.config.stripe.webhookSecret,
    });
    const url = new URL(sandbox.url);
    slot.stripe = new Stripe('sk_test_123', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await new Promise((done) => sandbox.server.close(done));
    await new Promise((done) => billing.close(done));
    await h.close();
  });

  const deliveries = async () => ((await (await fetch(`${sandbox.url}/sandbox/webhooks`)).json()) as { deliveries: Delivery[] }).deliveries;
  /** Waits until the sandbox has delivered every event it made so far (the endpoint answered 2xx). */
  const allDelivered = () =>
    waitFor(async () => {
      const all = await deliveries();
      return all.every((d) => d.status === 'delivered') && all;
    }, 20_000).catch(async (err: Error) => Promise.reject(new Error(`${err.message}: ${JSON.stringify(await deliveries())}`)));
  const browser = async (pathname: string, body: Record<string, string>) =>
    (await fetch(`${sandbox.url}${pathname}`, { method: 'POST', headers: { authorization: 'Bearer pk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() })).json() as Promise<any>;
  const balance = async (uid: string) => (await h.asWorkspace(uid).get(`/credits/${uid}`).expect(200)).body.data.balance as number;
  const planCreditLogs = (uid: string) => h.mongo.collection('eu', 'credit_logs').countDocuments({ workspaceId: uid, logMessage: 'Monthly plan credits' } as never);

  it('grants the plan credits once through invoice.paid when a subscription is paid, even when the event is delivered again', async () => {
    const uid = newWorkspaceUid();
    const card = await browser('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123' });
    const address = { line1: '1 Main St', city: 'Austin', postal_code: '78701', country: 'US', state: 'TX' };
    await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: card.id, userId: uid, region: 'eu', email: 'owner@example.com', address }).expect(200);
    const created = (await h.asWorkspace(uid).post('/stripe/create-subscription', { planId: 'pay_as_you_go', userId: uid, region: 'eu' }).expect(200)).body;
    // the browser confirms the first invoice's payment (Stripe.js); billing is told nothing else
    expect((await browser(`/v1/payment_intents/${created.paymentIntentId}/confirm`, { client_secret: created.clientSecret, payment_method: card.id })).status).toBe('succeeded');

    const delivered = await allDelivered();
    const ofSubscription = delivered.filter((d) => d.objectId === created.subscriptionId || d.type.startsWith('invoice.') || d.objectId === created.paymentIntentId);
    expect(ofSubscription.map((d) => d.type)).toEqual(['customer.subscription.created', 'payment_intent.succeeded', 'customer.subscription.updated', 'invoice.paid']);
    expect(await balance(uid)).toBe(5000);
    const account = await h.mongo.collection('eu', 'billing_accounts').findOne({ _id: uid } as never);
    expect(account).toMatchObject({ plan: 'pay_as_you_go', status: 'active' });

    // Stripe may deliver an event again: the credits stay granted once
    const invoicePaid = delivered.find((d) => d.type === 'invoice.paid')!;
    expect((await fetch(`${sandbox.url}/sandbox/webhooks/${invoicePaid.id}/resend`, { method: 'POST' })).status).toBe(200);
    await allDelivered();
    expect(await balance(uid)).toBe(5000);
    expect(await planCreditLogs(uid)).toBe(1);
  });

  it('delivers a top-up\'s payment_intent.succeeded and a cancellation\'s subscription update; the top-up is credited once', async () => {
    const uid = newWorkspaceUid();
    const card = await browser('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '34', 'card[cvc]': '123' });
    const address = { line1: '1 Main St', city: 'Austin', postal_code: '78701', country: 'US', state: 'TX' };
    await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: card.id, userId: uid, region: 'eu', email: 'owner@example.com', address }).expect(200);
    const created = (await h.asWorkspace(uid).post('/stripe/create-subscription', { planId: 'pay_as_you_go', userId: uid, region: 'eu' }).expect(200)).body;
    await browser(`/v1/payment_intents/${created.paymentIntentId}/confirm`, { client_secret: created.clientSecret, payment_method: card.id });
    await allDelivered();
    await h.asWorkspace(uid).post('/stripe/top-up-usd', { userId: uid, region: 'eu', amount: 10, currency: 'usd' }).expect(200);
    await h.asWorkspace(uid).post('/stripe/cancel-subscription', { reason: 'Too expensive', userId: uid, region: 'eu' }).expect(200);
    const delivered = await allDelivered();
    expect(delivered.filter((d) => d.type === 'payment_intent.succeeded').length).toBeGreaterThanOrEqual(2);
    expect(delivered.filter((d) => d.objectId === created.subscriptionId).map((d) => d.type)).toEqual(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.updated']);
    // 5000 plan credits + 10 USD of credits, each once (the answer and the webhook share the grant)
    expect(await balance(uid)).toBe(5000 + 10_000);
    expect(await h.mongo.collection('eu', 'billing_accounts').findOne({ _id: uid } as never)).toMatchObject({ cancelAtPeriodEnd: true, plan: 'pay_as_you_go' });
  });

  it('signs as Stripe does: a delivery signed with another secret is refused (400) and never applied', async () => {
    const other = await start({ port: 0, stripeMockUrl: `http://127.0.0.1:${process.env.STRIPE_PORT ?? 12111}`, webhookUrl: `http://127.0.0.1:${(billing.address() as AddressInfo).port}/stripe/webhook`, webhookSecret: 'whsec_not_billings' });
    try {
      const url = new URL(other.url);
      const stripe = new Stripe('sk_test_123', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
      const customer = await stripe.customers.create({ email: 'x@example.com' });
      await stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_pay_as_you_go_usd' }] });
      const failed = await waitFor(async () => {
        const all = ((await (await fetch(`${other.url}/sandbox/webhooks`)).json()) as { deliveries: Delivery[] }).deliveries;
        return all.length > 0 && all[0]!.attempts >= 2 && all[0];
      }, 20_000);
      expect(failed).toMatchObject({ type: 'customer.subscription.created', lastAnswer: 400 });
      expect(failed.status).not.toBe('delivered');
    } finally {
      await new Promise((done) => other.server.close(done));
    }
  });
});

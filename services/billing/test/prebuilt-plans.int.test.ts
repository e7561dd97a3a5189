// Pre-built plans (billing §3 "Custom plan", §7 "Agency billing connect"; ADR 0045): assembled from the
// platform's Stripe products and prices (the stripe-js sandbox with its catalogue, in front of stripe-mock),
// bought through Stripe Checkout, made the workspace's plan by Stripe's events.
import type { Server } from 'node:http';
import type Stripe from 'stripe';
import { BILLING_API_MESSAGES, MESSAGES, newWorkspaceUid, type PreBuiltPlan } from '@platform/contracts';
import { snapshot } from '@platform/test-support';
import { createStripe } from '../src/clients/stripe';
import { loadConfig } from '../src/config';
import { startBilling, type BillingHarness } from './support/harness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start } = require('../../../infra/sandboxes/stripe-js/server.js') as { start: (o: object) => Promise<{ server: Server; url: string }> };

describe('pre-built plans: assembled from Stripe, bought through Checkout', () => {
  let sandbox: { server: Server; url: string };
  let stripe: Stripe;
  let h: BillingHarness;
  const sessions: Stripe.Checkout.SessionCreateParams[] = [];
  const cancelled: string[] = [];

  beforeAll(async () => {
    sandbox = await start({ port: 0, stripeMockUrl: `http://127.0.0.1:${process.env.STRIPE_PORT ?? 12111}` });
    stripe = createStripe({ apiBase: sandbox.url, secretKey: loadConfig().stripe.secretKey });
    const createSession = stripe.checkout.sessions.create.bind(stripe.checkout.sessions);
    stripe.checkout.sessions.create = (async (params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions) => {
      sessions.push(params);
      return createSession(params, options);
    }) as typeof stripe.checkout.sessions.create;
    const cancel = stripe.subscriptions.cancel.bind(stripe.subscriptions);
    stripe.subscriptions.cancel = (async (id: string, ...rest: never[]) => {
      cancelled.push(id);
      return cancel(id, ...rest);
    }) as typeof stripe.subscriptions.cancel;
    h = await startBilling({ stripe });
  });
  afterAll(async () => {
    await h.close();
    await new Promise((done) => sandbox.server.close(done));
  });

  const assemble = (uid: string) => h.asWorkspace(uid).post('/stripe/assemble-prebuilt-plans', { userId: uid, region: 'eu' });
  const session = (uid: string, body: object) => h.asWorkspace(uid).post('/stripe/create-agency-subscription-session', { userId: uid, region: 'eu', ...body });
  const event = (type: string, object: object) => ({ id: `evt_${newWorkspaceUid()}`, object: 'event', type, api_version: '2025-02-24.acacia', created: Math.floor(Date.now() / 1000), data: { object } });
  const deliver = async (type: string, object: object) => {
    const payload = event(type, object);
    return (await h.anonymous().post('/stripe/webhook', payload).set('stripe-signature', h.sign(payload)).expect(200)).body;
  };
  const overview = async (uid: string) => (await h.asWorkspace(uid).get(`/overview/${uid}`).expect(200)).body.data;
  const limits = async (uid: string) => (await h.asGateway().get(`/internal/entitlements/${uid}`).expect(200)).body.data.limits;

  it("answers the platform's pre-built plans from its Stripe products, with key and stripePrices (priceId, billingCycle, usdAmount, currency)", async () => {
    const uid = newWorkspaceUid();
    const { plans } = (await assemble(uid).expect(200)).body as { plans: PreBuiltPlan[] };
    expect(plans.map((plan) => plan.key)).toEqual(['agency-starter', 'agency-pro', 'agency-scale']);
    expect(plans[1]).toMatchObject({
      key: 'agency-pro',
      name: 'Agency Pro',
      limits: { maxMonthlyCredits: 100000, maxAgents: 30, workspaceSeats: 5, clientSeats: 50 },
      metadata: { mostPopular: true },
      stripePrices: [
        { priceId: expect.stringMatching(/^price_/), billingCycle: 'monthly', usdAmount: 129, currency: 'usd' },
        { priceId: expect.stringMatching(/^price_/), billingCycle: 'yearly', usdAmount: 1290, currency: 'usd' },
      ],
    });
    expect(plans[2]!.limits?.maxAgents).toBe('infinity');
    // a plan an operator adds in Stripe shows at once; archiving it takes it away
    const product = await stripe.products.create({ name: 'Agency Test', metadata: { prebuiltPlanKey: `test-${uid}`, maxMonthlyCredits: '1000' }, marketing_features: [{ name: 'One feature' }] });
    await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } });
    const added = ((await assemble(uid).expect(200)).body.plans as PreBuiltPlan[]).find((plan) => plan.key === `test-${uid}`);
    expect(added).toMatchObject({ name: 'Agency Test', features: ['One feature'], stripePrices: [{ billingCycle: 'monthly', usdAmount: 5, currency: 'usd' }] });
    await stripe.products.update(product.id, { active: false });
    expect(((await assemble(uid).expect(200)).body.plans as PreBuiltPlan[]).map((plan) => plan.key)).not.toContain(`test-${uid}`);
  });

  it("opens Stripe Checkout for the plan's price of the cycle, returning to the billing page; other workspaces and bad plans are refused", async () => {
    const uid = newWorkspaceUid();
    const pro = ((await assemble(uid).expect(200)).body.plans as PreBuiltPlan[]).find((plan) => plan.key === 'agency-pro')!;
    const before = await snapshot(h.mongo);
    expect((await session(uid, { planKey: 'agency-nope', billingCycle: 'monthly' }).expect(404)).body.message).toBe(MESSAGES.billing.planNotFound);
    await session(uid, { planKey: 'agency-pro', billingCycle: 'weekly' }).expect(400);
    await h.asWorkspace(newWorkspaceUid()).post('/stripe/create-agency-subscription-session', { userId: uid, region: 'eu', planKey: 'agency-pro', billingCycle: 'monthly' }).expect(403);
    await h.anonymous().post('/stripe/create-agency-subscription-session', { userId: uid, region: 'eu', planKey: 'agency-pro', billingCycle: 'monthly' }).expect(401);
    expect(await snapshot(h.mongo)).toEqual(before);

    sessions.length = 0;
    const answer = (await session(uid, { planKey: 'agency-pro', billingCycle: 'yearly' }).expect(200)).body;
    expect(answer).toEqual({ success: true, sessionUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const tag = { workspaceId: uid, region: 'eu', prebuiltPlanKey: 'agency-pro', priceId: pro.stripePrices[1]!.priceId, billingCycle: 'yearly' };
    expect(sessions).toEqual([
      expect.objectContaining({
        mode: 'subscription',
        line_items: [{ price: pro.stripePrices[1]!.priceId, quantity: 1 }],
        client_reference_id: uid,
        success_url: `${h.config.publicUrl}/app/eu/account/billing?checkout=success&plan=agency-pro&cycle=yearly`,
        cancel_url: `${h.config.publicUrl}/app/eu/account/billing?checkout=cancel`,
        metadata: tag,
        subscription_data: { metadata: tag },
      }),
    ]);
  });

  it("Stripe's events make it the workspace's plan (enterprise, the plan's limits, its monthly credits once per invoice), replacing a live subscription; its end takes the limits away", async () => {
    const uid = newWorkspaceUid();
    const starter = ((await assemble(uid).expect(200)).body.plans as PreBuiltPlan[]).find((plan) => plan.key === 'agency-starter')!;
    // the workspace was on Pay as you go
    await h.mongo.collection('eu', 'billing_accounts').insertOne({ _id: uid, plan: 'pay_as_you_go', status: 'active', stripeSubscriptionId: `sub_old_${uid}`, addons: { 'workspace-seat': 1 } } as never);
    const tag = { workspaceId: uid, region: 'eu', prebuiltPlanKey: 'agency-starter', priceId: starter.stripePrices[0]!.priceId, billingCycle: 'monthly' };
    const subscription = `sub_pre_${uid}`;
    // the first invoice comes before the session's completion: it applies the plan, then grants its credits
    await deliver('invoice.paid', { id: `in_1_${uid}`, object: 'invoice', subscription, customer: `cus_${uid}`, subscription_details: { metadata: tag } });
    await deliver('checkout.session.completed', { id: `cs_${uid}`, object: 'checkout.session', mode: 'subscription', customer: `cus_${uid}`, subscription, metadata: tag });
    await deliver('invoice.paid', { id: `in_1_${uid}`, object: 'invoice', subscription, customer: `cus_${uid}`, subscription_details: { metadata: tag } });
    expect(await overview(uid)).toMatchObject({ plan: 'enterprise', status: 'active', balance: 25000, prebuiltPlan: { key: 'agency-starter', name: 'Agency Starter', billingCycle: 'monthly' } });
    expect(await limits(uid)).toMatchObject({ maxAgents: 10, clientSeats: 10, maxConcurrentCalls: 10 });
    expect(cancelled).toContain(`sub_old_${uid}`);
    // a second month
    await deliver('invoice.paid', { id: `in_2_${uid}`, object: 'invoice', subscription, subscription_details: { metadata: tag } });
    expect((await overview(uid)).balance).toBe(50000);
    // already on it: no second session for the same plan and cycle
    expect((await session(uid, { planKey: 'agency-starter', billingCycle: 'monthly' }).expect(400)).body.message).toBe(BILLING_API_MESSAGES.alreadyOnPlan);
    // the subscription ends: free, without the plan's limits
    await deliver('customer.subscription.deleted', { id: subscription, object: 'subscription', status: 'canceled', cancel_at_period_end: false, metadata: tag });
    const ended = await overview(uid);
    expect(ended.plan).toBe('free');
    expect(ended.prebuiltPlan).toBeUndefined();
    expect((await limits(uid)).maxAgents).toBe(2);
  });

  it("refuses a workspace whose customer lives on a regional Stripe account: the plans are the platform account's", async () => {
    const uid = newWorkspaceUid();
    await h.mongo.collection('eu', 'billing_accounts').insertOne({ _id: uid, plan: 'free', stripeCustomerId: 'cus_regional', stripeAccountId: 'acct_sandboxEU' } as never);
    expect((await session(uid, { planKey: 'agency-pro', billingCycle: 'monthly' }).expect(400)).body.message).toBe(BILLING_API_MESSAGES.prebuiltPlanNotOnAccount);
  });
});

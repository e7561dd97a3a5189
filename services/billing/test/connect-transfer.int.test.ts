import Stripe from 'stripe';
import { MESSAGES, newWorkspaceUid } from '@platform/contracts';
import { clientIdentity, signedCaller, snapshot } from '@platform/test-support';
import { createStripe } from '../src/clients/stripe';
import { loadConfig } from '../src/config';
import { startBilling, type BillingHarness } from './support/harness';

/** stripe-mock answers every PaymentIntent with requires_payment_method; this one succeeds like Stripe's test cards, and records the connected account each call used. */
function succeedingStripe() {
  const stripe = createStripe(loadConfig().stripe);
  const accounts: Array<string | undefined> = [];
  const idempotencyKeys: Array<string | undefined> = [];
  const create = stripe.paymentIntents.create.bind(stripe.paymentIntents);
  stripe.paymentIntents.create = (async (params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) => {
    accounts.push(options?.stripeAccount);
    idempotencyKeys.push(options?.idempotencyKey);
    const intent = await create(params, options);
    return { ...intent, status: 'succeeded', amount: params.amount, application_fee_amount: params.application_fee_amount };
  }) as typeof stripe.paymentIntents.create;
  const sessions: Stripe.Checkout.SessionCreateParams[] = [];
  const createSession = stripe.checkout.sessions.create.bind(stripe.checkout.sessions);
  stripe.checkout.sessions.create = (async (params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions) => {
    sessions.push(params);
    return createSession(params, options);
  }) as typeof stripe.checkout.sessions.create;
  return { stripe, accounts, idempotencyKeys, sessions };
}

describe('agency rebilling: connect, client billing and credit transfers (stripe-mock)', () => {
  let h: BillingHarness;
  const paid = succeedingStripe();
  beforeAll(async () => {
    h = await startBilling({ stripe: paid.stripe });
  });
  afterAll(async () => {
    await h.close();
  });

  /** A signed-in client of the organisation, as the gateway forwards it. */
  const asClient = (uid: string, orgId: string, clientId = newWorkspaceUid()) =>
    signedCaller(h.app, h.config.platform.internalSigningSecret)(clientIdentity({ clientId, orgId, agencyId: `agency${uid}`, workspaceId: uid, region: 'eu' }), 'eu');
  const grant = (uid: string, amount: number) => h.ledger.grant('eu', uid, `test-grant:${uid}:${amount}`, { amount, ts: Date.now(), direction: 'increase' });
  async function agencyWithOrg(allowBilling = true) {
    const uid = newWorkspaceUid();
    const orgId = newWorkspaceUid();
    await h.asGateway().post(`/internal/organizations/${orgId}`, { workspaceId: uid, allowBilling }).expect(200);
    return { uid, orgId };
  }
  async function connected(uid: string) {
    const created = await h.asWorkspace(uid).post('/stripe/connect/create-account', { workspace: { uid, email: 'agency@example.com' } }).expect(200);
    await h.asWorkspace(uid).post('/stripe/connect/billing-settings', { workspaceId: uid, USDPerToken: 0.003 }).expect(200);
    return created.body.data.accountId as string;
  }

  describe('credit transfer', () => {
    it('moves credits both ways once per transfer id, never below zero, with the spec messages', async () => {
      const { uid, orgId } = await agencyWithOrg();
      await grant(uid, 1000);
      const transfer = (body: object) => h.asWorkspace(uid).post('/stripe/connect/credit-transfer', { workspaceId: uid, orgId, ...body });

      const sent = await transfer({ transferId: 'transfer-0001', amount: 400, direction: 'workspaceToOrg' }).expect(200);
      expect(sent.body).toEqual({ success: true, message: 'Credits transferred successfully!', workspaceBalance: 600, orgBalance: 400 });
      // The same transfer sent again (a retry) moves nothing more.
      expect((await transfer({ transferId: 'transfer-0001', amount: 400, direction: 'workspaceToOrg' }).expect(200)).body).toMatchObject({ workspaceBalance: 600, orgBalance: 400 });
      // Another request under a used id is refused.
      await transfer({ transferId: 'transfer-0001', amount: 5, direction: 'workspaceToOrg' }).expect(409);

      const back = await transfer({ transferId: 'transfer-0002', amount: 150, direction: 'orgToWorkspace' }).expect(200);
      expect(back.body).toMatchObject({ workspaceBalance: 750, orgBalance: 250 });

      expect((await transfer({ transferId: 'transfer-0003', amount: 751, direction: 'workspaceToOrg' }).expect(400)).body.message).toBe('Not enough credits in workspace.');
      expect((await transfer({ transferId: 'transfer-0004', amount: 251, direction: 'orgToWorkspace' }).expect(400)).body.message).toBe('Not enough credits in org.');
      for (const amount of [0, -5, 'x']) {
        expect((await transfer({ transferId: 'transfer-0005', amount, direction: 'workspaceToOrg' }).expect(400)).body.message).toBe('Please enter a valid amount to transfer.');
      }
      expect((await h.asWorkspace(uid).get(`/stripe/connect/credit-transfer/${orgId}?workspaceId=${uid}`).expect(200)).body).toEqual({ success: true, workspaceBalance: 750, orgBalance: 250 });
      const logs = await h.mongo.collection('eu', 'credit_logs').find({ _id: { $regex: '^transfer:' } } as never).toArray();
      expect(logs).toHaveLength(4);
    });

    it('needs allowBilling on the organisation (agency-shell-clients §6), moving nothing without it', async () => {
      const { uid, orgId } = await agencyWithOrg(false);
      await grant(uid, 1000);
      const refused = await h.asWorkspace(uid).post('/stripe/connect/credit-transfer', { workspaceId: uid, orgId, transferId: 'nobilling-01', amount: 10, direction: 'workspaceToOrg' }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.billing.organizationBillingDisabled);
      expect(await h.ledger.balance('eu', uid)).toBe(1000);
      expect(await h.ledger.balance('eu', `org:${orgId}`)).toBe(0);
    });

    it('never overdraws under concurrent transfers', async () => {
      const { uid, orgId } = await agencyWithOrg();
      await grant(uid, 1000);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_v, i) => h.asWorkspace(uid).post('/stripe/connect/credit-transfer', { workspaceId: uid, orgId, transferId: `parallel-${i}-xyz`, amount: 300, direction: 'workspaceToOrg' })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      expect(results.filter((r) => r.status === 400).every((r) => r.body.message === MESSAGES.clients.notEnoughCreditsInWorkspace)).toBe(true);
      expect(await h.ledger.balance('eu', uid)).toBe(100);
      expect(await h.ledger.balance('eu', `org:${orgId}`)).toBe(900);
    });

    it("answers the spec's 404 for another workspace's organisation and refuses other callers, changing nothing", async () => {
      const { uid, orgId } = await agencyWithOrg();
      const other = await agencyWithOrg();
      await grant(uid, 100);
      const before = await snapshot(h.mongo);
      const foreign = await h.asWorkspace(uid).post('/stripe/connect/credit-transfer', { workspaceId: uid, orgId: other.orgId, transferId: 'foreign-0001', amount: 10, direction: 'workspaceToOrg' }).expect(404);
      expect(foreign.body.message).toBe('Workspace not found. Please refresh and try again.');
      await h.asWorkspace(other.uid).post('/stripe/connect/credit-transfer', { workspaceId: uid, orgId, transferId: 'foreign-0002', amount: 10, direction: 'workspaceToOrg' }).expect(403);
      await h.anonymous().post('/stripe/connect/credit-transfer', { workspaceId: uid, orgId, transferId: 'foreign-0003', amount: 10, direction: 'workspaceToOrg' }).expect(401);
      expect((await h.asWorkspace(uid).get(`/stripe/connect/credit-transfer/${other.orgId}?workspaceId=${uid}`).expect(404)).body.message).toBe('Workspace not found. Please refresh and try again.');
      expect(await snapshot(h.mongo)).toEqual(before);
    });
  });

  describe('agency billing connect', () => {
    it('connects once, links to onboarding, saves the per-credit price and the plans with computed prices', async () => {
      const uid = newWorkspaceUid();
      const status0 = await h.asWorkspace(uid).get(`/stripe/connect/status/${uid}`).expect(200);
      expect(status0.body.data).toEqual({});
      const tooEarly = await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: 'acct_x', workspaceId: uid, plans: [] }).expect(400);
      expect(tooEarly.body.message).toBe(MESSAGES.billing.plansNeedSettings);

      const created = await h.asWorkspace(uid).post('/stripe/connect/create-account', { workspace: { uid, email: 'agency@example.com' } }).expect(200);
      expect(created.body).toMatchObject({ message: 'Account Connected', data: { accountId: expect.stringMatching(/^acct_/), isConnected: true, payouts_enabled: false } });
      await h.asWorkspace(uid).post('/stripe/connect/create-account', { workspace: { uid } }).expect(409);
      const link = await h.asWorkspace(uid).post('/stripe/connect/account-link', { workspace: { uid } }).expect(200);
      expect(link.body.redirectUrl).toMatch(/^https:\/\//);

      for (const USDPerToken of ['abc', -1, 2, null]) {
        expect((await h.asWorkspace(uid).post('/stripe/connect/billing-settings', { workspaceId: uid, USDPerToken }).expect(400)).body.message).toBe('Please enter a valid number');
      }
      const saved = await h.asWorkspace(uid).post('/stripe/connect/billing-settings', { workspaceId: uid, USDPerToken: 0.004 }).expect(200);
      expect(saved.body).toMatchObject({ message: 'Billing settings saved.', data: { USDPerToken: 0.004 } });

      const accountId = created.body.data.accountId as string;
      const plans = [
        { name: 'Basic Plan', credits: 5000, features: ['Custom Channels', 'Real-Time Analytics', 'Voice Channels'], isPopular: false, price: 1 },
        { name: 'Premium Plan', credits: 15000, features: ['Custom Channels', 'Real-Time Analytics', 'Voice Channels', 'Priority Support'], isPopular: true },
      ];
      const upserted = await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: accountId, workspaceId: uid, plans }).expect(200);
      expect(upserted.body.message).toBe('Plans saved successfully');
      expect(upserted.body.updatedPlans).toEqual([
        expect.objectContaining({ name: 'Basic Plan', price: 25, productId: expect.stringMatching(/^prod_/), priceId: expect.stringMatching(/^price_/) }),
        expect.objectContaining({ name: 'Premium Plan', price: 75, isPopular: true }),
      ]);
      const featureless = await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: accountId, workspaceId: uid, plans: [{ name: 'X', credits: 10, features: [] }] }).expect(400);
      expect(featureless.body.message).toBe('Each plan must have at least one feature');
      const six = await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: accountId, workspaceId: uid, plans: [{ name: 'X', credits: 10, features: ['a', 'b', 'c', 'd', 'e', 'f'] }] }).expect(400);
      expect(six.body.message).toBe('Maximum of 5 features allowed');
      const blank = await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: accountId, workspaceId: uid, plans: [{ name: 'X', credits: 10, features: ['a', ' '] }] }).expect(400);
      expect(blank.body.message).toBe('Each plan must have at least one feature with text');

      const forClients = await asClient(uid, newWorkspaceUid()).get(`/stripe/connect/get-account-id/${uid}/eu`).expect(200);
      expect(forClients.body).toMatchObject({ accountId, allowPlans: true, usdPerCredit: 0.005 });
      expect((await h.asWorkspace(uid).get(`/stripe/connect/get-plans?agencyAccountId=${accountId}&workspaceId=${uid}`).expect(200)).body.plans).toHaveLength(2);
      await h.asWorkspace(newWorkspaceUid()).get(`/stripe/connect/status/${uid}`).expect(403);
    });
  });

  describe('client-facing billing on the connected account', () => {
    it('saves a card, buys credits at credits × usdPerCredit on the agency account, sets auto-recharge, lists invoices', async () => {
      const { uid, orgId } = await agencyWithOrg();
      const accountId = await connected(uid);
      const client = asClient(uid, orgId);
      const state0 = (await client.get(`/stripe/connect/organization/${orgId}`).expect(200)).body.data;
      expect(state0).toMatchObject({ orgId, allowBilling: true, loadTokens: 0, automaticBilling: false });

      const body = { workspaceId: uid, clientId: newWorkspaceUid(), orgId, region: 'eu' };
      const noCard = await client.post('/stripe/connect/pre-paid', { ...body, creditAmount: 2500 }).expect(402);
      expect(noCard.body.message).toBe(MESSAGES.billing.clientNeedsPaymentMethod);
      const noCardRecharge = await client.post('/stripe/connect/update-autorecharge', { automaticBilling: true, workspaceStripeAccountId: accountId, threshold: 500, amount: 10, region: 'eu', orgId, customer_id: 'cus_none' }).expect(400);
      expect(noCardRecharge.body.message).toBe(MESSAGES.billing.clientNeedsPaymentMethod);

      const card = await client.post('/stripe/connect/update-payment', { paymentMethodId: 'pm_card_visa', userId: newWorkspaceUid(), agencyId: uid, orgId, region: 'eu', workspaceStripeAccountId: accountId }).expect(200);
      expect(card.body).toMatchObject({ message: 'Payment method updated successfully', customer: { id: expect.stringMatching(/^cus_/) } });
      const customerId = card.body.customer.id as string;
      // the client who set up payment carries the organisation's customer too (billing §3)
      expect(h.clientCustomers).toContainEqual({ region: 'eu', orgId, clientId: expect.any(String), stripeCustomerId: customerId });

      await client.post('/stripe/connect/pre-paid', { ...body, creditAmount: 999 }).expect(400);
      await client.post('/stripe/connect/pre-paid', { ...body, creditAmount: 1200 }).expect(400);
      paid.accounts.length = 0;
      const bought = await client.post('/stripe/connect/pre-paid', { ...body, creditAmount: 2500 }).expect(200);
      expect(bought.body).toEqual({ success: true, message: 'Credits purchased successfully', loadTokens: 2500, amountUsd: 10 });
      expect(paid.accounts).toEqual([accountId]);
      // The same amount bought again is another purchase: another charge (not Stripe's answer to the first again) and more credits.
      const again = await client.post('/stripe/connect/pre-paid', { ...body, creditAmount: 2500 }).expect(200);
      expect(again.body.loadTokens).toBe(5000);
      expect(new Set(paid.idempotencyKeys.slice(-2)).size).toBe(2);

      const recharge = await client.post('/stripe/connect/update-autorecharge', { automaticBilling: true, workspaceStripeAccountId: accountId, threshold: 500, amount: 10, region: 'eu', orgId, customer_id: customerId }).expect(200);
      expect(recharge.body.message).toBe('Auto-recharge settings updated successfully. Will charge $10 when credits drop below 500.');
      await client.post('/stripe/connect/update-autorecharge', { automaticBilling: true, workspaceStripeAccountId: accountId, threshold: 550, amount: 10, region: 'eu', orgId, customer_id: customerId }).expect(400);
      const off = await client.post('/stripe/connect/update-autorecharge', { automaticBilling: false, workspaceStripeAccountId: accountId, threshold: 500, amount: 10, region: 'eu', orgId, customer_id: customerId }).expect(200);
      expect(off.body.message).toBe('Auto-recharge disabled.');

      expect((await client.get(`/stripe/connect/get-payment-methods/${customerId}/${accountId}`).expect(200)).body.paymentMethod).toMatchObject({ id: expect.stringMatching(/^pm_/) });
      expect((await client.get(`/stripe/connect/get-billing-details/${customerId}/${accountId}`).expect(200)).body.customer).toMatchObject({ id: expect.stringMatching(/^cus_/) });
      const invoices = (await client.get(`/stripe/connect/get-invoices/${customerId}/${accountId}`).expect(200)).body.invoices.data;
      expect(invoices.length).toBeLessThanOrEqual(4);
      for (const invoice of invoices) expect(Object.keys(invoice).sort()).toEqual(['created', 'hosted_invoice_url', 'id', 'number']);
      // The customer on another account is not this organisation's.
      await client.get(`/stripe/connect/get-invoices/${customerId}/acct_other`).expect(403);
    });

    it('opens a checkout session for an agency plan and refuses unknown plans', async () => {
      const { uid, orgId } = await agencyWithOrg();
      const accountId = await connected(uid);
      const client = asClient(uid, orgId);
      const plans = [{ name: 'Basic Plan', credits: 5000, features: ['Custom Channels'] }];
      const [plan] = (await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: accountId, workspaceId: uid, plans }).expect(200)).body.updatedPlans;
      const subscribe = (priceId: string) =>
        client.post('/stripe/connect/create-subscription', { priceId, customerEmail: 'client@example.com', orgId, successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/no', workspaceStripeAccountId: accountId, region: 'eu' });
      expect((await subscribe(plan.priceId).expect(200)).body.sessionUrl).toMatch(/^https:\/\//);
      expect((await subscribe('price_unknown').expect(404)).body.message).toBe('Error: Plan not found');
    });

    it("records the organisation's subscription from Stripe's events: active with its plan, the plan's credits once per invoice, then cancelled", async () => {
      const { uid, orgId } = await agencyWithOrg();
      const accountId = await connected(uid);
      const client = asClient(uid, orgId);
      const plans = [{ name: 'Basic Plan', credits: 5000, features: ['Custom Channels'] }];
      const [plan] = (await h.asWorkspace(uid).post('/stripe/connect/upsert-agency-plans', { agencyAccountId: accountId, workspaceId: uid, plans }).expect(200)).body.updatedPlans;
      paid.sessions.length = 0;
      await client.post('/stripe/connect/create-subscription', { priceId: plan.priceId, customerEmail: 'client@example.com', orgId, successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/no', workspaceStripeAccountId: accountId, region: 'eu' }).expect(200);
      // What Stripe keeps on the subscription and copies to its invoices' subscription_details.
      const tag = paid.sessions[0]!.subscription_data!.metadata as Record<string, string>;
      expect(tag).toMatchObject({ orgId, region: 'eu', priceId: plan.priceId, credits: '5000' });
      expect(paid.sessions[0]!.subscription_data!.application_fee_percent).toBe(5);

      const subscriptionId = `sub_${orgId}`;
      const deliver = async (type: string, object: object) => {
        const event = { id: `evt_${newWorkspaceUid()}`, object: 'event', account: accountId, type, api_version: '2025-02-24.acacia', created: Math.floor(Date.now() / 1000), data: { object } };
        // the agency's account: Stripe's Connect endpoint, signed with its own secret (ADR 0044)
        await h.anonymous().post('/stripe/connect/webhook', event).set('stripe-signature', h.sign(event, { secret: h.config.stripe.connectWebhookSecret })).expect(200);
      };
      const state = async () => (await client.get(`/stripe/connect/organization/${orgId}`).expect(200)).body.data;
      await deliver('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', mode: 'subscription', customer: 'cus_checkout', subscription: subscriptionId, metadata: paid.sessions[0]!.metadata });
      expect(await state()).toMatchObject({ subscription: { id: subscriptionId, status: 'active', priceId: plan.priceId }, stripeCustomerId: 'cus_checkout' });
      // A second session while active is refused.
      await client.post('/stripe/connect/create-subscription', { priceId: plan.priceId, customerEmail: 'client@example.com', orgId, successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/no', workspaceStripeAccountId: accountId, region: 'eu' }).expect(400);

      const invoice = { id: `in_${orgId}`, object: 'invoice', subscription: subscriptionId, subscription_details: { metadata: tag } };
      await deliver('invoice.paid', invoice);
      await deliver('invoice.paid', invoice);
      expect((await state()).loadTokens).toBe(5000);
      await deliver('invoice.paid', { ...invoice, id: `in2_${orgId}`, subscription_details: undefined, parent: { subscription_details: { metadata: tag } } });
      expect((await state()).loadTokens).toBe(10000);

      await deliver('customer.subscription.updated', { id: subscriptionId, object: 'subscription', status: 'past_due', metadata: tag, items: { data: [{ price: { id: plan.priceId } }] } });
      expect((await state()).subscription).toEqual({ id: subscriptionId, status: 'past_due', priceId: plan.priceId });
      await deliver('customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled', metadata: tag, items: { data: [{ price: { id: plan.priceId } }] } });
      expect((await state()).subscription).toEqual({ id: subscriptionId, status: 'cancelled', priceId: plan.priceId });
    });

    it("keeps one organisation's billing from another organisation's clients, the agency's members and organisations without allowBilling", async () => {
      const a = await agencyWithOrg();
      const b = await agencyWithOrg(false);
      const aAccount = await connected(a.uid);
      await connected(b.uid);
      const ofB = asClient(b.uid, b.orgId);
      const sameAgency = await agencyWithOrg();
      const before = await snapshot(h.mongo);
      await ofB.get(`/stripe/connect/organization/${a.orgId}`).expect(403);
      await ofB.post('/stripe/connect/update-autorecharge', { automaticBilling: false, workspaceStripeAccountId: aAccount, threshold: 500, amount: 5, region: 'eu', orgId: a.orgId, customer_id: 'cus_x' }).expect(403);
      await ofB.post('/stripe/connect/pre-paid', { workspaceId: a.uid, clientId: b.uid, orgId: a.orgId, region: 'eu', creditAmount: 1000 }).expect(403);
      await ofB.get(`/stripe/connect/get-account-id/${a.uid}/eu`).expect(403);
      await ofB.get(`/stripe/connect/get-invoices/cus_x/${aAccount}`).expect(403);
      // A client whose identity names another workspace than the one its organisation is registered under.
      await asClient(sameAgency.uid, a.orgId).get(`/stripe/connect/organization/${a.orgId}`).expect(403);
      // Members and secrets of the agency are not clients.
      await h.asWorkspace(a.uid).get(`/stripe/connect/organization/${a.orgId}`).expect(403);
      await h.anonymous().get(`/stripe/connect/organization/${a.orgId}`).expect(401);
      expect(await snapshot(h.mongo)).toEqual(before);
      const disabled = await ofB.post('/stripe/connect/pre-paid', { workspaceId: b.uid, clientId: b.uid, orgId: b.orgId, region: 'eu', creditAmount: 1000 }).expect(403);
      expect(disabled.body.message).toBe(MESSAGES.billing.organizationBillingDisabled);
      // An organisation never moves to another workspace.
      await h.asGateway().post(`/internal/organizations/${a.orgId}`, { workspaceId: b.uid, allowBilling: true }).expect(400);
      await h.asWorkspace(b.uid).post(`/stripe/connect/organization/${a.orgId}`, { workspaceId: b.uid, allowBilling: false }).expect(404);
    });
  });
});

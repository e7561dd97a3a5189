import { BILLING_API_MESSAGES, MESSAGES, UNLIMITED, newWorkspaceUid } from '@platform/contracts';
import { snapshot } from '@platform/test-support';
import { startBilling, type BillingHarness } from './support/harness';

const address = { line1: '1 Hauptstrasse', city: 'Berlin', postal_code: '10115', country: 'DE', state: 'BE' };

describe('workspace billing against stripe-mock', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBilling();
  });
  afterAll(async () => {
    await h.close();
  });

  const entitlements = async (uid: string) => (await h.asWorkspace(uid).get(`/credits/${uid}`).expect(200)).body.data;
  const plan = async (uid: string) => (await h.mongo.collection('eu', 'billing_accounts').findOne({ _id: uid } as never)) as Record<string, unknown> | null;

  async function subscribed(): Promise<string> {
    const uid = newWorkspaceUid();
    await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: 'pm_card_visa', userId: uid, region: 'eu', email: 'owner@example.com', name: 'Owner', address }).expect(200);
    await h.asWorkspace(uid).post('/stripe/create-subscription', { planId: 'pay_as_you_go', userId: uid, region: 'eu' }).expect(200);
    return uid;
  }

  it('answers a new workspace with no customer; a German address makes it pay in euro', async () => {
    const uid = newWorkspaceUid();
    const empty = await h.asWorkspace(uid).post('/stripe/get-user-data', { userId: uid, region: 'eu' }).expect(200);
    expect(empty.body.data).toMatchObject({ customer: null, subscriptions: [], paymentMethod: null, currency: 'usd', internalKeyRef: uid });

    const saved = await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: 'pm_card_visa', userId: uid, region: 'eu', email: 'owner@example.com', address }).expect(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Payment information updated successfully', customerId: expect.stringMatching(/^cus_/) });
    const data = (await h.asWorkspace(uid).post('/stripe/get-user-data', { userId: uid, region: 'eu' }).expect(200)).body.data;
    expect(data.currency).toBe('eur');
    expect(data.paymentMethod.id).toMatch(/^pm_/);
  });

  it('refuses an incomplete address, another workspace, and another region', async () => {
    const uid = newWorkspaceUid();
    const incomplete = await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: 'pm_1', userId: uid, region: 'eu', email: 'a@b.co', address: { country: 'DE' } }).expect(400);
    expect(incomplete.body.message).toBe(MESSAGES.billing.addressIncomplete);
    await h.asWorkspace(newWorkspaceUid()).post('/stripe/get-user-data', { userId: uid, region: 'eu' }).expect(403);
    await h.anonymous().post('/stripe/get-user-data', { userId: uid, region: 'eu' }).expect(401);
    await h.asWorkspace(uid).post('/stripe/get-user-data', { userId: uid, region: 'na' }).expect(400);
  });

  it('checks discount codes with the spec messages', async () => {
    const uid = newWorkspaceUid();
    expect((await h.asWorkspace(uid).post('/stripe/check-discount-code', { discountCode: '', userId: uid, region: 'eu' }).expect(400)).body.message).toBe('Please enter a discount code');
    expect((await h.asWorkspace(uid).post('/stripe/check-discount-code', { discountCode: 'NOPE', userId: uid, region: 'eu' }).expect(400)).body.message).toBe('Invalid discount code');
  });

  it('refuses a top-up on the free plan and below the minimum', async () => {
    const uid = newWorkspaceUid();
    const free = await h.asWorkspace(uid).post('/stripe/top-up-usd', { userId: uid, region: 'eu', amount: 10, currency: 'usd' }).expect(402);
    expect(free.body.message).toBe(BILLING_API_MESSAGES.topUpNeedsPlan);
    const low = await h.asWorkspace(uid).post('/stripe/top-up-usd', { userId: uid, region: 'eu', amount: 4, currency: 'usd' }).expect(400);
    expect(low.body.message).toBe('Minimum amount');
  });

  it('subscribes to Pay as you go: the plan lifts the agent limit; cancel needs a reason and reactivate undoes it', async () => {
    const uid = await subscribed();
    expect(await plan(uid)).toMatchObject({ plan: 'pay_as_you_go', status: 'active', stripeSubscriptionId: expect.stringMatching(/^sub_/) });
    const { data } = (await h.asGateway().get(`/internal/entitlements/${uid}`).expect(200)).body;
    expect(data).toMatchObject({ plan: 'pay_as_you_go', limits: { maxAgents: UNLIMITED }, whitelabel: { entitled: false } });

    const other = await h.asWorkspace(uid).post('/stripe/cancel-subscription', { reason: 'Other', userId: uid, region: 'eu' }).expect(400);
    expect(other.body.success).toBe(false);
    const overview = (await h.asWorkspace(uid).get(`/overview/${uid}`).expect(200)).body.data;
    expect(overview).toMatchObject({ plan: 'pay_as_you_go', status: 'active', cancels: false, balance: 0, usdBalance: 0, currency: 'EUR', taxDescription: 'EU Tax (DE 27%)', autoRecharge: { enabled: false, monthlyChargeLimit: 100 } });
    const cancelled = await h.asWorkspace(uid).post('/stripe/cancel-subscription', { reason: 'Other', otherReason: 'Moving on', userId: uid, region: 'eu' }).expect(200);
    expect(cancelled.body.message).toBe('Subscription cancelled successfully');
    expect(await plan(uid)).toMatchObject({ cancelAtPeriodEnd: true, plan: 'pay_as_you_go' });
    const reactivated = await h.asWorkspace(uid).post('/stripe/reactivate-subscription', { userId: uid, region: 'eu' }).expect(200);
    expect(reactivated.body.message).toBe('Subscription reactivated successfully');
    expect(await plan(uid)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('reports a refused top-up charge with its status and credits nothing', async () => {
    const uid = await subscribed();
    // stripe-mock answers every new PaymentIntent with requires_payment_method.
    const refused = await h.asWorkspace(uid).post('/stripe/top-up-usd', { userId: uid, region: 'eu', amount: 10, currency: 'eur' }).expect(402);
    expect(refused.body.message).toBe('Payment failed with status: requires_payment_method');
    expect((await entitlements(uid)).balance).toBe(0);
  });

  it('lets operators put a workspace on enterprise (contact sales), and nobody else', async () => {
    const uid = newWorkspaceUid();
    await h.asWorkspace(uid).post(`/internal/plans/${uid}`, { plan: 'enterprise' }).expect(403);
    await h.asGateway().post(`/internal/plans/${uid}`, { plan: 'gold' }).expect(400);
    await h.asGateway().post(`/internal/plans/${uid}`, { plan: 'enterprise' }).expect(200);
    expect((await h.asGateway().get(`/internal/entitlements/${uid}`).expect(200)).body.data).toMatchObject({ plan: 'enterprise', limits: { maxAgents: UNLIMITED } });
  });

  it('adds and removes add-ons only on a subscription, and they raise the plan limits', async () => {
    const free = newWorkspaceUid();
    const refused = await h.asWorkspace(free).post('/stripe/add-addon-to-subscription', { userId: free, region: 'eu', addons: [{ addonId: 'workspace-seat', quantity: 1 }] }).expect(402);
    expect(refused.body.message).toBe('You need an active subscription to add addons');
    await h.asWorkspace(free).post('/stripe/add-addon-to-subscription', { userId: free, region: 'eu', addons: [{ addonId: 'whitelabel-new', quantity: 2 }] }).expect(400);

    const uid = await subscribed();
    const added = await h.asWorkspace(uid).post('/stripe/add-addon-to-subscription', { userId: uid, region: 'eu', addons: [{ addonId: 'workspace-seat', quantity: 3 }, { addonId: 'whitelabel-new', quantity: 1 }] }).expect(200);
    expect(added.body.message).toBe('Addons updated successfully');
    const status = await h.asWorkspace(uid).post('/stripe/check-addon-status', { userId: uid, region: 'eu', addonKeys: ['workspace-seat', 'client_seat'] }).expect(200);
    expect(status.body).toMatchObject({ hasSubscription: true, addons: [{ addonKey: 'workspace-seat', hasAddon: true, quantity: 3 }, { addonKey: 'client_seat', hasAddon: false, quantity: 0 }] });
    const granted = (await h.asGateway().get(`/internal/entitlements/${uid}`).expect(200)).body.data;
    expect(granted).toMatchObject({ limits: { workspaceSeats: 5 }, whitelabel: { entitled: true, via: 'addon' } });

    await h.asWorkspace(uid).post('/stripe/remove-addon-from-subscription', { userId: uid, region: 'eu', addonKeys: ['whitelabel-new'] }).expect(200);
    expect((await h.asGateway().get(`/internal/entitlements/${uid}`).expect(200)).body.data.whitelabel).toEqual({ entitled: false, via: null });
  });

  it('starts the 14-day whitelabel trial once, which entitles whitelabel', async () => {
    const uid = newWorkspaceUid();
    const started = await h.asWorkspace(uid).post('/stripe/activate-whitelabel-trial', { userId: uid, region: 'eu' }).expect(200);
    expect(started.body.trialEndsAt - Date.now()).toBeGreaterThan(14 * 24 * 3600 * 1000 - 60_000);
    expect((await h.asGateway().get(`/internal/entitlements/${uid}`).expect(200)).body.data.whitelabel).toEqual({ entitled: true, via: 'trial', trialEndsAt: started.body.trialEndsAt });
    await h.asWorkspace(uid).post('/stripe/activate-whitelabel-trial', { userId: uid, region: 'eu' }).expect(409);
  });

  describe('webhooks', () => {
    const event = (type: string, object: object, id = `evt_${newWorkspaceUid()}`) => ({ id, object: 'event', type, api_version: '2025-02-24.acacia', created: Math.floor(Date.now() / 1000), data: { object } });

    it('changes nothing on a bad or stale signature', async () => {
      const uid = await subscribed();
      const sub = (await plan(uid))!.stripeSubscriptionId;
      const paid = event('invoice.paid', { id: 'in_bad', object: 'invoice', subscription: sub });
      const before = await snapshot(h.mongo);
      const forged = await h.anonymous().post('/stripe/webhook', paid).set('stripe-signature', h.sign(paid, { secret: 'whsec_someone_else' })).expect(400);
      expect(forged.body).toEqual({ success: false, message: BILLING_API_MESSAGES.badSignature });
      await h.anonymous().post('/stripe/webhook', paid).set('stripe-signature', h.sign(paid, { timestamp: Math.floor(Date.now() / 1000) - 301 })).expect(400);
      await h.anonymous().post('/stripe/webhook', paid).expect(400);
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it("takes a connected account's events only at the Connect endpoint signed with its secret, and the platform's only at the account endpoint", async () => {
      const uid = await subscribed();
      const sub = (await plan(uid))!.stripeSubscriptionId;
      const fromConnected = { ...event('invoice.paid', { id: `in_connect_${uid}`, object: 'invoice', subscription: sub }), account: 'acct_sandboxEU' };
      const fromPlatform = event('invoice.paid', { id: `in_platform_${uid}`, object: 'invoice', subscription: sub });
      const platformSigned = (payload: object) => h.sign(payload);
      const connectSigned = (payload: object) => h.sign(payload, { secret: h.config.stripe.connectWebhookSecret });
      expect(h.config.stripe.connectWebhookSecret).not.toBe(h.config.stripe.webhookSecret);
      const before = await snapshot(h.mongo);
      const refused = async (path: string, payload: object, signature: string, message: string) =>
        expect((await h.anonymous().post(path, payload).set('stripe-signature', signature).expect(400)).body).toEqual({ success: false, message });
      await refused('/stripe/connect/webhook', fromConnected, platformSigned(fromConnected), BILLING_API_MESSAGES.badSignature);
      await refused('/stripe/webhook', fromConnected, platformSigned(fromConnected), BILLING_API_MESSAGES.connectEventOnPlatformEndpoint);
      await refused('/stripe/webhook', fromPlatform, connectSigned(fromPlatform), BILLING_API_MESSAGES.badSignature);
      await refused('/stripe/connect/webhook', fromPlatform, connectSigned(fromPlatform), BILLING_API_MESSAGES.platformEventOnConnectEndpoint);
      expect(await snapshot(h.mongo)).toEqual(before);

      const applied = await h.anonymous().post('/stripe/connect/webhook', fromConnected).set('stripe-signature', connectSigned(fromConnected)).expect(200);
      expect(applied.body).toEqual({ success: true, applied: true });
      expect((await entitlements(uid)).balance).toBe(5000);
    });

    it('applies invoice.paid once: the monthly credits are granted once for the same event, and once per invoice', async () => {
      const uid = await subscribed();
      const sub = (await plan(uid))!.stripeSubscriptionId;
      const paid = event('invoice.paid', { id: `in_${uid}`, object: 'invoice', subscription: sub });
      const first = await h.anonymous().post('/stripe/webhook', paid).set('stripe-signature', h.sign(paid)).expect(200);
      expect(first.body.applied).toBe(true);
      const again = await h.anonymous().post('/stripe/webhook', paid).set('stripe-signature', h.sign(paid)).expect(200);
      expect(again.body.applied).toBe(false);
      const sameInvoice = event('invoice.paid', { id: `in_${uid}`, object: 'invoice', subscription: sub });
      await h.anonymous().post('/stripe/webhook', sameInvoice).set('stripe-signature', h.sign(sameInvoice)).expect(200);
      expect((await entitlements(uid)).balance).toBe(5000);
    });

    it('credits a top-up paid later (payment_intent.succeeded) once, and drops the plan when the subscription is deleted', async () => {
      const uid = await subscribed();
      const intent = { id: `pi_${uid}`, object: 'payment_intent', status: 'succeeded', metadata: { workspaceId: uid, region: 'eu', purpose: 'top-up', credits: '11364' } };
      for (const id of ['evt_a', 'evt_b'].map((s) => `${s}_${uid}`)) {
        const succeeded = event('payment_intent.succeeded', intent, id);
        await h.anonymous().post('/stripe/webhook', succeeded).set('stripe-signature', h.sign(succeeded)).expect(200);
      }
      expect((await entitlements(uid)).balance).toBe(11364);

      const sub = (await plan(uid))!.stripeSubscriptionId;
      const deleted = event('customer.subscription.deleted', { id: sub, object: 'subscription', status: 'canceled', cancel_at_period_end: false });
      await h.anonymous().post('/stripe/webhook', deleted).set('stripe-signature', h.sign(deleted)).expect(200);
      expect(await plan(uid)).toMatchObject({ plan: 'free', status: 'cancelled' });
    });
  });
});

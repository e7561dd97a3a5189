import type Stripe from 'stripe';
import { NOTIFICATION_MESSAGES, newWorkspaceUid, type EventEnvelope, type NotificationRequestedData } from '@platform/contracts';
import type { OutboxEntry } from '@platform/kit';
import { clientIdentity, signedCaller } from '@platform/test-support';
import { createStripe } from '../src/clients/stripe';
import { loadConfig } from '../src/config';
import { organizationAccountId } from '../src/domain/credit-transfer';
import { ORGANIZATION_INDEXES, TRANSFER_COLLECTIONS } from '../src/store/organization-collections';
import type { OrganizationBilling } from '../src/store/organization-billing';
import { startBilling, type BillingHarness } from './support/harness';

/** The real SDK on the Stripe sandbox (STRIPE_API_BASE: test cards' outcomes in front of stripe-mock), recording each charge's idempotency key and answer. */
function recordingStripe() {
  const stripe = createStripe(loadConfig().stripe);
  const charges: Array<{ key?: string; account?: string; id?: string; status?: string; declined?: string }> = [];
  const create = stripe.paymentIntents.create.bind(stripe.paymentIntents);
  stripe.paymentIntents.create = (async (params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) => {
    try {
      const intent = await create(params, options);
      charges.push({ key: options?.idempotencyKey, account: options?.stripeAccount, id: intent.id, status: intent.status });
      return intent;
    } catch (err) {
      charges.push({ key: options?.idempotencyKey, account: options?.stripeAccount, declined: (err as Error).message });
      throw err;
    }
  }) as typeof stripe.paymentIntents.create;
  return { stripe, charges };
}

describe("organisation auto-recharge on the agency's connected account (Stripe sandbox)", () => {
  let h: Awaited<ReturnType<typeof startBilling>>;
  const sandbox = recordingStripe();
  beforeAll(async () => {
    h = await startBilling({ stripe: sandbox.stripe });
    await h.mongo.ensureIndexes(ORGANIZATION_INDEXES);
  });
  afterAll(() => h.close());

  const orgs = () => h.mongo.collection<OrganizationBilling>('eu', TRANSFER_COLLECTIONS.organizationBilling);
  let offset = 0;
  const consume = (uid: string, orgId: string, amount: number) =>
    h.ledger.applyConsumptions(0, [{ eventId: `${orgId}-${(offset += 1)}`, region: 'eu', workspaceId: uid, accountId: organizationAccountId(orgId), partition: 0, offset, entry: { amount, ts: Date.now(), direction: 'decrease' } }]);
  const balance = (orgId: string) => h.ledger.balance('eu', organizationAccountId(orgId));
  const card = (number: string, accountId: string) => sandbox.stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } }, { stripeAccount: accountId });

  it('charges the saved card once per crossing with the recharge id as idempotency key, credits once (also after a crash), and on a decline keeps the settings and notifies', async () => {
    const uid = newWorkspaceUid();
    const orgId = newWorkspaceUid();
    await h.asGateway().post(`/internal/organizations/${orgId}`, { workspaceId: uid, allowBilling: true }).expect(200);
    const accountId = (await h.asWorkspace(uid).post('/stripe/connect/create-account', { workspace: { uid, email: 'agency@example.com' } }).expect(200)).body.data.accountId as string;
    await h.asWorkspace(uid).post('/stripe/connect/billing-settings', { workspaceId: uid, USDPerToken: 0.003 }).expect(200);
    const client = signedCaller(h.app, h.config.platform.internalSigningSecret)(clientIdentity({ clientId: newWorkspaceUid(), orgId, agencyId: `agency${uid}`, workspaceId: uid, region: 'eu' }), 'eu');
    const save = async (paymentMethodId: string) =>
      (await client.post('/stripe/connect/update-payment', { paymentMethodId, userId: newWorkspaceUid(), agencyId: uid, orgId, region: 'eu', workspaceStripeAccountId: accountId }).expect(200)).body.customer.id as string;
    const customerId = await save((await card('4242424242424242', accountId)).id);
    await client.post('/stripe/connect/update-autorecharge', { automaticBilling: true, workspaceStripeAccountId: accountId, threshold: 500, amount: 10, region: 'eu', orgId, customer_id: customerId }).expect(200);
    await h.ledger.grant('eu', organizationAccountId(orgId), 'transfer:t1:credit', { amount: 600, ts: Date.now(), direction: 'increase' });

    await consume(uid, orgId, 50); // 550: above the threshold
    await h.assembled.orgAutoRecharge.check('eu', [organizationAccountId(orgId), uid]);
    expect(sandbox.charges).toHaveLength(0);

    await consume(uid, orgId, 200); // 350: crossed; three checks at once (a redelivery, another instance) charge once
    const key = `org-recharge:eu:${orgId}:1`;
    await Promise.all([1, 2, 3].map(() => h.assembled.orgAutoRecharge.check('eu', [organizationAccountId(orgId)])));
    expect(sandbox.charges).toEqual([{ key, account: accountId, id: expect.stringMatching(/^pi_/), status: 'succeeded' }]);
    // $10 at the agency's price (0.001 + 0.003 per credit): 2,500 credits, once
    expect(await balance(orgId)).toBe(350 + 2500);
    expect(await h.mongo.collection('eu', 'credit_logs').countDocuments({ workspaceId: organizationAccountId(orgId), logMessage: 'Auto-recharge' } as never)).toBe(1);
    const after = (await orgs().findOne({ _id: orgId }))!;
    expect(after.rechargeInFlight).toBeUndefined();
    expect(after.rechargeCount).toBe(1);

    // A crash after the charge, before the recharge was finished: the sweep charges again under the same id; Stripe answers the first charge, the ledger credits nothing twice.
    const crashedAt = new Date(Date.now() - 10 * 60_000);
    await orgs().updateOne({ _id: orgId }, { $set: { rechargeInFlight: { key, amountUsd: 10, credits: 2500, at: crashedAt }, rechargePending: true } });
    await h.assembled.orgAutoRecharge.sweep(['eu']);
    expect(sandbox.charges.map((c) => c.key)).toEqual([key, key]);
    expect(sandbox.charges[1]!.id).toBe(sandbox.charges[0]!.id);
    expect(await balance(orgId)).toBe(2850);
    expect((await orgs().findOne({ _id: orgId }))!.rechargeInFlight).toBeUndefined();

    // A card that declines: no credit, the settings stay, the organisation is told (its notification in the same write), and the same card is not charged again at once.
    await save((await card('4000000000000002', accountId)).id);
    await consume(uid, orgId, 2500); // 350
    await h.assembled.orgAutoRecharge.check('eu', [organizationAccountId(orgId)]);
    expect(sandbox.charges[2]).toEqual({ key: `org-recharge:eu:${orgId}:2`, account: accountId, declined: 'Your card was declined.' });
    expect(await balance(orgId)).toBe(350);
    const declined = (await orgs().findOne({ _id: orgId }))!;
    expect(declined).toMatchObject({ automaticBilling: true, autochargeAmount: 10, threshold: 500, rechargeFailure: { message: 'Your card was declined.' } });
    const notices = (declined._outbox ?? []).map((entry: OutboxEntry) => entry.envelope as EventEnvelope<string, NotificationRequestedData>);
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'notification.requested',
        workspaceId: uid,
        data: { channel: 'organization', orgId, notification: expect.objectContaining({ title: NOTIFICATION_MESSAGES.autoRechargeFailedTitle, body: NOTIFICATION_MESSAGES.autoRechargeFailedBody(10, 'Your card was declined.'), notificationLevel: 1 }) },
      }),
    ]);
    await consume(uid, orgId, 10);
    await h.assembled.orgAutoRecharge.check('eu', [organizationAccountId(orgId)]);
    expect(sandbox.charges).toHaveLength(3);
    const state = (await client.get(`/stripe/connect/organization/${orgId}`).expect(200)).body.data;
    expect(state).toMatchObject({ automaticBilling: true, autochargeAmount: 10, threshold: 500, loadTokens: 340 });

    // A new card recharges at once.
    await save((await card('4242424242424242', accountId)).id);
    await h.assembled.orgAutoRecharge.check('eu', [organizationAccountId(orgId)]);
    expect(sandbox.charges[3]).toMatchObject({ key: `org-recharge:eu:${orgId}:3`, status: 'succeeded' });
    expect(await balance(orgId)).toBe(340 + 2500);
    expect((await orgs().findOne({ _id: orgId }))!.rechargeFailure).toBeUndefined();
  });
});

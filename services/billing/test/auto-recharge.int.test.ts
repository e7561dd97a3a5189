import Stripe from 'stripe';
import { MESSAGES, newWorkspaceUid } from '@platform/contracts';
import { createStripe } from '../src/clients/stripe';
import { loadConfig } from '../src/config';
import { startBilling, type BillingHarness } from './support/harness';

const address = { line1: '1 Main St', city: 'Austin', postal_code: '78701', country: 'US', state: 'TX' };

/**
 * stripe-mock answers every PaymentIntent with requires_payment_method; this Stripe client is the
 * real SDK on stripe-mock whose off-session charges succeed, recording their idempotency keys.
 */
function stripeWithSucceedingCharges(charges: Array<{ key?: string; amount: number }>): Stripe {
  const stripe = createStripe(loadConfig().stripe);
  const create = stripe.paymentIntents.create.bind(stripe.paymentIntents);
  stripe.paymentIntents.create = (async (params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) => {
    const intent = await create(params, options);
    charges.push({ key: options?.idempotencyKey, amount: params.amount });
    return { ...intent, id: `pi_${options?.idempotencyKey?.replace(/[^A-Za-z0-9]/g, '')}`, status: 'succeeded' };
  }) as typeof stripe.paymentIntents.create;
  return stripe;
}

describe('auto-recharge', () => {
  const charges: Array<{ key?: string; amount: number }> = [];
  let h: BillingHarness & { assembled: { autoRecharge: { check: (region: 'eu', ids: string[]) => Promise<void> } } };
  beforeAll(async () => {
    h = await startBilling({ stripe: stripeWithSucceedingCharges(charges) });
  });
  afterAll(() => h.close());

  const consume = (uid: string, offset: number, amount: number) =>
    h.ledger.applyConsumptions(0, [{ eventId: `${uid}-${offset}`, region: 'eu', workspaceId: uid, accountId: uid, partition: 0, offset, entry: { amount, ts: Date.now(), direction: 'decrease' } }]);
  const balance = (uid: string) => h.ledger.balance('eu', uid);

  it('cannot be enabled on the free plan', async () => {
    const uid = newWorkspaceUid();
    const refused = await h.asWorkspace(uid).post('/stripe/auto-billing', { uid, autoBilling: true, threshold: 500, amount: 5 }).expect(402);
    expect(refused.body.message).toBe('You are on the free plan. You cannot enable auto-recharge.');
    await h.asWorkspace(uid).post('/stripe/auto-billing', { uid, autoBilling: false }).expect(200);
    await h.asWorkspace(uid).post('/stripe/auto-billing', { uid, autoBilling: true, threshold: 450 }).expect(400);
  });

  it('charges once per crossing with its own idempotency key, credits once, and stops at the monthly limit', async () => {
    const uid = newWorkspaceUid();
    await h.asWorkspace(uid).post('/stripe/upsert-payment-method', { paymentMethodId: 'pm_card_visa', userId: uid, region: 'eu', email: 'o@example.com', address }).expect(200);
    await h.asWorkspace(uid).post('/stripe/create-subscription', { planId: 'pay_as_you_go', userId: uid, region: 'eu' }).expect(200);
    const saved = await h.asWorkspace(uid).post('/stripe/auto-billing', { uid, autoBilling: true, threshold: 1000, amount: 25, monthlyChargeLimit: 50 }).expect(200);
    expect(saved.body.message).toBe(MESSAGES.billing.autochargeSaved);
    await h.ledger.grant('eu', uid, `opening:${uid}`, { amount: 1500, ts: Date.now(), direction: 'increase' });

    await consume(uid, 1, 400); // 1100: above the threshold
    await h.assembled.autoRecharge.check('eu', [uid]);
    expect(charges.filter((c) => c.key?.includes(uid))).toHaveLength(0);

    await consume(uid, 2, 200); // 900: crossed
    await Promise.all([h.assembled.autoRecharge.check('eu', [uid]), h.assembled.autoRecharge.check('eu', [uid]), h.assembled.autoRecharge.check('eu', [uid])]);
    expect(charges.filter((c) => c.key?.includes(uid))).toEqual([{ key: `recharge:eu:${uid}:1`, amount: 2500 }]);
    expect(await balance(uid)).toBe(900 + 25_000);

    await consume(uid, 3, 25_000); // 900 again: a second crossing, within the $50 limit
    await h.assembled.autoRecharge.check('eu', [uid]);
    await consume(uid, 4, 25_000); // a third crossing would make $75 this month
    await h.assembled.autoRecharge.check('eu', [uid]);
    expect(charges.filter((c) => c.key?.includes(uid)).map((c) => c.key)).toEqual([`recharge:eu:${uid}:1`, `recharge:eu:${uid}:2`]);
    expect(await balance(uid)).toBe(900);
    const logs = await h.mongo.collection('eu', 'credit_logs').countDocuments({ workspaceId: uid, logMessage: 'Auto-recharge' } as never);
    expect(logs).toBe(2);
    const usage = (await h.asWorkspace(uid).get(`/usage/${uid}?start=0&end=${Date.now() + 1000}&logsPage=0`).expect(200)).body.data;
    expect(usage.keyMetrics).toMatchObject({ creditsCharged: 1500 + 50_000, creditsConsumed: 400 + 200 + 25_000 + 25_000 });
    expect(usage.logs).toHaveLength(7);
    expect(usage.charts['credits-usage-global'].type).toBe('line');
  });
});

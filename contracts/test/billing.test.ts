import {
  addAddonsRequestSchema,
  addonKeysRequestSchema,
  agencySubscriptionPlanSchema,
  autoBillingRequestSchema,
  cancelSubscriptionRequestSchema,
  checkDiscountCodeRequestSchema,
  clientAutoRechargeRequestSchema,
  clientCreditPurchaseRequestSchema,
  connectAccountRequestSchema,
  createSubscriptionRequestSchema,
  currentPlanSchema,
  customPlanSchema,
  discountSchema,
  paymentMethodSchema,
  pickActiveSubscription,
  planLimitsSchema,
  stripeConnectSchema,
  storedCustomPlanSubscriptionSchema,
  subscriptionDataSchema,
  topUpRequestSchema,
  upsertAgencyPlansRequestSchema,
  upsertPaymentMethodRequestSchema,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

const who = { userId: 'u1', region: 'eu' };

describe('billing entities', () => {
  it('plan limits take a number or infinity for agents', () => {
    expect(errorOf(planLimitsSchema, { maxAgents: 'infinity', workspaceSeats: 3, clientSeats: 0 })).toBeUndefined();
    expect(errorOf(planLimitsSchema, { maxAgents: 5 })).toBeUndefined();
    expect(errorOf(planLimitsSchema, { maxAgents: 'lots' })).toMatch(/maxAgents/);
    expect(errorOf(planLimitsSchema, { workspaceSeats: -1 })).toMatch(/workspaceSeats/);
  });

  it('custom plans need userId and billingCycle', () => {
    const plan = {
      userId: 'u1',
      billingCycle: 'yearly',
      name: 'Agency',
      limits: { maxAgents: 'infinity' },
      stripePrices: [{ priceId: 'price_1', billingCycle: 'yearly', usdAmount: 990, currency: 'usd' }],
      includedLimits: [{ key: 'workspace-seat', value: 5, isFeature: false }],
      addonsPrices: { 'workspace-seat': { monthly: 10, yearly: 100 } },
      metadata: { mostPopular: true, includedAgents: 'infinity', usdPerAdditionalCredit: 0.002 },
    };
    expect(errorOf(customPlanSchema, plan)).toBeUndefined();
    expect(errorOf(customPlanSchema, { billingCycle: 'monthly' })).toMatch(/userId.*required/);
    expect(errorOf(customPlanSchema, { userId: 'u1' })).toMatch(/billingCycle.*required/);
    expect(errorOf(customPlanSchema, { userId: 'u1', billingCycle: 'weekly' })).toMatch(/billingCycle/);
    expect(errorOf(customPlanSchema, { ...plan, includedLimits: [{ key: 'storage' }] })).toMatch(/key/);
    expect(errorOf(customPlanSchema, { ...plan, addonsPrices: { storage: { monthly: 1 } } })).toMatch(/storage/);
    expect(errorOf(storedCustomPlanSubscriptionSchema, { ...plan, status: 'pending', stripeSessionId: 'cs_1' })).toBeUndefined();
    expect(errorOf(storedCustomPlanSubscriptionSchema, { ...plan, status: 'paused' })).toMatch(/status/);
  });

  it('describes discounts, payment methods and subscription data', () => {
    expect(errorOf(discountSchema, { valid: true, percent_off: 20, amount_off: null, currency: null, name: 'LAUNCH', duration: 'once' })).toBeUndefined();
    expect(errorOf(discountSchema, { percent_off: 120 })).toMatch(/percent_off/);
    const paymentMethod = {
      id: 'pm_1',
      customer: 'cus_1',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      billing_details: { name: 'Ada', email: 'ada@example.com', phone: null, address: { line1: '1 Main St', line2: null, city: 'Berlin', state: null, postal_code: '10115', country: 'DE' } },
      livemode: false,
    };
    expect(errorOf(paymentMethodSchema, paymentMethod)).toBeUndefined();
    expect(errorOf(paymentMethodSchema, { card: { last4: '42' } })).toMatch(/last4/);
    expect(errorOf(subscriptionDataSchema, { customer: { id: 'cus_1' }, subscriptions: [{ id: 's1', status: 'active' }], paymentMethod, currency: 'eur' })).toBeUndefined();
    expect(errorOf(subscriptionDataSchema, { subscriptions: [{ id: 's1' }] })).toMatch(/status/);
  });

  it('picks the active subscription, else the first', () => {
    expect(pickActiveSubscription([{ id: 'a', status: 'canceled' }, { id: 'b', status: 'active' }])?.id).toBe('b');
    expect(pickActiveSubscription([{ id: 'a', status: 'canceled' }, { id: 'b', status: 'past_due' }])?.id).toBe('a');
    expect(pickActiveSubscription([])).toBeUndefined();
  });

  it('describes the current plan', () => {
    expect(errorOf(currentPlanSchema, { name: 'Pro', status: 'active', credits: { used: 10, total: 100 }, cancels: true, cancelsAt: 1_700_000_000, usdBalance: 4.5 })).toBeUndefined();
    expect(errorOf(currentPlanSchema, { credits: { used: 1 } })).toMatch(/total/);
  });

  it('agency plans: at least one feature, each with text, at most 5', () => {
    const plan = { name: 'Basic Plan', credits: 5000, features: ['Custom Channels'] };
    expect(errorOf(agencySubscriptionPlanSchema, plan)).toBeUndefined();
    expect(errorOf(agencySubscriptionPlanSchema, { ...plan, features: [] })).toBe('Each plan must have at least one feature');
    expect(errorOf(agencySubscriptionPlanSchema, { ...plan, features: undefined })).toBe('Each plan must have at least one feature');
    expect(errorOf(agencySubscriptionPlanSchema, { ...plan, features: ['ok', ''] })).toBe('Each plan must have at least one feature with text');
    expect(errorOf(agencySubscriptionPlanSchema, { ...plan, features: ['ok', '  '] })).toBe('Each plan must have at least one feature with text');
    expect(errorOf(agencySubscriptionPlanSchema, { ...plan, features: ['1', '2', '3', '4', '5', '6'] })).toBe('Maximum of 5 features allowed');
    expect(errorOf(agencySubscriptionPlanSchema, { ...plan, name: tooLong(100) })).toMatch(/name/);
  });

  it('extra USD per credit must be a number', () => {
    expect(errorOf(stripeConnectSchema, { USDPerToken: 'abc' })).toBe('Please enter a valid number');
    expect(errorOf(stripeConnectSchema, { USDPerToken: 0.003, isConnected: true, payouts_enabled: false })).toBeUndefined();
  });
});

describe('workspace billing calls', () => {
  it('top-up is at least 5', () => {
    expect(errorOf(topUpRequestSchema, { ...who, amount: 4.99, currency: 'usd' })).toBe('Minimum amount');
    expect(errorOf(topUpRequestSchema, { ...who, currency: 'usd' })).toBe('Minimum amount');
    expect(errorOf(topUpRequestSchema, { ...who, amount: 5, currency: 'eur' })).toBeUndefined();
    expect(errorOf(topUpRequestSchema, { ...who, amount: 5, currency: 'jpy' })).toMatch(/currency/);
    expect(errorOf(topUpRequestSchema, { ...who, region: 'apac', amount: 5, currency: 'usd' })).toMatch(/region/);
  });

  it('discount code must be entered', () => {
    expect(errorOf(checkDiscountCodeRequestSchema, { ...who })).toBe('Please enter a discount code');
    expect(errorOf(checkDiscountCodeRequestSchema, { ...who, discountCode: ' ' })).toBe('Please enter a discount code');
    expect(errorOf(checkDiscountCodeRequestSchema, { ...who, discountCode: 'LAUNCH' })).toBeUndefined();
  });

  it('payment method needs e-mail and a complete address', () => {
    const request = {
      ...who,
      paymentMethodId: 'pm_1',
      email: 'ada@example.com',
      name: 'Ada',
      address: { line1: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE', line2: '', state: '' },
      isNewPaymentMethod: true,
    };
    expect(errorOf(upsertPaymentMethodRequestSchema, request)).toBeUndefined();
    expect(errorOf(upsertPaymentMethodRequestSchema, { ...request, address: { ...request.address, city: '' } })).toBe('Please complete all required address fields');
    expect(errorOf(upsertPaymentMethodRequestSchema, { ...request, address: { line1: '1 Main St' } })).toBe('Please complete all required address fields');
    expect(errorOf(upsertPaymentMethodRequestSchema, { ...request, address: undefined })).toBe('Please complete all required address fields');
    expect(errorOf(upsertPaymentMethodRequestSchema, { ...request, email: undefined })).toMatch(/email/);
  });

  it('subscriptions take a plan, add-ons within quantity limits and an optional code', () => {
    const request = { ...who, planId: 'pay_as_you_go', addonsToShow: [{ addonKey: 'workspace-seat', quantity: 10 }, { addonKey: 'whitelabel-new', quantity: 1 }], discountCode: 'X' };
    expect(errorOf(createSubscriptionRequestSchema, request)).toBeUndefined();
    expect(errorOf(createSubscriptionRequestSchema, { ...request, planId: 'gold' })).toMatch(/planId/);
    expect(errorOf(createSubscriptionRequestSchema, { ...request, addonsToShow: [{ addonKey: 'workspace-seat', quantity: 11 }] })).toMatch(/quantity/);
    expect(errorOf(createSubscriptionRequestSchema, { ...request, addonsToShow: [{ addonKey: 'whitelabel-new', quantity: 2 }] })).toMatch(/quantity/);
  });

  it('add-on changes and status checks name known add-ons', () => {
    expect(errorOf(addAddonsRequestSchema, { ...who, addons: [{ addonId: 'client_seat', quantity: 3, incrementalQuantity: 1, currency: 'USD', price: 5, name: 'Client seat' }] })).toBeUndefined();
    expect(errorOf(addAddonsRequestSchema, { ...who, addons: [{ addonId: 'whitelabel-new', quantity: 2 }] })).toMatch(/quantity/);
    expect(errorOf(addAddonsRequestSchema, { ...who, addons: [] })).toMatch(/addons/);
    expect(errorOf(addonKeysRequestSchema, { ...who, addonKeys: ['twilio-phone-number'] })).toBeUndefined();
    expect(errorOf(addonKeysRequestSchema, { ...who, addonKeys: ['storage'] })).toMatch(/addonKeys/);
  });

  it('cancellation needs a listed reason, and text for Other', () => {
    expect(errorOf(cancelSubscriptionRequestSchema, { ...who, reason: 'Too expensive' })).toBeUndefined();
    expect(errorOf(cancelSubscriptionRequestSchema, { ...who })).toMatch(/reason.*required/);
    expect(errorOf(cancelSubscriptionRequestSchema, { ...who, reason: 'Bored' })).toMatch(/reason/);
    expect(errorOf(cancelSubscriptionRequestSchema, { ...who, reason: 'Other' })).toMatch(/otherReason.*required/);
    expect(errorOf(cancelSubscriptionRequestSchema, { ...who, reason: 'Other', otherReason: 'Moving to in-house' })).toBeUndefined();
    expect(errorOf(cancelSubscriptionRequestSchema, { ...who, reason: 'Temporary need', otherReason: 'x' })).toMatch(/otherReason/);
  });

  it('auto-billing settings stay on the card ranges and steps', () => {
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: true, threshold: 1000, amount: 10, monthlyChargeLimit: 0 })).toBeUndefined();
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: true })).toMatch(/threshold.*required/);
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: false })).toBeUndefined();
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: true, threshold: 750 })).toMatch(/threshold.*multiple/);
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: true, threshold: 3000 })).toMatch(/threshold/);
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: true, threshold: 500, amount: 30 })).toMatch(/amount/);
    expect(errorOf(autoBillingRequestSchema, { uid: 'u1', autoBilling: true, threshold: 500, monthlyChargeLimit: 510 })).toMatch(/monthlyChargeLimit/);
  });

  it('agency connect and plans', () => {
    expect(errorOf(connectAccountRequestSchema, { workspace: { uid: 'u1', email: 'owner@example.com' } })).toBeUndefined();
    expect(errorOf(connectAccountRequestSchema, { workspace: { email: 'owner@example.com' } })).toMatch(/uid/);
    const plans = [{ name: 'Basic Plan', credits: 5000, features: ['Custom Channels'], isPopular: false }];
    expect(errorOf(upsertAgencyPlansRequestSchema, { agencyAccountId: 'acct_1', workspaceId: 'u1', plans })).toBeUndefined();
    expect(errorOf(upsertAgencyPlansRequestSchema, { agencyAccountId: 'acct_1', workspaceId: 'u1', plans: [{ ...plans[0], features: [] }] })).toBe(
      'Each plan must have at least one feature',
    );
  });
});

describe('client billing calls', () => {
  const org = { region: 'na', orgId: 'o1' };

  it('credit purchase: 1,000 to 50,000 in steps of 500', () => {
    const request = { ...org, workspaceId: 'w1', clientId: 'c1' };
    for (const creditAmount of [1000, 2500, 5000, 10000, 50000]) {
      expect(errorOf(clientCreditPurchaseRequestSchema, { ...request, creditAmount })).toBeUndefined();
    }
    expect(errorOf(clientCreditPurchaseRequestSchema, { ...request, creditAmount: 999 })).toMatch(/creditAmount/);
    expect(errorOf(clientCreditPurchaseRequestSchema, { ...request, creditAmount: 1200 })).toMatch(/multiple/);
    expect(errorOf(clientCreditPurchaseRequestSchema, { ...request, creditAmount: 50500 })).toMatch(/creditAmount/);
  });

  it('auto-recharge: threshold 100 to 5,000 by 100, amount 5 to 100 by 5, with defaults', () => {
    const request = { ...org, automaticBilling: true, workspaceStripeAccountId: 'acct_1', customer_id: 'cus_1' };
    expect(valueOf(clientAutoRechargeRequestSchema, request)).toMatchObject({ threshold: 500, amount: 5 });
    expect(errorOf(clientAutoRechargeRequestSchema, { ...request, threshold: 150 })).toMatch(/threshold/);
    expect(errorOf(clientAutoRechargeRequestSchema, { ...request, threshold: 5100 })).toMatch(/threshold/);
    expect(errorOf(clientAutoRechargeRequestSchema, { ...request, amount: 105 })).toMatch(/amount/);
    expect(errorOf(clientAutoRechargeRequestSchema, { ...request, amount: 7 })).toMatch(/amount/);
  });
});

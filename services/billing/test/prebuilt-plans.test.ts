import type Stripe from 'stripe';
import { assemblePreBuiltPlans, limitsFromMetadata, preBuiltPlanTag, preBuiltPlanTagMetadata } from '../src/domain/prebuilt-plans';

let made = 0;
const product = (key: string | undefined, fields: Partial<Stripe.Product> = {}): Stripe.Product =>
  ({ id: `prod_${key}`, object: 'product', active: true, name: `Plan ${key}`, description: null, marketing_features: [{ name: 'Feature A' }], metadata: key ? { prebuiltPlanKey: key, maxMonthlyCredits: '25000', maxAgents: 'infinity', workspaceSeats: '3', bogus: 'x' } : {}, ...fields }) as Stripe.Product;
const price = (prod: Stripe.Product, interval: string, amount: number, fields: Partial<Stripe.Price> = {}): Stripe.Price =>
  ({ id: `price_${(made += 1)}`, object: 'price', active: true, created: made, currency: 'usd', unit_amount: amount, recurring: { interval, interval_count: 1 }, product: prod, ...fields }) as unknown as Stripe.Price;

describe('pre-built plans assembled from Stripe (ADR 0045)', () => {
  it("groups a product's monthly and yearly USD prices into one plan with key and stripePrices, cheapest plan first", () => {
    const pro = product('pro', { metadata: { prebuiltPlanKey: 'pro', maxMonthlyCredits: '100000', mostPopular: 'true' } });
    const starter = product('starter', { description: 'For a first agency' });
    const plans = assemblePreBuiltPlans([price(pro, 'month', 12900), price(pro, 'year', 129000), price(starter, 'month', 3900), price(starter, 'year', 39000)]);
    expect(plans.map((plan) => plan.key)).toEqual(['starter', 'pro']);
    expect(plans[0]).toEqual({
      key: 'starter',
      name: 'Plan starter',
      description: 'For a first agency',
      features: ['Feature A'],
      limits: { maxMonthlyCredits: 25000, maxAgents: 'infinity', workspaceSeats: 3 },
      metadata: { mostPopular: false },
      stripePrices: [
        { priceId: expect.stringMatching(/^price_/), billingCycle: 'monthly', usdAmount: 39, currency: 'usd' },
        { priceId: expect.stringMatching(/^price_/), billingCycle: 'yearly', usdAmount: 390, currency: 'usd' },
      ],
    });
    expect(plans[1]!.metadata).toEqual({ mostPopular: true });
  });

  it('leaves out what is not a pre-built plan price: other products, archived ones, inactive, other currencies and intervals; the newest price of a cycle wins', () => {
    const plan = product('p');
    const newest = price(plan, 'month', 5000);
    const plans = assemblePreBuiltPlans([
      price(product(undefined), 'month', 100),
      price(product('archived', { active: false }), 'month', 100),
      price(plan, 'month', 100, { active: false }),
      price(plan, 'month', 100, { currency: 'eur' }),
      price(plan, 'week', 100),
      price(plan, 'month', 100, { recurring: { interval: 'month', interval_count: 3 } as Stripe.Price.Recurring }),
      price(plan, 'month', 4000, { created: 0 }),
      newest,
      { ...price(plan, 'year', 1), product: 'prod_unexpanded' } as Stripe.Price,
    ]);
    expect(plans).toHaveLength(1);
    expect(plans[0]!.stripePrices).toEqual([{ priceId: newest.id, billingCycle: 'monthly', usdAmount: 50, currency: 'usd' }]);
  });

  it('reads only whole numbers (and infinity for agents) as limits', () => {
    expect(limitsFromMetadata({ maxAgents: 'infinity', workspaceSeats: ' 4 ', clientSeats: '-1', maxConcurrentCalls: '2.5', maxMonthlyCredits: 'infinity' })).toEqual({ maxAgents: 'infinity', workspaceSeats: 4 });
  });

  it("the Checkout tag names the workspace, region, plan, price and cycle, and reads back only when whole", () => {
    const tag = { workspaceId: 'WS1', region: 'eu' as const, planKey: 'pro', priceId: 'price_1', billingCycle: 'yearly' as const };
    expect(preBuiltPlanTag(preBuiltPlanTagMetadata(tag))).toEqual(tag);
    expect(preBuiltPlanTag({ ...preBuiltPlanTagMetadata(tag), region: 'xx' })).toBeUndefined();
    expect(preBuiltPlanTag({ orgId: 'O', region: 'eu', priceId: 'price_1' })).toBeUndefined();
  });
});

import type Stripe from 'stripe';
import { BILLING_CYCLES, PREBUILT_PLAN_METADATA, REGIONS, UNLIMITED, planLimitsSchema, type BillingCycle, type PlanLimits, type PreBuiltPlan, type Region } from '@platform/contracts';

/** Stripe's recurring interval as a custom plan's billing cycle (other intervals are not a plan's). */
const CYCLE_OF_INTERVAL: Partial<Record<string, BillingCycle>> = { month: 'monthly', year: 'yearly' };
/** The limits a pre-built plan's product metadata may carry, under PlanLimits' names. */
const LIMIT_KEYS = Object.keys(planLimitsSchema.describe().keys ?? {}) as Array<keyof PlanLimits>;

/** A product's limits from its metadata: whole numbers, 'infinity' for unlimited agents; anything else is left out. */
export function limitsFromMetadata(metadata: Record<string, string>): PlanLimits {
  const limits: Record<string, number | string> = {};
  for (const key of LIMIT_KEYS) {
    const raw = metadata[key]?.trim();
    if (raw === undefined || raw === '') continue;
    if (key === 'maxAgents' && raw === UNLIMITED) limits[key] = UNLIMITED;
    else if (/^\d+$/.test(raw)) limits[key] = Number(raw);
  }
  return limits as PlanLimits;
}

/**
 * RPC stripe.assemblePreBuiltPlansFromStripe (ADR 0045): the platform's active recurring USD
 * prices whose (expanded, active) product names a pre-built plan in its metadata, grouped into
 * one plan per key with a Stripe price per billing cycle (the newest, when a cycle has several).
 * Prices come monthly first; plans cheapest first (by their monthly price, else their yearly).
 */
export function assemblePreBuiltPlans(prices: readonly Stripe.Price[]): PreBuiltPlan[] {
  const plans = new Map<string, PreBuiltPlan>();
  for (const price of [...prices].sort((a, b) => b.created - a.created)) {
    const product = typeof price.product === 'object' && !('deleted' in price.product && price.product.deleted) ? (price.product as Stripe.Product) : undefined;
    const key = product?.metadata?.[PREBUILT_PLAN_METADATA.key]?.trim();
    const cycle = CYCLE_OF_INTERVAL[price.recurring?.interval ?? ''];
    if (!product || !key || !product.active || !price.active || !cycle || price.currency !== 'usd' || price.unit_amount === null || (price.recurring?.interval_count ?? 1) !== 1) continue;
    const plan =
      plans.get(key) ??
      plans
        .set(key, {
          key,
          name: product.name,
          ...(product.description ? { description: product.description } : {}),
          features: (product.marketing_features ?? []).map((feature) => feature.name ?? '').filter(Boolean),
          limits: limitsFromMetadata(product.metadata),
          metadata: { mostPopular: product.metadata[PREBUILT_PLAN_METADATA.mostPopular] === 'true' },
          stripePrices: [],
        })
        .get(key)!;
    if (plan.stripePrices.some((known) => known.billingCycle === cycle)) continue;
    plan.stripePrices.push({ priceId: price.id, billingCycle: cycle, usdAmount: price.unit_amount / 100, currency: price.currency });
  }
  for (const plan of plans.values()) plan.stripePrices.sort((a, b) => BILLING_CYCLES.indexOf(a.billingCycle) - BILLING_CYCLES.indexOf(b.billingCycle));
  const firstAmount = (plan: PreBuiltPlan) => plan.stripePrices[0]!.usdAmount;
  return [...plans.values()].sort((a, b) => firstAmount(a) - firstAmount(b));
}

/** What a pre-built plan's Checkout session and subscription carry in their metadata (so every invoice names it too). */
export interface PreBuiltPlanTag {
  workspaceId: string;
  region: Region;
  planKey: string;
  priceId: string;
  billingCycle: BillingCycle;
}

export const preBuiltPlanTagMetadata = (tag: PreBuiltPlanTag): Record<string, string> => ({
  workspaceId: tag.workspaceId,
  region: tag.region,
  [PREBUILT_PLAN_METADATA.key]: tag.planKey,
  priceId: tag.priceId,
  billingCycle: tag.billingCycle,
});

/** The pre-built plan subscription a Stripe object's metadata names, or undefined. */
export function preBuiltPlanTag(metadata: Record<string, string> | null | undefined): PreBuiltPlanTag | undefined {
  const { workspaceId, region, priceId, billingCycle } = metadata ?? {};
  const planKey = metadata?.[PREBUILT_PLAN_METADATA.key];
  if (!workspaceId || !planKey || !priceId || !(REGIONS as readonly string[]).includes(region ?? '') || (billingCycle !== 'monthly' && billingCycle !== 'yearly')) return undefined;
  return { workspaceId, region: region as Region, planKey, priceId, billingCycle };
}

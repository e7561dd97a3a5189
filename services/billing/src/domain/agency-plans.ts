import { AGENCY_BILLING, agencyPlanPrice, agencyUsdPerCredit, MESSAGES, type AgencySubscriptionPlan } from '@platform/contracts';

/** The spec's refusal for a plan's features, or null when they are fine (1 to 5, each with text). */
export function planFeaturesProblem(plan: Pick<AgencySubscriptionPlan, 'features'>): string | null {
  if (!plan.features?.length) return MESSAGES.billing.planNeedsFeature;
  if (plan.features.length > AGENCY_BILLING.maxFeaturesPerPlan) return MESSAGES.billing.planFeaturesMax;
  if (plan.features.some((feature) => !feature.trim())) return MESSAGES.billing.planFeatureNeedsText;
  return null;
}

/** Plans as the agency saves them: the price is never the caller's, it is credits × final per-credit price. */
export const pricedPlans = (plans: AgencySubscriptionPlan[], extraUsdPerCredit: number | undefined): AgencySubscriptionPlan[] =>
  plans.map((plan) => ({ ...plan, features: plan.features.map((f) => f.trim()), price: agencyPlanPrice(plan.credits, extraUsdPerCredit) }));

/** The price a client pays for `credits` at the agency's price, in USD cents precision. */
export const clientCreditPrice = (credits: number, extraUsdPerCredit: number | undefined) => Math.round(credits * agencyUsdPerCredit(extraUsdPerCredit) * 100) / 100;

/** The agency's fee on a client payment (5 %), in minor units. */
export const agencyFeeMinor = (amountMinor: number) => Math.round(amountMinor * AGENCY_BILLING.feeRate);

/** A Stripe price only changes when its amount changes (Stripe prices are immutable). */
export const needsNewPrice = (saved: AgencySubscriptionPlan | undefined, plan: AgencySubscriptionPlan) => !plan.priceId || !saved || saved.priceId !== plan.priceId || saved.price !== plan.price;

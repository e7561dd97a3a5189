import { AGENCY_BILLING, MESSAGES, agencyPlanPrice, agencyUsdPerCredit, creditsForUsd, type AgencySubscriptionPlan } from '@platform/contracts';

/** The extra USD per credit as typed: a number from 0 to the maximum billing accepts, or null (shows 'Please enter a valid number'). */
export function parseExtraUsd(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed || !/^\d*\.?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= AGENCY_BILLING.maxExtraUsdPerCredit ? value : null;
}

/** What step 3 shows for an extra amount: the final per-credit price and the credits $10 buys. */
export const priceSummary = (extra: number) => ({
  perCredit: agencyUsdPerCredit(extra),
  creditsPerExample: creditsForUsd(AGENCY_BILLING.exampleUsd, extra),
  feePercent: AGENCY_BILLING.feeRate * 100,
});

/** The plans the modal opens with: the saved ones, else the spec's Basic and Premium plans. */
export const initialPlans = (saved: AgencySubscriptionPlan[] | undefined): AgencySubscriptionPlan[] =>
  saved?.length ? saved.map((plan) => ({ ...plan, features: [...plan.features] })) : AGENCY_BILLING.defaultPlans.map((plan) => ({ ...plan, features: [...plan.features] }));

/** A plan's price is computed, never typed: credits × the final per-credit price. */
export const planPrice = (credits: number, extra: number) => agencyPlanPrice(credits || 0, extra);

/** The first refusal of the plans as the modal holds them, or null when they can be saved. */
export function plansProblem(plans: AgencySubscriptionPlan[]): string | null {
  for (const plan of plans) {
    if (!plan.features.length) return MESSAGES.billing.planNeedsFeature;
    if (plan.features.some((feature) => !feature.trim())) return MESSAGES.billing.planFeatureNeedsText;
    if (plan.features.length > AGENCY_BILLING.maxFeaturesPerPlan) return MESSAGES.billing.planFeaturesMax;
  }
  return null;
}

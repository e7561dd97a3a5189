import { ADDONS, CUSTOM_PLAN_PRICING, DEFAULT_PLAN_LIMITS, UNLIMITED, type AddonKey, type BillingCycle, type CustomPlan } from '@platform/contracts';

/**
 * The constants billing §9 does not show (ADR 0015). Tier prices fall with volume; a credit
 * count outside every tier pays the spec's fallback (0.001).
 */
export const CUSTOM_PLAN_CONSTANTS = {
  creditTiers: [
    { from: 1, to: 50_000, usdPerCredit: 0.0012 },
    { from: 50_000, to: 250_000, usdPerCredit: 0.001 },
    { from: 250_000, to: 1_000_000, usdPerCredit: 0.0008 },
    { from: 1_000_000, to: 5_000_000, usdPerCredit: 0.0006 },
  ],
  /** USD per agent above the included count, per month. */
  extraAgentMonthlyUsd: 5,
  /** Flat monthly fee of a plan with unlimited agents. */
  unlimitedAgentsMonthlyUsd: 100,
  /** Monthly price of the mini-whitelabel feature (custom branding costs the Whitelabel add-on). */
  miniWhitelabelMonthlyUsd: 25,
  /** Plan names by monthly credits: below 50,000 starter, below 250,000 pro, else agency. */
  planNameBounds: { pro: 50_000, agency: 250_000 },
} as const;

export const CUSTOM_BRANDING_FEATURE = 'custom-branding';
export const MINI_WHITELABEL_FEATURE = 'mini-whitelabel';

export interface CustomPlanPrice {
  planName: 'starter' | 'pro' | 'agency';
  /** tier price of one credit */
  unitPrice: number;
  /** credits at the unit price, or the stored price of the cycle */
  base: number;
  agents: number;
  seats: number;
  callLines: number;
  phoneNumbers: number;
  features: number;
  /** rounded total for the billing cycle */
  total: number;
  /** the price shown: one less than the total without stored prices */
  shownPrice: number;
  discountValue: number;
  costPerCredit: number;
}

/** Step 1: the tier price of a monthly credit count, or the fallback. */
export function creditUnitPrice(monthlyCredits: number): number {
  const tier = CUSTOM_PLAN_CONSTANTS.creditTiers.find((t) => monthlyCredits >= t.from && monthlyCredits < t.to);
  return tier?.usdPerCredit ?? CUSTOM_PLAN_PRICING.fallbackUsdPerCredit;
}

export function creditPlanName(monthlyCredits: number): CustomPlanPrice['planName'] {
  const { pro, agency } = CUSTOM_PLAN_CONSTANTS.planNameBounds;
  if (monthlyCredits >= agency) return 'agency';
  if (monthlyCredits >= pro) return 'pro';
  return 'starter';
}

const beyond = (wanted: number | undefined, included: number) => Math.max(0, (wanted ?? included) - included);

/**
 * The price of a custom plan (billing §9, steps 1 to 9). Monthly amounts are computed first;
 * a yearly plan without stored prices costs ten monthly totals; stored prices replace the base.
 */
export function customPlanPrice(plan: Pick<CustomPlan, 'billingCycle' | 'limits' | 'features' | 'stripePrices' | 'addonsPrices' | 'metadata'>): CustomPlanPrice {
  const cycle: BillingCycle = plan.billingCycle;
  const credits = plan.limits?.maxMonthlyCredits ?? 0;
  const unitPrice = creditUnitPrice(credits);
  const stored = plan.stripePrices?.find((p) => p.billingCycle === cycle && p.usdAmount !== undefined)?.usdAmount;
  const hasStoredPrice = stored !== undefined;
  const features = plan.features ?? [];
  const customBranding = features.includes(CUSTOM_BRANDING_FEATURE);
  // Everything is priced for the billing cycle: a yearly amount is ten monthly ones (step 6)
  // unless the plan stores its own yearly add-on price.
  const yearlyFactor = cycle === 'yearly' ? CUSTOM_PLAN_PRICING.yearlyMultiplier : 1;
  const perCycle = (monthly: number) => monthly * yearlyFactor;
  const addonPrice = (key: AddonKey) => plan.addonsPrices?.[key]?.[cycle] ?? perCycle(plan.addonsPrices?.[key]?.monthly ?? ADDONS[key].prices.USD.amount);
  const meta = plan.metadata ?? {};

  let agents = 0;
  let seats = 0;
  let callLines = 0;
  let phoneNumbers = 0;
  if (!customBranding) {
    if (plan.limits?.maxAgents === UNLIMITED) {
      // Unlimited agents: included counts as 50 and a flat monthly fee is paid.
      agents = perCycle(CUSTOM_PLAN_CONSTANTS.unlimitedAgentsMonthlyUsd);
    } else {
      const included = meta.includedAgents === UNLIMITED ? CUSTOM_PLAN_PRICING.unlimitedAgentsIncludedCount : (meta.includedAgents ?? DEFAULT_PLAN_LIMITS.maxAgents);
      agents = beyond(plan.limits?.maxAgents as number | undefined, included) * perCycle(CUSTOM_PLAN_CONSTANTS.extraAgentMonthlyUsd);
    }
    seats = beyond(plan.limits?.workspaceSeats, meta.includedWorkspaceSeats ?? DEFAULT_PLAN_LIMITS.workspaceSeats) * addonPrice('workspace-seat');
    callLines = Math.ceil(beyond(plan.limits?.maxConcurrentCalls, meta.includedConcurrentCalls ?? DEFAULT_PLAN_LIMITS.maxConcurrentCalls)) * addonPrice('concurrent-call-line');
    phoneNumbers = beyond(plan.limits?.twilioPhoneNumberSlots, meta.includedTwilioPhoneNumberSlots ?? DEFAULT_PLAN_LIMITS.twilioPhoneNumberSlots) * addonPrice('twilio-phone-number');
  }
  const featureCharges =
    (customBranding ? addonPrice('whitelabel-new') : 0) + (features.includes(MINI_WHITELABEL_FEATURE) ? perCycle(CUSTOM_PLAN_CONSTANTS.miniWhitelabelMonthlyUsd) : 0);

  const base = hasStoredPrice ? stored : perCycle(credits * unitPrice);
  const total = Math.round(base + agents + seats + callLines + phoneNumbers + featureCharges);
  return {
    planName: creditPlanName(credits),
    unitPrice,
    base,
    agents,
    seats,
    callLines,
    phoneNumbers,
    features: featureCharges,
    total,
    shownPrice: hasStoredPrice ? total : total - CUSTOM_PLAN_PRICING.shownPriceReduction,
    discountValue: CUSTOM_PLAN_PRICING.discountValue,
    costPerCredit: meta.usdPerAdditionalCredit ?? unitPrice,
  };
}

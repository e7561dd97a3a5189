import type { AddonDefinition, CountryBillingInfo, Plan, PlanLimits } from '../entities/billing';
import { EU_COUNTRY_CODES } from './regions';

export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Payments are processed in the country's currency. */
export const PAYMENT_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export const DEFAULT_CURRENCY: Currency = 'USD';

export const PLAN_KEYS = ['free', 'pay_as_you_go', 'enterprise'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/**
 * Workspace plans. Prices are the spec's; labels, descriptions and features beyond the spec's
 * ("Pay_as_you_go is the Pro plan", "free $5 credits", enterprise is contact-sales) are ours.
 * Enterprise's EUR and GBP amounts apply the spec's exchange rates to $1000.
 */
export const PLANS: Record<PlanKey, Plan> = {
  free: {
    id: 'free',
    label: 'Free',
    description: 'Build and test your first agents.',
    price: 0,
    prices: { USD: { amount: 0 }, EUR: { amount: 0 }, GBP: { amount: 0 } },
    period: '/month',
    additionalInfo: '',
    popular: false,
    features: ['2 agents', '2 workspace seats', 'Chat and voice agents'],
    callToAction: 'Current Plan',
  },
  pay_as_you_go: {
    id: 'pay_as_you_go',
    label: 'Pro',
    description: 'Pay as you go',
    price: 20,
    prices: { USD: { amount: 20 }, EUR: { amount: 22, originalAmount: 18 }, GBP: { amount: 20, originalAmount: 15 } },
    period: '/month',
    additionalInfo: 'plus usage',
    popular: true,
    features: ['Free $5 credits', 'Add-ons available', 'Automatic recharge'],
    callToAction: 'Upgrade',
  },
  enterprise: {
    id: 'enterprise',
    label: 'Enterprise',
    description: 'Custom volumes, limits and support.',
    price: 1000,
    prices: { USD: { amount: 1000 }, EUR: { amount: 880 }, GBP: { amount: 750 } },
    period: '/month',
    additionalInfo: '+',
    popular: false,
    features: ['Custom limits', 'Dedicated support'],
    callToAction: 'Contact sales',
  },
};
/** Enterprise is contact-sales only. */
export const ENTERPRISE_ACTIONS = ['Get a demo', 'Contact sales'] as const;
/** Free credits of the Pro plan, in USD. */
export const PRO_FREE_CREDITS_USD = 5;

export const ADDON_KEYS = ['whitelabel-new', 'workspace-seat', 'client_seat', 'concurrent-call-line', 'twilio-phone-number'] as const;
export type AddonKey = (typeof ADDON_KEYS)[number];

const sameInEveryCurrency = (amount: number) => ({ USD: { amount }, EUR: { amount }, GBP: { amount } });

/** Add-ons per month; "the amount is the same in each currency". Descriptions are ours. */
export const ADDONS: Record<AddonKey, AddonDefinition> = {
  'whitelabel-new': {
    id: 'whitelabel-new',
    name: 'Whitelabel',
    description: 'Resell the platform under your brand with a client dashboard and custom domain.',
    prices: sameInEveryCurrency(50),
    period: '/month',
  },
  'workspace-seat': {
    id: 'workspace-seat',
    name: 'Workspace seat',
    description: 'One more member in your workspace.',
    prices: sameInEveryCurrency(10),
    period: '/month',
  },
  client_seat: {
    id: 'client_seat',
    name: 'Client seat',
    description: 'One more client in your agency dashboard.',
    prices: sameInEveryCurrency(5),
    period: '/month',
  },
  'concurrent-call-line': {
    id: 'concurrent-call-line',
    name: 'Concurrent call line',
    description: 'One more simultaneous voice call.',
    prices: sameInEveryCurrency(5),
    period: '/month',
  },
  'twilio-phone-number': {
    id: 'twilio-phone-number',
    name: 'Twilio phone number',
    description: 'One more phone number slot.',
    prices: sameInEveryCurrency(3),
    period: '/month',
  },
};

export const ADDON_RULES = {
  /** Quantity in the subscription dialog. */
  minQuantity: 0,
  maxQuantity: 10,
  /** The Whitelabel addon is limited to 0 or 1. */
  whitelabelMaxQuantity: 1,
} as const;

/** Limits of the base plan. */
export const DEFAULT_PLAN_LIMITS = {
  maxAgents: 2,
  maxConcurrentCalls: 10,
  maxClients: 2,
  workspaceSeats: 2,
  twilioPhoneNumberSlots: 0,
} as const satisfies PlanLimits;
/** `maxAgents` value of a plan without an agent limit ("a number or infinity"; JSON has no Infinity). */
export const UNLIMITED = 'infinity';

export const EXCHANGE_RATES = { USD: 1, EUR: 0.88, GBP: 0.75 } as const satisfies Record<Currency, number>;

/** Currency and tax by country group. */
export const COUNTRY_BILLING = {
  EU: { currency: 'EUR', currencySymbol: '€', taxRate: 0.27, taxDescription: 'EU Tax', exchangeRate: 0.88 },
  GB: { currency: 'GBP', currencySymbol: '£', taxRate: 0.35, taxDescription: 'UK Tax (35%)', exchangeRate: 0.75 },
  /** "Others: dollar, 1, symbol none, tax none". */
  other: { currency: 'USD', currencySymbol: '', taxRate: 0, taxDescription: 'No tax', exchangeRate: 1 },
} as const satisfies Record<string, CountryBillingInfo>;

/** Currency and tax of a country code; EU labels carry the country code and 27%. */
export function countryBillingInfo(countryCode: string | undefined): CountryBillingInfo {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return { ...COUNTRY_BILLING.GB };
  if ((EU_COUNTRY_CODES as readonly string[]).includes(code)) {
    return { ...COUNTRY_BILLING.EU, taxDescription: `EU Tax (${code} 27%)` };
  }
  return { ...COUNTRY_BILLING.other };
}

/** Minimum balance top-up, in the workspace's currency. */
export const TOP_UP_MINIMUM = 5;

/** Auto-recharge on the workspace billing card; defaults not given by the spec mirror the client ones. */
export const WORKSPACE_AUTO_RECHARGE = {
  threshold: { min: 500, max: 2500, step: 500, default: 500 },
  amount: { min: 5, max: 25, step: 5, default: 5 },
  /** 0 means no limit ('No Limit'). */
  monthlyChargeLimit: { min: 0, max: 500, step: 25, default: 100 },
} as const;

/** Auto-recharge in the client billing modal: threshold in credits, amount in USD. */
export const CLIENT_AUTO_RECHARGE = {
  threshold: { min: 100, max: 5000, step: 100, default: 500 },
  amount: { min: 5, max: 100, step: 5, default: 5 },
} as const;

export const CLIENT_CREDIT_PURCHASE = {
  min: 1000,
  max: 50000,
  step: 500,
  quickPicks: [1000, 2500, 5000, 10000],
} as const;

/**
 * USD cost of one credit before an agency's margin. The spec keeps the value in a shared constant
 * it does not show; 0.001 (the custom plan's fallback tier price) is our decision.
 */
export const BASE_USD_PER_CREDIT = 0.001;

/**
 * The limits the spec leaves unshown per plan (ADR 0025): knowledge characters of a workspace
 * (`maxKbDocsCharCount`) and the credits a plan grants each month (`maxMonthlyCredits`; Pro's
 * free $5 at the base per-credit cost). A custom plan's limits replace these.
 */
export const PLAN_EXTRA_LIMITS: Record<PlanKey, { maxKbDocsCharCount: number; maxMonthlyCredits: number }> = {
  free: { maxKbDocsCharCount: 400_000, maxMonthlyCredits: 0 },
  pay_as_you_go: { maxKbDocsCharCount: 2_000_000, maxMonthlyCredits: Math.round(PRO_FREE_CREDITS_USD / BASE_USD_PER_CREDIT) },
  // enterprise deals set their credits in the custom plan
  enterprise: { maxKbDocsCharCount: 10_000_000, maxMonthlyCredits: 0 },
};

export const AGENCY_BILLING = {
  /** Billing fee charged to the agency per transaction. */
  feeRate: 0.05,
  defaultExtraUsdPerCredit: 0.003,
  /** Our bound (the spec gives none): above it the field answers 'Please enter a valid number'. */
  maxExtraUsdPerCredit: 1,
  /** The dashboard shows how many credits this many USD buy. */
  exampleUsd: 10,
  maxFeaturesPerPlan: 5,
  defaultFeatures: ['Custom Channels', 'Real-Time Analytics', 'Voice Channels'],
  defaultPlans: [
    { name: 'Basic Plan', credits: 5000, isPopular: false, features: ['Custom Channels', 'Real-Time Analytics', 'Voice Channels'] },
    {
      name: 'Premium Plan',
      credits: 15000,
      isPopular: true,
      features: ['Custom Channels', 'Real-Time Analytics', 'Voice Channels', 'Priority Support'],
    },
  ],
} as const;

/** Final per-credit price of an agency: base cost plus the agency's extra amount. */
export const agencyUsdPerCredit = (extraUsdPerCredit: number = AGENCY_BILLING.defaultExtraUsdPerCredit) =>
  BASE_USD_PER_CREDIT + extraUsdPerCredit;
/** Price of an agency plan: credits times the final per-credit price, in cents precision. */
export const agencyPlanPrice = (credits: number, extraUsdPerCredit?: number) =>
  Math.round(credits * agencyUsdPerCredit(extraUsdPerCredit) * 100) / 100;

/** Credits a client gets for `usd` at the agency's price, rounded (the dashboard shows it for $10). */
export const creditsForUsd = (usd: number, extraUsdPerCredit?: number) => Math.round(usd / agencyUsdPerCredit(extraUsdPerCredit));

export const CUSTOM_PLAN_PRICING = {
  /** Unit price when no credit tier matches. */
  fallbackUsdPerCredit: 0.001,
  /** A plan with infinite agents counts this many as included. */
  unlimitedAgentsIncludedCount: 50,
  /** A yearly plan without stored prices costs ten monthly totals. */
  yearlyMultiplier: 10,
  /** Shown price is the total minus this when no stored prices exist. */
  shownPriceReduction: 1,
  discountValue: 1,
} as const;
/** Plan names derived from monthly credits, by credit range. */
export const CREDIT_PLAN_NAMES = ['starter', 'pro', 'agency'] as const;
export const DEFAULT_CREDIT_PLAN_NAME = 'starter';

/** Stored subscription statuses. */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'trialing', 'past_due', 'unpaid', 'pending'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses of the workspace's v2StripeConfig (the payment provider's spelling 'canceled'). */
export const V2_STRIPE_STATUSES = ['active', 'canceled', 'trialing', 'past_due', 'unpaid'] as const;
/** Payment intent statuses that count as accepted. */
export const ACCEPTED_PAYMENT_INTENT_STATUSES = ['succeeded', 'requires_action'] as const;
export const PAYMENT_METHOD_CHOICES = ['Card', 'Apple'] as const;
export const DISCOUNT_DURATIONS = ['forever', 'once', 'repeating'] as const;

export const CANCELLATION_REASONS = ['Too expensive', 'Missing features', 'Found a better alternative', 'Temporary need', 'Other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
/** The reason that needs free text. */
export const OTHER_CANCELLATION_REASON: CancellationReason = 'Other';

export const USAGE_CHART_KEYS = [
  'usage-across-features',
  'usage-across-agents',
  'credits-usage-global',
  'llm-tokens-usage',
  'credits-usage-agents',
] as const;
export const CHART_TYPES = ['pie', 'line', 'bar'] as const;
export const CREDIT_DIRECTIONS = ['increase', 'decrease'] as const;
export const CREDIT_CAUSES = ['agent', 'feature'] as const;

export const BILLING_DISPLAY = {
  costDecimals: 4,
  perCreditCostDecimals: 5,
  creditBalanceDecimals: 1,
  /** Usage bar: over 80% danger, over 50% warning. */
  usageDangerPercent: 80,
  usageWarningPercent: 50,
  invoicesShown: 4,
  agentTitleMaxChars: 30,
  noLimitLabel: 'No Limit',
  rolloverNote: 'Unused credits roll over to the next billing cycle.',
} as const;

/** A net price with its country's tax, to the cent: what the page shows and what Stripe charges. */
export function priceWithTax(net: number, billing: Pick<CountryBillingInfo, 'taxRate'>): { net: number; tax: number; total: number } {
  const tax = Math.round(net * billing.taxRate * 100) / 100;
  return { net, tax, total: Math.round((net + tax) * 100) / 100 };
}

/**
 * The browser event (on window) the billing page sends after a change of plan, balance or
 * add-ons: the shell, which has its own query cache, then reads billing's overview again.
 */
export const BILLING_CHANGED_EVENT = 'platform:billing-changed';

import Joi from 'joi';
import {
  ADDON_KEYS,
  AGENCY_BILLING,
  BILLING_CYCLES,
  CURRENCIES,
  PLAN_KEYS,
  SUBSCRIPTION_STATUSES,
  UNLIMITED,
  V2_STRIPE_STATUSES,
  type AddonKey,
  type BillingCycle,
  type Currency,
  type PlanKey,
  type SubscriptionStatus,
} from '../constants/billing';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, email, freeObject, name, requiredMessages, stringList, text, timestamp, url, type JsonObject } from './common';

export interface PriceAmount {
  amount: number;
  originalAmount?: number;
}
export type CurrencyPrices = Record<Currency, PriceAmount>;

const priceAmountSchema = Joi.object<PriceAmount, true>({
  amount: Joi.number().min(0).required(),
  originalAmount: Joi.number().min(0),
});
const currencyPricesSchema = Joi.object<CurrencyPrices, true>({
  USD: priceAmountSchema.required(),
  EUR: priceAmountSchema.required(),
  GBP: priceAmountSchema.required(),
});

/** A workspace plan (constants PLANS). */
export interface Plan {
  id: PlanKey;
  label: string;
  description: string;
  price: number;
  prices: CurrencyPrices;
  period: string;
  additionalInfo: string;
  popular: boolean;
  features: string[];
  callToAction: string;
}
export const planSchema = Joi.object<Plan, true>({
  id: Joi.string().valid(...PLAN_KEYS).required(),
  label: name().required(),
  description: text(TEXT_LIMITS.shortText).required(),
  price: Joi.number().min(0).required(),
  prices: currencyPricesSchema.required(),
  period: Joi.string().max(20).required(),
  additionalInfo: text(TEXT_LIMITS.shortText).required(),
  popular: Joi.boolean().required(),
  features: stringList(TEXT_LIMITS.shortText).required(),
  callToAction: name().required(),
});

/** An add-on (constants ADDONS). */
export interface AddonDefinition {
  id: AddonKey;
  name: string;
  description: string;
  prices: CurrencyPrices;
  period: '/month';
}
export const addonDefinitionSchema = Joi.object<AddonDefinition, true>({
  id: Joi.string().valid(...ADDON_KEYS).required(),
  name: name().required(),
  description: text(TEXT_LIMITS.shortText).required(),
  prices: currencyPricesSchema.required(),
  period: Joi.string().valid('/month').required(),
});

/** Answer of the discount-code check. */
export interface Discount {
  valid?: boolean;
  percent_off?: number | null;
  amount_off?: number | null;
  currency?: string | null;
  name?: string | null;
  /** forever, once, or another provider value */
  duration?: string;
}
export const discountSchema = Joi.object<Discount, true>({
  valid: Joi.boolean(),
  percent_off: Joi.number().min(0).max(100).allow(null),
  amount_off: Joi.number().min(0).allow(null),
  currency: Joi.string().max(10).allow(null),
  name: text(TEXT_LIMITS.name).allow(null),
  duration: Joi.string().max(50),
});

export interface CountryBillingInfo {
  currency: Currency;
  currencySymbol: string;
  taxRate: number;
  taxDescription: string;
  exchangeRate: number;
}
export const countryBillingInfoSchema = Joi.object<CountryBillingInfo, true>({
  currency: Joi.string().valid(...CURRENCIES).required(),
  currencySymbol: text(5).required(),
  taxRate: Joi.number().min(0).max(1).required(),
  taxDescription: Joi.string().max(TEXT_LIMITS.name).required(),
  exchangeRate: Joi.number().positive().required(),
});

export interface BillingAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}
const addressLine = () => text(TEXT_LIMITS.shortText).allow(null);
export const billingAddressSchema = Joi.object<BillingAddress, true>({
  line1: addressLine(),
  line2: addressLine(),
  city: addressLine(),
  state: addressLine(),
  postal_code: text(20).allow(null),
  country: text(2).allow(null),
});

/** The payment provider's payment method; other provider fields pass through. */
export interface PaymentMethod {
  id?: string;
  customer?: string | null;
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number };
  billing_details?: {
    name?: string | null;
    email?: string | null;
    phone?: string | null;
    address?: BillingAddress | null;
  };
}
export const paymentMethodSchema = Joi.object<PaymentMethod, true>({
  id: Joi.string().max(TEXT_LIMITS.id),
  customer: Joi.string().max(TEXT_LIMITS.id).allow(null),
  card: Joi.object({
    brand: Joi.string().max(50),
    last4: Joi.string().pattern(/^\d{4}$/),
    exp_month: Joi.number().integer().min(1).max(12),
    exp_year: Joi.number().integer().min(2000).max(2200),
  }).unknown(true),
  billing_details: Joi.object({
    name: text(TEXT_LIMITS.name).allow(null),
    email: text(TEXT_LIMITS.email).allow(null),
    phone: text(50).allow(null),
    address: billingAddressSchema.allow(null),
  }).unknown(true),
}).unknown(true);

export interface ProviderSubscription {
  id?: string;
  status: string;
}
/** Answer of get-user-data; the active subscription is the one with status active, otherwise the first. */
export interface SubscriptionData {
  customer?: JsonObject | null;
  subscriptions?: ProviderSubscription[];
  paymentMethod?: PaymentMethod | null;
  internalKeyRef?: string;
  currency?: string;
  subscriptionItems?: JsonObject[];
  /** the connected account (useMultipleStripes) Stripe.js must act on for this workspace's cards, if any */
  stripeAccountId?: string;
}
export const subscriptionDataSchema = Joi.object<SubscriptionData, true>({
  customer: freeObject().allow(null),
  subscriptions: Joi.array().items(
    Joi.object({ id: Joi.string().max(TEXT_LIMITS.id), status: Joi.string().max(50).required() }).unknown(true),
  ),
  paymentMethod: paymentMethodSchema.allow(null),
  internalKeyRef: Joi.string().max(TEXT_LIMITS.id),
  currency: Joi.string().max(10),
  subscriptionItems: Joi.array().items(freeObject()),
  stripeAccountId: Joi.string().max(TEXT_LIMITS.id),
});

export function pickActiveSubscription(subscriptions: ProviderSubscription[] = []): ProviderSubscription | undefined {
  return subscriptions.find((subscription) => subscription.status === 'active') ?? subscriptions[0];
}

/** Current plan as the billing page shows it. */
export interface CurrentPlan {
  name?: string;
  status?: string;
  renewalDate?: string;
  credits?: { used: number; total: number };
  cancels?: boolean;
  /** unix seconds */
  cancelsAt?: number;
  usdBalance?: number;
}
export const currentPlanSchema = Joi.object<CurrentPlan, true>({
  name: name(),
  status: Joi.string().max(50),
  renewalDate: Joi.string().max(50),
  credits: Joi.object({ used: Joi.number().min(0).required(), total: Joi.number().min(0).required() }),
  cancels: Joi.boolean(),
  cancelsAt: timestamp(),
  usdBalance: Joi.number(),
});

/** "a number or infinity" */
export type AgentLimit = number | typeof UNLIMITED;
const agentLimit = () => Joi.alternatives().try(Joi.number().integer().min(0), Joi.string().valid(UNLIMITED));
const count = () => Joi.number().integer().min(0);

export interface PlanLimits {
  maxAgents?: AgentLimit;
  /** deprecated */
  maxClients?: number;
  maxKbDocsCharCount?: number;
  maxMonthlyCredits?: number;
  maxConcurrentCalls?: number;
  workspaceSeats?: number;
  twilioPhoneNumberSlots?: number;
  clientSeats?: number;
}
export const planLimitsSchema = Joi.object<PlanLimits, true>({
  maxAgents: agentLimit(),
  maxClients: count(),
  maxKbDocsCharCount: count(),
  maxMonthlyCredits: count(),
  maxConcurrentCalls: count(),
  workspaceSeats: count(),
  twilioPhoneNumberSlots: count(),
  clientSeats: count(),
});

export interface CustomPlanStripePrice {
  priceId?: string;
  billingCycle?: BillingCycle;
  usdAmount?: number;
  currency?: string;
}
export interface IncludedLimit {
  key: AddonKey;
  value?: number;
  isFeature?: boolean;
}
export interface CycleAmounts {
  monthly?: number;
  yearly?: number;
}
export interface CustomPlanMetadata {
  mostPopular?: boolean;
  includedAgents?: AgentLimit;
  includedTwilioPhoneNumberSlots?: number;
  includedWorkspaceSeats?: number;
  includedConcurrentCalls?: number;
  usdPerAdditionalCredit?: number;
}

/** A plan made for one workspace; userId and billingCycle are required. */
export interface CustomPlan {
  key?: string;
  userId: string;
  name?: string;
  description?: string;
  features?: string[];
  limits?: PlanLimits;
  referrer?: string;
  billingCycle: BillingCycle;
  stripePrices?: CustomPlanStripePrice[];
  includedLimits?: IncludedLimit[];
  addonsPrices?: Partial<Record<AddonKey, CycleAmounts>>;
  isV4Pricing?: boolean;
  marketingStatements?: string[];
  metadata?: CustomPlanMetadata;
}

const customPlanKeys: Joi.StrictSchemaMap<CustomPlan> = {
  key: Joi.string().max(TEXT_LIMITS.id),
  userId: documentId().required(),
  name: name(),
  description: text(TEXT_LIMITS.longText),
  features: stringList(TEXT_LIMITS.shortText),
  limits: planLimitsSchema,
  referrer: text(TEXT_LIMITS.name),
  billingCycle: Joi.string().valid(...BILLING_CYCLES).required(),
  stripePrices: Joi.array().items(
    Joi.object<CustomPlanStripePrice, true>({
      priceId: Joi.string().max(TEXT_LIMITS.id),
      billingCycle: Joi.string().valid(...BILLING_CYCLES),
      usdAmount: Joi.number().min(0),
      currency: Joi.string().max(10),
    }),
  ),
  includedLimits: Joi.array().items(
    Joi.object<IncludedLimit, true>({
      key: Joi.string().valid(...ADDON_KEYS).required(),
      value: Joi.number().min(0),
      isFeature: Joi.boolean(),
    }),
  ),
  addonsPrices: Joi.object().pattern(
    Joi.string().valid(...ADDON_KEYS),
    Joi.object<CycleAmounts, true>({ monthly: Joi.number().min(0), yearly: Joi.number().min(0) }),
  ),
  isV4Pricing: Joi.boolean(),
  marketingStatements: stringList(TEXT_LIMITS.shortText),
  metadata: Joi.object<CustomPlanMetadata, true>({
    mostPopular: Joi.boolean(),
    includedAgents: agentLimit(),
    includedTwilioPhoneNumberSlots: count(),
    includedWorkspaceSeats: count(),
    includedConcurrentCalls: count(),
    usdPerAdditionalCredit: Joi.number().min(0),
  }),
};
export const customPlanSchema = Joi.object<CustomPlan, true>(customPlanKeys);

/** A custom plan once subscribed. */
export interface StoredCustomPlanSubscription extends CustomPlan {
  status?: SubscriptionStatus;
  stripeSessionId?: string;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
}
export const storedCustomPlanSubscriptionSchema = Joi.object<StoredCustomPlanSubscription, true>({
  ...customPlanKeys,
  status: Joi.string().valid(...SUBSCRIPTION_STATUSES),
  stripeSessionId: Joi.string().max(TEXT_LIMITS.id * 2),
  stripeCustomerId: Joi.string().max(TEXT_LIMITS.id),
  stripeSubscriptionId: Joi.string().max(TEXT_LIMITS.id),
});

/** The workspace's v2StripeConfig. */
export interface V2StripeConfig {
  subscriptionId?: string;
  features?: string[];
  limits?: PlanLimits;
  startDate?: number;
  nextBillingDate?: number;
  status?: (typeof V2_STRIPE_STATUSES)[number];
}
export const v2StripeConfigSchema = Joi.object<V2StripeConfig, true>({
  subscriptionId: Joi.string().max(TEXT_LIMITS.id),
  features: stringList(TEXT_LIMITS.shortText),
  limits: planLimitsSchema,
  startDate: timestamp(),
  nextBillingDate: timestamp(),
  status: Joi.string().valid(...V2_STRIPE_STATUSES),
});

/** A plan an agency sells to its clients: at least one feature, every feature with text, at most 5. */
export interface AgencySubscriptionPlan {
  productId?: string;
  priceId?: string;
  name: string;
  /** read-only, computed from credits */
  price?: number;
  credits: number;
  features: string[];
  isPopular?: boolean;
}
export const agencySubscriptionPlanSchema = Joi.object<AgencySubscriptionPlan, true>({
  productId: Joi.string().max(TEXT_LIMITS.id),
  priceId: Joi.string().max(TEXT_LIMITS.id),
  name: name().required(),
  price: Joi.number().min(0),
  credits: Joi.number().integer().min(1).required(),
  features: Joi.array()
    .items(Joi.string().trim().max(TEXT_LIMITS.shortText).messages(requiredMessages(MESSAGES.billing.planFeatureNeedsText)))
    .min(1)
    .max(AGENCY_BILLING.maxFeaturesPerPlan)
    .required()
    .messages({
      'any.required': MESSAGES.billing.planNeedsFeature,
      'array.min': MESSAGES.billing.planNeedsFeature,
      'array.max': MESSAGES.billing.planFeaturesMax,
    }),
  isPopular: Joi.boolean(),
});

/** The connected payment account of an agency (workspace.stripeConnect). */
export interface StripeConnect {
  email?: string;
  accountId?: string;
  isConnected?: boolean;
  payouts_enabled?: boolean;
  /** Extra USD per credit the agency charges. */
  USDPerToken?: number;
  allowPlans?: boolean;
  plans?: AgencySubscriptionPlan[];
}
export const stripeConnectSchema = Joi.object<StripeConnect, true>({
  email: email().allow(''),
  accountId: Joi.string().max(TEXT_LIMITS.id).allow(''),
  isConnected: Joi.boolean(),
  payouts_enabled: Joi.boolean(),
  USDPerToken: Joi.number().min(0).messages({ 'number.base': MESSAGES.billing.extraUsdPerCreditInvalid }),
  allowPlans: Joi.boolean(),
  plans: Joi.array().items(agencySubscriptionPlanSchema).max(TEXT_LIMITS.list),
});

/** An order of credits paid in USD. */
export interface PaymentOrder {
  tokensToCharge?: number;
  usdToPay?: number;
  fulfilled?: boolean;
  referral?: string;
}
export const paymentOrderSchema = Joi.object<PaymentOrder, true>({
  tokensToCharge: Joi.number().min(0),
  usdToPay: Joi.number().min(0),
  fulfilled: Joi.boolean(),
  referral: text(TEXT_LIMITS.name),
});

/** One of the 4 recent invoices the client billing modal lists. */
export interface InvoiceSummary {
  id: string;
  number?: string | null;
  created?: number;
  hosted_invoice_url?: string | null;
}
export const invoiceSummarySchema = Joi.object<InvoiceSummary, true>({
  id: Joi.string().max(TEXT_LIMITS.id).required(),
  number: Joi.string().max(TEXT_LIMITS.id).allow(null),
  created: timestamp(),
  hosted_invoice_url: url().allow(null),
}).unknown(true);

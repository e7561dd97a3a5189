import type { BillingCycle, Currency, PlanKey } from '../constants/billing';
import type { CustomPlan, CustomPlanStripePrice, PlanLimits, SubscriptionData } from '../entities/billing';
import type { UsageReport } from '../entities/credits';
import type {
  AddAddonsRequest,
  AddonKeysRequest,
  AddonStatusResponse,
  AgencySubscriptionSessionRequest,
  AutoBillingRequest,
  CancelSubscriptionRequest,
  CheckDiscountCodeRequest,
  CheckDiscountCodeResponse,
  ConfirmSubscriptionPaymentRequest,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  TopUpRequest,
  UpsertPaymentMethodRequest,
  WorkspaceBillingRequest,
} from '../entities/billing-requests';
import { endpoint, type NoBody, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

type UidParam = { uid: string };

/** A workspace's credit balance as the billing ledger holds it (ADR 0014). */
export interface CreditBalance {
  uid: string;
  /** credits (the workspace's loadTokens) */
  balance: number;
}
export interface CreditBalanceResponse extends SuccessResponse {
  data: CreditBalance;
}

/** The billing page's Current Plan panel and Automatic Recharge card. */
export interface BillingOverview {
  plan: PlanKey;
  /** the subscription's status; absent on the free plan */
  status?: string;
  /** true while a cancelled subscription runs to its period end */
  cancels: boolean;
  /** unix seconds: the next billing date, or when a cancelling subscription ends */
  periodEnd?: number;
  /** credits */
  balance: number;
  /** the balance in USD at the base per-credit cost */
  usdBalance: number;
  currency: Currency;
  /** the billing address's country (ISO code), which sets currency and tax */
  countryCode?: string;
  taxDescription: string;
  /** the whitelabel add-on or its trial (the page's whitelabel offers) */
  whitelabel?: WhitelabelEntitlement;
  autoRecharge: { enabled: boolean; threshold: number; amount: number; monthlyChargeLimit: number };
  /** the pre-built plan the workspace subscribed to (ADR 0045): shown as its plan */
  prebuiltPlan?: { key: string; name?: string; billingCycle: BillingCycle };
}
export interface BillingOverviewResponse extends SuccessResponse {
  data: BillingOverview;
}

/** Whitelabel: the add-on, or the 14-day trial while it runs. */
export interface WhitelabelEntitlement {
  entitled: boolean;
  via: 'addon' | 'trial' | null;
  /** ms since epoch, when the trial ends (trial only) */
  trialEndsAt?: number;
}
/** What other services enforce for a workspace: its balance, plan, limits and whitelabel entitlement. */
export interface Entitlements {
  uid: string;
  balance: number;
  /**
   * false until the ledger has opened the workspace's credit account (its workspace.created not
   * applied yet, moments after sign-up): the balance is then the workspace's opening loadTokens.
   */
  accountOpened: boolean;
  plan: PlanKey;
  /** every limit of the spec's plan limits but the deprecated maxClients */
  limits: Required<Omit<PlanLimits, 'maxClients'>>;
  whitelabel: WhitelabelEntitlement;
}
export interface EntitlementsResponse extends SuccessResponse {
  data: Entitlements;
}
export interface SubscriptionDataResponse extends SuccessResponse {
  data: SubscriptionData;
}
export interface TopUpResponse extends SuccessResponse {
  message: string;
  balance: number;
}

/** What the browser needs to load Stripe.js: its URL (the stripe-js sandbox locally, Stripe's own in production) and the publishable key. */
export interface StripeBrowserConfig {
  publishableKey: string;
  stripeJsUrl: string;
}

/**
 * The workspace's internal fields billing acts on (ADR 0025), set by operators like the plan:
 * the connected account by country region (useMultipleStripes, countryCode) and a custom plan's limits.
 */
export interface BillingAccountSettings {
  useMultipleStripes?: boolean;
  countryCode?: string;
  customPlan?: { limits?: PlanLimits };
}

/**
 * A pre-built plan: a custom plan (billing §3 "Custom plan") the platform sells ready-made to
 * agencies, assembled from the platform's Stripe products (RPC stripe.assemblePreBuiltPlansFromStripe;
 * ADR 0045): a product whose metadata names its key (PREBUILT_PLAN_METADATA) and limits, and its
 * active recurring USD prices, one per billing cycle.
 */
export interface PreBuiltPlan extends Pick<CustomPlan, 'name' | 'description' | 'features' | 'limits' | 'metadata'> {
  key: string;
  stripePrices: Array<Required<Pick<CustomPlanStripePrice, 'priceId' | 'billingCycle' | 'usdAmount' | 'currency'>>>;
}
/** The metadata of a pre-built plan's Stripe product: its key, and its limits under PlanLimits' names ('infinity' for unlimited agents). */
export const PREBUILT_PLAN_METADATA = { key: 'prebuiltPlanKey', mostPopular: 'mostPopular' } as const;
/** Where Stripe Checkout sends the browser back after a pre-built plan's payment (the billing page, `?checkout=`). */
/** Stripe Checkout's return to the billing page: `?checkout=success&plan=<key>&cycle=<cycle>` (the plan bought), or `?checkout=cancel`. */
export const PREBUILT_PLAN_CHECKOUT = { param: 'checkout', success: 'success', cancel: 'cancel', plan: 'plan', cycle: 'cycle' } as const;

/** The billing service's endpoints; the spec's paths are below /api/billing. */
export const BILLING_API = {
  getCreditBalance: endpoint<UidParam, NoQuery, NoBody, CreditBalanceResponse>()({ service: 'billing', operationId: 'getCreditBalance', method: 'get', path: '/credits/:uid' }),
  getBillingOverview: endpoint<UidParam, NoQuery, NoBody, BillingOverviewResponse>()({ service: 'billing', operationId: 'getBillingOverview', method: 'get', path: '/overview/:uid' }),
  getUsageReport: endpoint<UidParam, { start: string; end: string; agent_id?: string; logsPage?: string }, NoBody, SuccessResponse & { data: UsageReport }>()({ service: 'billing', operationId: 'getUsageReport', method: 'get', path: '/usage/:uid' }),
  getEntitlements: endpoint<UidParam, NoQuery, NoBody, EntitlementsResponse>()({ service: 'billing', operationId: 'getEntitlements', method: 'get', path: '/internal/entitlements/:uid' }),
  /** Services and operators only: sets a workspace's plan without a payment (enterprise deals are made by sales). */
  setPlan: endpoint<UidParam, NoQuery, { plan: PlanKey }, SuccessResponse>()({ service: 'billing', operationId: 'setPlan', method: 'post', path: '/internal/plans/:uid' }),
  getUserData: endpoint<NoParams, NoQuery, WorkspaceBillingRequest, SubscriptionDataResponse>()({ service: 'billing', operationId: 'getUserData', method: 'post', path: '/stripe/get-user-data' }),
  upsertPaymentMethod: endpoint<NoParams, NoQuery, UpsertPaymentMethodRequest, SuccessResponse & { message: string; customerId: string }>()({ service: 'billing', operationId: 'upsertPaymentMethod', method: 'post', path: '/stripe/upsert-payment-method' }),
  createSubscription: endpoint<NoParams, NoQuery, CreateSubscriptionRequest, SuccessResponse & CreateSubscriptionResponse>()({ service: 'billing', operationId: 'createSubscription', method: 'post', path: '/stripe/create-subscription' }),
  confirmSubscriptionPayment: endpoint<NoParams, NoQuery, ConfirmSubscriptionPaymentRequest, SuccessResponse & { status: string }>()({ service: 'billing', operationId: 'confirmSubscriptionPayment', method: 'post', path: '/stripe/confirm-subscription-payment' }),
  topUpUsd: endpoint<NoParams, NoQuery, TopUpRequest, TopUpResponse>()({ service: 'billing', operationId: 'topUpUsd', method: 'post', path: '/stripe/top-up-usd' }),
  checkDiscountCode: endpoint<NoParams, NoQuery, CheckDiscountCodeRequest, SuccessResponse & CheckDiscountCodeResponse>()({ service: 'billing', operationId: 'checkDiscountCode', method: 'post', path: '/stripe/check-discount-code' }),
  cancelSubscription: endpoint<NoParams, NoQuery, CancelSubscriptionRequest, SuccessResponse & { message: string }>()({ service: 'billing', operationId: 'cancelSubscription', method: 'post', path: '/stripe/cancel-subscription' }),
  reactivateSubscription: endpoint<NoParams, NoQuery, WorkspaceBillingRequest, SuccessResponse & { message: string }>()({ service: 'billing', operationId: 'reactivateSubscription', method: 'post', path: '/stripe/reactivate-subscription' }),
  checkAddonStatus: endpoint<NoParams, NoQuery, AddonKeysRequest, SuccessResponse & AddonStatusResponse>()({ service: 'billing', operationId: 'checkAddonStatus', method: 'post', path: '/stripe/check-addon-status' }),
  addAddons: endpoint<NoParams, NoQuery, AddAddonsRequest, SuccessResponse & { message: string; errors?: string[] }>()({ service: 'billing', operationId: 'addAddons', method: 'post', path: '/stripe/add-addon-to-subscription' }),
  removeAddons: endpoint<NoParams, NoQuery, AddonKeysRequest, SuccessResponse & { message: string }>()({ service: 'billing', operationId: 'removeAddons', method: 'post', path: '/stripe/remove-addon-from-subscription' }),
  activateWhitelabelTrial: endpoint<NoParams, NoQuery, WorkspaceBillingRequest, SuccessResponse & { message: string; trialEndsAt: number }>()({ service: 'billing', operationId: 'activateWhitelabelTrial', method: 'post', path: '/stripe/activate-whitelabel-trial' }),
  saveAutoBilling: endpoint<NoParams, NoQuery, AutoBillingRequest, SuccessResponse & { message: string }>()({ service: 'billing', operationId: 'saveAutoBilling', method: 'post', path: '/stripe/auto-billing' }),
  /** RPC stripe.assemblePreBuiltPlansFromStripe: the pre-built plans, read from the platform's Stripe products and prices. */
  assemblePreBuiltPlansFromStripe: endpoint<NoParams, NoQuery, WorkspaceBillingRequest, SuccessResponse & { plans: PreBuiltPlan[] }>()({ service: 'billing', operationId: 'assemblePreBuiltPlansFromStripe', method: 'post', path: '/stripe/assemble-prebuilt-plans' }),
  /** RPC stripe.createAgencySubscriptionSession: a Stripe Checkout session for a pre-built plan; the browser goes to sessionUrl. */
  createAgencySubscriptionSession: endpoint<NoParams, NoQuery, AgencySubscriptionSessionRequest, SuccessResponse & { sessionUrl: string }>()({ service: 'billing', operationId: 'createAgencySubscriptionSession', method: 'post', path: '/stripe/create-agency-subscription-session' }),
  getStripeConfig: endpoint<NoParams, NoQuery, NoBody, SuccessResponse & { data: StripeBrowserConfig }>()({ service: 'billing', operationId: 'getStripeConfig', method: 'get', path: '/stripe/config' }),
  /** Services and operators only: the workspace's billing flags (useMultipleStripes, countryCode, custom plan limits). */
  setAccountSettings: endpoint<UidParam, NoQuery, BillingAccountSettings, SuccessResponse>()({ service: 'billing', operationId: 'setAccountSettings', method: 'post', path: '/internal/accounts/:uid' }),
  stripeWebhook: endpoint<NoParams, NoQuery, unknown, SuccessResponse & { applied: boolean }>()({ service: 'billing', operationId: 'stripeWebhook', method: 'post', path: '/stripe/webhook' }),
  /** Services only: an organisation's credits, which its agents spend (the runtime's check, ADR 0026). */
  getOrganizationCredits: endpoint<{ orgId: string }, NoQuery, NoBody, SuccessResponse & { data: OrganizationCredits }>()({ service: 'billing', operationId: 'getOrganizationCredits', method: 'get', path: '/internal/organizations/:orgId/credits' }),
  /** Stripe's Connect endpoint: connected accounts' events, signed with its own secret (ADR 0044). */
  stripeConnectWebhook: endpoint<NoParams, NoQuery, unknown, SuccessResponse & { applied: boolean }>()({ service: 'billing', operationId: 'stripeConnectWebhook', method: 'post', path: '/stripe/connect/webhook' }),
} as const;

/** An organisation's credit account as the ledger holds it. */
export interface OrganizationCredits {
  orgId: string;
  balance: number;
}

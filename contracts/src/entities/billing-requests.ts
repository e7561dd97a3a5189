import Joi from 'joi';
import {
  ADDON_KEYS,
  ADDON_RULES,
  BILLING_CYCLES,
  CANCELLATION_REASONS,
  CLIENT_AUTO_RECHARGE,
  CLIENT_CREDIT_PURCHASE,
  CURRENCIES,
  OTHER_CANCELLATION_REASON,
  PAYMENT_CURRENCIES,
  PLAN_KEYS,
  TOP_UP_MINIMUM,
  WORKSPACE_AUTO_RECHARGE,
  type AddonKey,
  type BillingCycle,
  type CancellationReason,
  type PlanKey,
} from '../constants/billing';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { agencySubscriptionPlanSchema, planLimitsSchema, type AgencySubscriptionPlan, type BillingAddress, type Discount } from './billing';
import { documentId, email, name, region, requiredMessages, text, url, type Region } from './common';
import { workspaceSchema, type Workspace } from './workspace';

/**
 * Bodies of the billing host's calls (billing §7). Every workspace call names the workspace
 * (userId) and its region; the caller is authorised with the workspace secret.
 */
const providerId = () => Joi.string().max(TEXT_LIMITS.id);
const userId = () => documentId().required();
const inRegion = () => region().required();
/** A value of a slider: within [min, max] and on its step. */
const slider = (range: { min: number; max: number; step: number }) => Joi.number().min(range.min).max(range.max).multiple(range.step);

export interface WorkspaceBillingRequest {
  userId: string;
  region: Region;
}
/** POST /stripe/get-user-data and /stripe/reactivate-subscription. */
export const workspaceBillingRequestSchema = Joi.object<WorkspaceBillingRequest, true>({ userId: userId(), region: inRegion() });

/**
 * RPC stripe.createAgencySubscriptionSession (billing §7 "Agency billing connect"): the workspace
 * subscribes to a pre-built plan (by its key) for a billing cycle through Stripe Checkout; the
 * answer's sessionUrl is where the browser goes. Billing picks the plan's Stripe price itself and
 * the return URLs are the billing page's, never the caller's (ADR 0045).
 */
export interface AgencySubscriptionSessionRequest extends WorkspaceBillingRequest {
  planKey: string;
  billingCycle: BillingCycle;
}
export const agencySubscriptionSessionRequestSchema = Joi.object<AgencySubscriptionSessionRequest, true>({
  userId: userId(),
  region: inRegion(),
  planKey: Joi.string().max(TEXT_LIMITS.id).required(),
  billingCycle: Joi.string().valid(...BILLING_CYCLES).required(),
});

/** POST /stripe/upsert-payment-method: an e-mail and a complete billing address are needed. */
export interface UpsertPaymentMethodRequest {
  paymentMethodId: string;
  userId: string;
  region: Region;
  email: string;
  name?: string;
  phone?: string;
  address: BillingAddress;
  isNewPaymentMethod?: boolean;
  stripeAccountId?: string;
}
const addressIncomplete = MESSAGES.billing.addressIncomplete;
const requiredAddressLine = () =>
  Joi.string().trim().max(TEXT_LIMITS.shortText).required().messages(requiredMessages(addressIncomplete));
export const requiredBillingAddressSchema = Joi.object<BillingAddress, true>({
  line1: requiredAddressLine(),
  line2: text(TEXT_LIMITS.shortText).allow(null),
  city: requiredAddressLine(),
  state: text(TEXT_LIMITS.shortText).allow(null),
  postal_code: Joi.string().trim().max(20).required().messages(requiredMessages(addressIncomplete)),
  country: Joi.string().trim().length(2).uppercase().required().messages({ ...requiredMessages(addressIncomplete), 'string.length': addressIncomplete }),
})
  .required()
  .messages({ 'any.required': addressIncomplete });
export const upsertPaymentMethodRequestSchema = Joi.object<UpsertPaymentMethodRequest, true>({
  paymentMethodId: providerId().required(),
  userId: userId(),
  region: inRegion(),
  email: email().required(),
  name: text(TEXT_LIMITS.name),
  phone: text(50),
  address: requiredBillingAddressSchema,
  isNewPaymentMethod: Joi.boolean(),
  stripeAccountId: providerId(),
});

/** An add-on and quantity chosen in the subscription dialog (0 to 10, whitelabel 0 or 1). */
export interface AddonSelection {
  addonKey: AddonKey;
  quantity: number;
}
const addonQuantity = () => Joi.number().integer().min(ADDON_RULES.minQuantity).max(ADDON_RULES.maxQuantity);
const whitelabelAware = (keyField: string) =>
  addonQuantity().when(keyField, { is: 'whitelabel-new', then: Joi.number().max(ADDON_RULES.whitelabelMaxQuantity) });
export const addonSelectionSchema = Joi.object<AddonSelection, true>({
  addonKey: Joi.string().valid(...ADDON_KEYS).required(),
  quantity: whitelabelAware('addonKey').required(),
});

/** POST /stripe/create-subscription. */
export interface CreateSubscriptionRequest {
  planId: PlanKey;
  region: Region;
  userId: string;
  addonsToShow?: AddonSelection[];
  discountCode?: string;
}
export const createSubscriptionRequestSchema = Joi.object<CreateSubscriptionRequest, true>({
  planId: Joi.string().valid(...PLAN_KEYS).required(),
  region: inRegion(),
  userId: userId(),
  addonsToShow: Joi.array().items(addonSelectionSchema).unique('addonKey').max(ADDON_KEYS.length),
  discountCode: Joi.string().trim().max(TEXT_LIMITS.name),
});
export interface CreateSubscriptionResponse {
  transactionId?: string;
  amountPaid?: number;
  tax?: { currency?: string };
  requiresAction?: boolean;
  clientSecret?: string;
  paymentIntentId?: string;
  subscriptionId?: string;
}

/** POST /stripe/confirm-subscription-payment (after 3D secure). */
export interface ConfirmSubscriptionPaymentRequest {
  paymentIntentId: string;
  subscriptionId: string;
  region: Region;
  userId: string;
}
export const confirmSubscriptionPaymentRequestSchema = Joi.object<ConfirmSubscriptionPaymentRequest, true>({
  paymentIntentId: providerId().required(),
  subscriptionId: providerId().required(),
  region: inRegion(),
  userId: userId(),
});

/** POST /stripe/top-up-usd: at least 5 in the workspace's currency. */
export interface TopUpRequest {
  region: Region;
  userId: string;
  amount: number;
  currency: (typeof PAYMENT_CURRENCIES)[number];
}
export const topUpRequestSchema = Joi.object<TopUpRequest, true>({
  region: inRegion(),
  userId: userId(),
  amount: Joi.number()
    .min(TOP_UP_MINIMUM)
    .max(100_000)
    .precision(2)
    .required()
    .messages({ 'number.min': MESSAGES.billing.topUpMinimum, 'any.required': MESSAGES.billing.topUpMinimum }),
  currency: Joi.string().lowercase().valid(...PAYMENT_CURRENCIES).required(),
});

/** POST /stripe/check-addon-status and /stripe/remove-addon-from-subscription. */
export interface AddonKeysRequest {
  userId: string;
  region: Region;
  addonKeys: AddonKey[];
}
export const addonKeysRequestSchema = Joi.object<AddonKeysRequest, true>({
  userId: userId(),
  region: inRegion(),
  addonKeys: Joi.array().items(Joi.string().valid(...ADDON_KEYS)).min(1).unique().required(),
});
export interface AddonStatusResponse {
  hasSubscription: boolean;
  addons: { addonKey: AddonKey; hasAddon: boolean; quantity: number }[];
}

/** POST /stripe/add-addon-to-subscription; changes apply from the next billing cycle. */
export interface AddAddonsRequest {
  userId: string;
  region: Region;
  addons: {
    addonId: AddonKey;
    name?: string;
    price?: number;
    quantity: number;
    incrementalQuantity?: number;
    currency?: (typeof CURRENCIES)[number];
  }[];
}
export const addAddonsRequestSchema = Joi.object<AddAddonsRequest, true>({
  userId: userId(),
  region: inRegion(),
  addons: Joi.array()
    .items(
      Joi.object({
        addonId: Joi.string().valid(...ADDON_KEYS).required(),
        name: name(),
        price: Joi.number().min(0),
        quantity: whitelabelAware('addonId').required(),
        incrementalQuantity: Joi.number().integer().min(-ADDON_RULES.maxQuantity).max(ADDON_RULES.maxQuantity),
        currency: Joi.string().uppercase().valid(...CURRENCIES),
      }),
    )
    .min(1)
    .unique('addonId')
    .required(),
});

/** POST /stripe/cancel-subscription: a listed reason; 'Other' needs free text (otherReason, ours). */
export interface CancelSubscriptionRequest {
  reason: CancellationReason;
  otherReason?: string;
  region: Region;
  userId: string;
}
export const cancelSubscriptionRequestSchema = Joi.object<CancelSubscriptionRequest, true>({
  reason: Joi.string().valid(...CANCELLATION_REASONS).required(),
  otherReason: Joi.string()
    .trim()
    .max(TEXT_LIMITS.longText)
    .when('reason', { is: OTHER_CANCELLATION_REASON, then: Joi.required(), otherwise: Joi.forbidden() }),
  region: inRegion(),
  userId: userId(),
});

/** POST /stripe/check-discount-code. */
export interface CheckDiscountCodeRequest {
  discountCode: string;
  userId: string;
  region: Region;
}
export const checkDiscountCodeRequestSchema = Joi.object<CheckDiscountCodeRequest, true>({
  discountCode: Joi.string().trim().max(TEXT_LIMITS.name).required().messages(requiredMessages(MESSAGES.billing.discountCodeRequired)),
  userId: userId(),
  region: inRegion(),
});
export interface CheckDiscountCodeResponse {
  discount: Discount;
}

/**
 * Typed mutation for workspace auto-billing: threshold, uid, autoBilling (spec); amount and
 * monthlyChargeLimit (ours) carry the rest of the card. Refused on the free plan (service rule).
 */
export interface AutoBillingRequest {
  uid: string;
  autoBilling: boolean;
  threshold?: number;
  amount?: number;
  monthlyChargeLimit?: number;
}
export const autoBillingRequestSchema = Joi.object<AutoBillingRequest, true>({
  uid: userId(),
  autoBilling: Joi.boolean().required(),
  threshold: slider(WORKSPACE_AUTO_RECHARGE.threshold).when('autoBilling', { is: true, then: Joi.required() }),
  amount: slider(WORKSPACE_AUTO_RECHARGE.amount),
  monthlyChargeLimit: slider(WORKSPACE_AUTO_RECHARGE.monthlyChargeLimit),
});

/** POST {billing base}/stripe/connect/create-account and /stripe/connect/account-link. */
export interface ConnectAccountRequest {
  workspace: Workspace & { uid: string };
}
export const connectAccountRequestSchema = Joi.object<ConnectAccountRequest, true>({
  workspace: (workspaceSchema.keys({ uid: documentId().required() }) as Joi.ObjectSchema<ConnectAccountRequest['workspace']>).required(),
});

/** RPC stripe.upsertAgencyPlans. */
export interface UpsertAgencyPlansRequest {
  agencyAccountId: string;
  workspaceId: string;
  plans: AgencySubscriptionPlan[];
}
export const upsertAgencyPlansRequestSchema = Joi.object<UpsertAgencyPlansRequest, true>({
  agencyAccountId: providerId().required(),
  workspaceId: documentId().required(),
  plans: Joi.array().items(agencySubscriptionPlanSchema).max(20).required(),
});

/** typedStripe.getPlans. */
export interface AgencyPlansQuery {
  agencyAccountId: string;
}
export const agencyPlansQuerySchema = Joi.object<AgencyPlansQuery, true>({ agencyAccountId: providerId().required() });

// Client-facing billing through the agency's connected account.

/** GET /stripe/connect/get-account-id/{agencyUserId}/{region}. */
export interface AgencyAccountParams {
  agencyUserId: string;
  region: Region;
}
export const agencyAccountParamsSchema = Joi.object<AgencyAccountParams, true>({ agencyUserId: userId(), region: inRegion() });
export interface AgencyAccountResponse {
  accountId: string;
  allowPlans?: boolean;
  usdPerCredit: number;
}

/** GET get-payment-methods, get-billing-details and get-invoices: /{customerId}/{accountId}. */
export interface ConnectedCustomerParams {
  customerId: string;
  accountId: string;
}
export const connectedCustomerParamsSchema = Joi.object<ConnectedCustomerParams, true>({
  customerId: providerId().required(),
  accountId: providerId().required(),
});

/** POST /stripe/connect/update-payment. */
export interface ClientUpdatePaymentRequest {
  paymentMethodId: string;
  userId: string;
  agencyId: string;
  orgId: string;
  region: Region;
  workspaceStripeAccountId: string;
}
export const clientUpdatePaymentRequestSchema = Joi.object<ClientUpdatePaymentRequest, true>({
  paymentMethodId: providerId().required(),
  userId: userId(),
  agencyId: documentId().required(),
  orgId: documentId().required(),
  region: inRegion(),
  workspaceStripeAccountId: providerId().required(),
});

/** POST /stripe/connect/pre-paid: at least 1000 credits, slider 1,000 to 50,000 in steps of 500. */
export interface ClientCreditPurchaseRequest {
  creditAmount: number;
  region: Region;
  workspaceId: string;
  clientId: string;
  orgId: string;
}
export const clientCreditPurchaseRequestSchema = Joi.object<ClientCreditPurchaseRequest, true>({
  creditAmount: slider(CLIENT_CREDIT_PURCHASE).required(),
  region: inRegion(),
  workspaceId: documentId().required(),
  clientId: documentId().required(),
  orgId: documentId().required(),
});

/** POST /stripe/connect/update-autorecharge: threshold 100 to 5,000 credits by 100, amount $5 to $100 by 5. */
export interface ClientAutoRechargeRequest {
  automaticBilling: boolean;
  workspaceStripeAccountId: string;
  threshold: number;
  amount: number;
  region: Region;
  orgId: string;
  customer_id: string;
}
export const clientAutoRechargeRequestSchema = Joi.object<ClientAutoRechargeRequest, true>({
  automaticBilling: Joi.boolean().required(),
  workspaceStripeAccountId: providerId().required(),
  threshold: slider(CLIENT_AUTO_RECHARGE.threshold).default(CLIENT_AUTO_RECHARGE.threshold.default),
  amount: slider(CLIENT_AUTO_RECHARGE.amount).default(CLIENT_AUTO_RECHARGE.amount.default),
  region: inRegion(),
  orgId: documentId().required(),
  customer_id: providerId().required(),
});

/** POST /stripe/connect/create-subscription; answers sessionUrl. */
export interface ClientCreateSubscriptionRequest {
  priceId: string;
  customerEmail: string;
  customerId?: string;
  orgId: string;
  successUrl: string;
  cancelUrl: string;
  workspaceStripeAccountId: string;
  region: Region;
}
export const clientCreateSubscriptionRequestSchema = Joi.object<ClientCreateSubscriptionRequest, true>({
  priceId: providerId().required(),
  customerEmail: email().required(),
  customerId: providerId(),
  orgId: documentId().required(),
  successUrl: url().required(),
  cancelUrl: url().required(),
  workspaceStripeAccountId: providerId().required(),
  region: inRegion(),
});

/** POST /stripe/connect/cancel-subscription. */
export interface ClientCancelSubscriptionRequest {
  subscriptionId: string;
  workspaceStripeAccountId: string;
  orgId: string;
  region: Region;
}
export const clientCancelSubscriptionRequestSchema = Joi.object<ClientCancelSubscriptionRequest, true>({
  subscriptionId: providerId().required(),
  workspaceStripeAccountId: providerId().required(),
  orgId: documentId().required(),
  region: inRegion(),
});

/** POST /internal/accounts/:uid (operators): the workspace's billing flags (ADR 0025). */
export const billingAccountSettingsSchema = Joi.object({
  useMultipleStripes: Joi.boolean(),
  countryCode: Joi.string().trim().uppercase().length(2),
  customPlan: Joi.object({ limits: planLimitsSchema }),
}).min(1);

import Joi from 'joi';
import { AGENCY_BILLING } from '../constants/billing';
import { MESSAGES } from '../constants/messages';
import type { AgencySubscriptionPlan, InvoiceSummary, StripeConnect } from '../entities/billing';
import type {
  AgencyAccountResponse,
  ClientAutoRechargeRequest,
  ClientCancelSubscriptionRequest,
  ClientCreateSubscriptionRequest,
  ClientCreditPurchaseRequest,
  ClientUpdatePaymentRequest,
  ConnectAccountRequest,
  UpsertAgencyPlansRequest,
} from '../entities/billing-requests';
import { creditTransferRequestSchema, type CreditTransferRequest } from '../entities/clients';
import { documentId, region, type Region } from '../entities/common';
import { endpoint, type NoBody, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

/**
 * POST /stripe/connect/credit-transfer: the spec's credit transfer request plus the workspace and
 * a transfer id chosen by the caller (sending it again never moves credits twice; ADR 0022).
 */
export interface TransferCreditsRequest extends CreditTransferRequest {
  transferId: string;
  workspaceId: string;
}
export const transferCreditsRequestSchema = (creditTransferRequestSchema as Joi.ObjectSchema<TransferCreditsRequest>).keys({
  transferId: Joi.string().pattern(/^[A-Za-z0-9_-]{8,64}$/).required(),
  workspaceId: documentId().required(),
});
export interface CreditTransferResponse extends SuccessResponse {
  message: string;
  workspaceBalance: number;
  orgBalance: number;
}

/** Registers an organisation (and its allowBilling) with billing under its agency workspace. */
export interface OrganizationBillingRequest {
  workspaceId: string;
  allowBilling: boolean;
}
export const organizationBillingRequestSchema = Joi.object<OrganizationBillingRequest, true>({
  workspaceId: documentId().required(),
  allowBilling: Joi.boolean().required(),
});

/** The Auto Billing tab's step 3: the extra USD per credit. */
export interface BillingSettingsRequest {
  workspaceId: string;
  USDPerToken: number;
}
export const billingSettingsRequestSchema = Joi.object<BillingSettingsRequest, true>({
  workspaceId: documentId().required(),
  // Anything but a number from 0 to the maximum answers the field's own text (billing §8).
  USDPerToken: Joi.number().min(0).max(AGENCY_BILLING.maxExtraUsdPerCredit).required().messages({
    'any.required': MESSAGES.billing.extraUsdPerCreditInvalid,
    'number.base': MESSAGES.billing.extraUsdPerCreditInvalid,
    'number.min': MESSAGES.billing.extraUsdPerCreditInvalid,
    'number.max': MESSAGES.billing.extraUsdPerCreditInvalid,
    'number.infinity': MESSAGES.billing.extraUsdPerCreditInvalid,
  }),
});

/** What the client billing modal shows of its organisation. */
export interface OrganizationBillingState {
  orgId: string;
  allowBilling: boolean;
  loadTokens: number;
  stripeCustomerId?: string;
  subscription?: { id?: string; status?: string; priceId?: string };
  automaticBilling: boolean;
  autochargeAmount?: number;
  threshold?: number;
}

export const connectRegionParams = Joi.object({ agencyUserId: documentId().required(), region: region().required() });
export const orgParams = Joi.object({ orgId: documentId().required() });

/** Agency billing connect and client-facing billing (billing §7), below /api/{region}/billing. */
export const CONNECT_API = {
  getConnect: endpoint<{ workspaceId: string }, NoQuery, NoBody, SuccessResponse & { data: StripeConnect }>()({ service: 'billing', operationId: 'getConnect', method: 'get', path: '/stripe/connect/status/:workspaceId' }),
  createAccount: endpoint<NoParams, NoQuery, ConnectAccountRequest, SuccessResponse & { message: string; data: StripeConnect }>()({ service: 'billing', operationId: 'createConnectAccount', method: 'post', path: '/stripe/connect/create-account' }),
  accountLink: endpoint<NoParams, NoQuery, ConnectAccountRequest, SuccessResponse & { redirectUrl: string }>()({ service: 'billing', operationId: 'createConnectAccountLink', method: 'post', path: '/stripe/connect/account-link' }),
  saveBillingSettings: endpoint<NoParams, NoQuery, BillingSettingsRequest, SuccessResponse & { message: string; data: StripeConnect }>()({ service: 'billing', operationId: 'saveConnectBillingSettings', method: 'post', path: '/stripe/connect/billing-settings' }),
  upsertAgencyPlans: endpoint<NoParams, NoQuery, UpsertAgencyPlansRequest, SuccessResponse & { message: string; updatedPlans: AgencySubscriptionPlan[] }>()({ service: 'billing', operationId: 'upsertAgencyPlans', method: 'post', path: '/stripe/connect/upsert-agency-plans' }),
  getPlans: endpoint<NoParams, { agencyAccountId: string; workspaceId: string }, NoBody, SuccessResponse & { plans: AgencySubscriptionPlan[] }>()({ service: 'billing', operationId: 'getAgencyPlans', method: 'get', path: '/stripe/connect/get-plans' }),
  getAccountId: endpoint<{ agencyUserId: string; region: Region }, NoQuery, NoBody, SuccessResponse & AgencyAccountResponse & { plans: AgencySubscriptionPlan[] }>()({ service: 'billing', operationId: 'getConnectAccountId', method: 'get', path: '/stripe/connect/get-account-id/:agencyUserId/:region' }),
  getPaymentMethods: endpoint<{ customerId: string; accountId: string }, NoQuery, NoBody, SuccessResponse & { paymentMethod: unknown }>()({ service: 'billing', operationId: 'getConnectPaymentMethods', method: 'get', path: '/stripe/connect/get-payment-methods/:customerId/:accountId' }),
  getBillingDetails: endpoint<{ customerId: string; accountId: string }, NoQuery, NoBody, SuccessResponse & { customer: unknown }>()({ service: 'billing', operationId: 'getConnectBillingDetails', method: 'get', path: '/stripe/connect/get-billing-details/:customerId/:accountId' }),
  getInvoices: endpoint<{ customerId: string; accountId: string }, NoQuery, NoBody, SuccessResponse & { invoices: { data: InvoiceSummary[] } }>()({ service: 'billing', operationId: 'getConnectInvoices', method: 'get', path: '/stripe/connect/get-invoices/:customerId/:accountId' }),
  updatePayment: endpoint<NoParams, NoQuery, ClientUpdatePaymentRequest, SuccessResponse & { message: string; customer: { id: string } }>()({ service: 'billing', operationId: 'updateClientPayment', method: 'post', path: '/stripe/connect/update-payment' }),
  prePaid: endpoint<NoParams, NoQuery, ClientCreditPurchaseRequest, SuccessResponse & { message: string; loadTokens: number; amountUsd: number }>()({ service: 'billing', operationId: 'buyClientCredits', method: 'post', path: '/stripe/connect/pre-paid' }),
  updateAutoRecharge: endpoint<NoParams, NoQuery, ClientAutoRechargeRequest, SuccessResponse & { message: string }>()({ service: 'billing', operationId: 'updateClientAutoRecharge', method: 'post', path: '/stripe/connect/update-autorecharge' }),
  createSubscription: endpoint<NoParams, NoQuery, ClientCreateSubscriptionRequest, SuccessResponse & { sessionUrl: string }>()({ service: 'billing', operationId: 'createClientSubscription', method: 'post', path: '/stripe/connect/create-subscription' }),
  cancelSubscription: endpoint<NoParams, NoQuery, ClientCancelSubscriptionRequest, SuccessResponse & { message: string; subscription: unknown }>()({ service: 'billing', operationId: 'cancelClientSubscription', method: 'post', path: '/stripe/connect/cancel-subscription' }),
  getOrganizationBilling: endpoint<{ orgId: string }, NoQuery, NoBody, SuccessResponse & { data: OrganizationBillingState }>()({ service: 'billing', operationId: 'getOrganizationBilling', method: 'get', path: '/stripe/connect/organization/:orgId' }),
  setOrganizationBilling: endpoint<{ orgId: string }, NoQuery, OrganizationBillingRequest, SuccessResponse & { data: OrganizationBillingState }>()({ service: 'billing', operationId: 'setOrganizationBilling', method: 'post', path: '/stripe/connect/organization/:orgId' }),
  registerOrganization: endpoint<{ orgId: string }, NoQuery, OrganizationBillingRequest, SuccessResponse>()({ service: 'billing', operationId: 'registerOrganizationBilling', method: 'post', path: '/internal/organizations/:orgId' }),
  getTransferBalances: endpoint<{ orgId: string }, { workspaceId: string }, NoBody, SuccessResponse & { workspaceBalance: number; orgBalance: number }>()({ service: 'billing', operationId: 'getTransferBalances', method: 'get', path: '/stripe/connect/credit-transfer/:orgId' }),
  transferCredits: endpoint<NoParams, NoQuery, TransferCreditsRequest, CreditTransferResponse>()({ service: 'billing', operationId: 'transferCredits', method: 'post', path: '/stripe/connect/credit-transfer' }),
  /** Services only: the organisation drawer's Allow billing, saved by agency-domain; on only with a connected account (402). */
  setRegisteredOrganizationBilling: endpoint<{ orgId: string }, NoQuery, OrganizationBillingRequest, SuccessResponse>()({ service: 'billing', operationId: 'setRegisteredOrganizationBilling', method: 'post', path: '/internal/organizations/:orgId/billing' }),
} as const;

import type { PlanKey } from '../constants/billing';
import type { PlanLimits, SubscriptionData } from '../entities/billing';
import { endpoint, type NoBody, type NoQuery, type SuccessResponse } from './endpoint';

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
  plan: PlanKey;
  limits: Required<Pick<PlanLimits, 'maxAgents' | 'workspaceSeats' | 'clientSeats' | 'maxConcurrentCalls' | 'twilioPhoneNumberSlots'>>;
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

/** The billing service's endpoints; the spec's paths are below /api/billing. */
export const BILLING_API = {
  getCreditBalance: endpoint<UidParam, NoQuery, NoBody, CreditBalanceResponse>()({ service: 'billing', operationId: 'getCreditBalance', method: 'get', path: '/credits/:uid' }),
  getEntitlements: endpoint<UidParam, NoQuery, NoBody, EntitlementsResponse>()({ service: 'billing', operationId: 'getEntitlements', method: 'get', path: '/internal/entitlements/:uid' }),
} as const;

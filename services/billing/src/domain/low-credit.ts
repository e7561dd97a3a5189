import { CLIENT_AUTO_RECHARGE, WORKSPACE_AUTO_RECHARGE } from '@platform/contracts';

/** The account was marked low when it crossed below `threshold` (ADR 0026); unmarked once it is back at or above it. */
export interface LowCreditMark {
  at: Date;
  threshold: number;
}

/**
 * The balance below which an account's credits are "running low": the spec names none, so it is
 * the account's auto-recharge threshold, or that threshold's default (workspace card 500, client
 * billing 500) when none is saved.
 */
export function lowCreditThreshold(account: { isOrganization: boolean; autoRechargeThreshold?: number }): number {
  if (account.autoRechargeThreshold !== undefined) return account.autoRechargeThreshold;
  return account.isOrganization ? CLIENT_AUTO_RECHARGE.threshold.default : WORKSPACE_AUTO_RECHARGE.threshold.default;
}

/** No account's threshold can be above this: an account at or above it, unmarked, has nothing to do. */
export const HIGHEST_LOW_CREDIT_THRESHOLD = Math.max(CLIENT_AUTO_RECHARGE.threshold.max, WORKSPACE_AUTO_RECHARGE.threshold.max);

/** What a balance change means for the mark: 'cross' (notify once), 'recover' (unmark), or nothing. */
export function lowCreditTransition(balance: number, threshold: number, mark: LowCreditMark | undefined): 'cross' | 'recover' | null {
  if (!mark && balance < threshold) return 'cross';
  if (mark && balance >= threshold) return 'recover';
  return null;
}

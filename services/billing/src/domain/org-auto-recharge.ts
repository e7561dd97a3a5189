import { CLIENT_AUTO_RECHARGE, agencyUsdPerCredit } from '@platform/contracts';

/** After a declined charge, the same card is not charged again for this long (a new card is at once). */
export const ORG_RECHARGE_RETRY_AFTER_FAILURE_MS = 24 * 60 * 60 * 1000;

/** A recharge claimed this long ago without finishing (a crash, a lost answer) is retried under its own key. */
export const STALE_ORG_RECHARGE_MS = 120_000;

/** The recharge being charged: its id (Stripe's idempotency key and the ledger grant's key), what it charges and credits. */
export interface OrgRechargeClaim {
  key: string;
  amountUsd: number;
  credits: number;
  at: Date;
}

export interface OrgRechargeState {
  allowBilling: boolean;
  automaticBilling?: boolean;
  autochargeAmount?: number;
  threshold?: number;
  stripeCustomerId?: string;
  defaultPaymentMethod?: string;
  rechargeFailure?: { at: Date; paymentMethod?: string; message: string };
}

/**
 * The USD to charge now, or 0: billing allowed, auto-recharge on with a saved card, the balance
 * below the threshold (default 500 credits), and not the card that was declined in the last day.
 * The spec gives client auto-recharge no monthly limit (that is the workspace card's), so none applies.
 */
export function orgRechargeDue(org: OrgRechargeState, balance: number, now: Date): number {
  if (!org.allowBilling || !org.automaticBilling || !org.stripeCustomerId || !org.defaultPaymentMethod) return 0;
  if (balance >= (org.threshold ?? CLIENT_AUTO_RECHARGE.threshold.default)) return 0;
  const failure = org.rechargeFailure;
  if (failure && failure.paymentMethod === org.defaultPaymentMethod && now.getTime() - failure.at.getTime() < ORG_RECHARGE_RETRY_AFTER_FAILURE_MS) return 0;
  return org.autochargeAmount ?? CLIENT_AUTO_RECHARGE.amount.default;
}

/** Credits a recharge of `amountUsd` buys at the agency's final per-credit price (base + its extra). */
export const creditsForUsd = (amountUsd: number, extraUsdPerCredit: number | undefined): number => Math.floor(amountUsd / agencyUsdPerCredit(extraUsdPerCredit) + 1e-9);

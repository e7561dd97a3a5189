import { WORKSPACE_AUTO_RECHARGE } from '@platform/contracts';

export interface RechargeSettings {
  automaticBilling?: boolean;
  autochargeCreditThreshold?: number;
  autochargeCreditAmount?: number;
  monthlyChargeLimit?: number;
  rechargedUsd?: Record<string, number>;
}

/** The month a charge counts in, `YYYY-MM` (UTC). */
export const chargeMonth = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The USD to recharge now, or 0: auto-recharge on, the balance below the threshold, and the
 * month's charges plus this one within the monthly limit (0: no limit).
 */
export function rechargeDue(settings: RechargeSettings, balance: number, now: Date): number {
  if (!settings.automaticBilling) return 0;
  const threshold = settings.autochargeCreditThreshold ?? WORKSPACE_AUTO_RECHARGE.threshold.default;
  if (balance >= threshold) return 0;
  const amount = settings.autochargeCreditAmount ?? WORKSPACE_AUTO_RECHARGE.amount.default;
  const limit = settings.monthlyChargeLimit ?? WORKSPACE_AUTO_RECHARGE.monthlyChargeLimit.default;
  const charged = settings.rechargedUsd?.[chargeMonth(now)] ?? 0;
  if (limit > 0 && charged + amount > limit) return 0;
  return amount;
}

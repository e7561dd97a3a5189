import { BASE_USD_PER_CREDIT, WORKSPACE_AUTO_RECHARGE, countryBillingInfo, type BillingOverview, type Entitlements, type Region } from '@platform/contracts';
import { planLimits, whitelabelEntitlement } from '../domain/plan-limits';
import type { BillingAccountStore } from '../store/billing-accounts';
import type { Ledger } from './ledger';

/** What other services enforce for a workspace, read in one call (balance, plan, limits, whitelabel). */
export class EntitlementUseCases {
  constructor(private readonly deps: { ledger: Ledger; billingAccounts: BillingAccountStore; now: () => Date }) {}

  async of(region: Region, uid: string): Promise<Entitlements> {
    const [credits, account] = await Promise.all([this.deps.ledger.account(region, uid), this.deps.billingAccounts.find(region, uid)]);
    return {
      uid,
      balance: credits.balance,
      accountOpened: credits.opened,
      plan: account.plan,
      limits: planLimits(account.plan, account.addons, account.customPlan?.limits),
      whitelabel: whitelabelEntitlement(account.addons ?? {}, account.whitelabelTrialEndsAt, this.deps.now().getTime()),
    };
  }

  async overview(region: Region, uid: string): Promise<BillingOverview> {
    const [balance, account] = await Promise.all([this.deps.ledger.balance(region, uid), this.deps.billingAccounts.find(region, uid)]);
    const billing = countryBillingInfo(account.countryCode);
    const paid = account.plan !== 'free';
    return {
      plan: account.plan,
      ...(paid && account.status ? { status: account.status } : {}),
      cancels: paid && account.cancelAtPeriodEnd === true,
      ...(paid && account.currentPeriodEnd ? { periodEnd: account.currentPeriodEnd } : {}),
      balance,
      usdBalance: Math.round(balance * BASE_USD_PER_CREDIT * 10_000) / 10_000,
      currency: billing.currency,
      ...(account.countryCode ? { countryCode: account.countryCode } : {}),
      taxDescription: billing.taxDescription,
      whitelabel: whitelabelEntitlement(account.addons ?? {}, account.whitelabelTrialEndsAt, this.deps.now().getTime()),
      autoRecharge: {
        enabled: paid && account.automaticBilling === true,
        threshold: account.autochargeCreditThreshold ?? WORKSPACE_AUTO_RECHARGE.threshold.default,
        amount: account.autochargeCreditAmount ?? WORKSPACE_AUTO_RECHARGE.amount.default,
        monthlyChargeLimit: account.monthlyChargeLimit ?? WORKSPACE_AUTO_RECHARGE.monthlyChargeLimit.default,
      },
      ...(paid && account.customPlan?.key && account.customPlan.billingCycle ? { prebuiltPlan: { key: account.customPlan.key, name: account.customPlan.name, billingCycle: account.customPlan.billingCycle } } : {}),
    };
  }
}

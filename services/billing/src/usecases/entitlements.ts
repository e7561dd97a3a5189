import type { Entitlements, Region } from '@platform/contracts';
import { planLimits, whitelabelEntitlement } from '../domain/plan-limits';
import type { BillingAccountStore } from '../store/billing-accounts';
import type { Ledger } from './ledger';

/** What other services enforce for a workspace, read in one call (balance, plan, limits, whitelabel). */
export class EntitlementUseCases {
  constructor(private readonly deps: { ledger: Ledger; billingAccounts: BillingAccountStore; now: () => Date }) {}

  async of(region: Region, uid: string): Promise<Entitlements> {
    const [balance, account] = await Promise.all([this.deps.ledger.balance(region, uid), this.deps.billingAccounts.find(region, uid)]);
    return {
      uid,
      balance,
      plan: account.plan,
      limits: planLimits(account.plan, account.addons),
      whitelabel: whitelabelEntitlement(account.addons ?? {}, account.whitelabelTrialEndsAt, this.deps.now().getTime()),
    };
  }
}

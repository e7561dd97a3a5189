import type { Region } from '@platform/contracts';
import { catalogOutboxEntry, type Logger } from '@platform/kit';
import { HIGHEST_LOW_CREDIT_THRESHOLD, lowCreditThreshold, lowCreditTransition } from '../domain/low-credit';
import type { BillingAccountStore } from '../store/billing-accounts';
import type { CreditAccount, CreditAccountStore } from '../store/credit-accounts';
import type { OrganizationBillingStore } from '../store/organization-billing';

export interface LowCreditDeps {
  accounts: CreditAccountStore;
  billingAccounts: BillingAccountStore;
  organizations: OrganizationBillingStore;
  logger: Logger;
  /** nudges the outbox relay */
  eventsWritten: () => void;
  now: () => Date;
}

const ORG_PREFIX = 'org:';

/**
 * "Credits running low" (ADR 0026): when an account's balance has crossed below its low-credit
 * threshold, the account is marked and its credits.low event written in that same write (the
 * kit's outbox), once per crossing; it is unmarked when the balance is back at or above it.
 */
export class LowCreditUseCases {
  constructor(private readonly deps: LowCreditDeps) {}

  /** Runs after balances changed (consumptions, transfers); a failure is logged, never thrown (the balances are applied already). */
  async check(region: Region, accountIds: string[]): Promise<void> {
    try {
      const accounts = await this.deps.accounts.findMany(region, accountIds);
      await Promise.all([...accounts.values()].filter(mayTransition).map((account) => this.checkOne(region, account)));
    } catch (err) {
      this.deps.logger.warn({ err, region }, 'low-credit check failed');
    }
  }

  private async checkOne(region: Region, account: CreditAccount): Promise<void> {
    const owner = await this.ownerOf(region, account._id);
    if (!owner) return;
    const threshold = lowCreditThreshold(owner);
    const transition = lowCreditTransition(account.balance, threshold, account.lowCredit);
    if (transition === 'recover') await this.deps.accounts.recover(region, account._id, threshold);
    if (transition !== 'cross') return;
    const data = { ...(owner.orgId ? { orgId: owner.orgId } : {}), balance: account.balance, threshold };
    const event = catalogOutboxEntry('credits.low', { region, workspaceId: owner.workspaceId, data });
    if (await this.deps.accounts.markLow(region, account._id, threshold, event, this.deps.now())) this.deps.eventsWritten();
  }

  /** Whose account it is and its auto-recharge threshold; null for an organisation billing does not know. */
  private async ownerOf(region: Region, accountId: string): Promise<{ workspaceId: string; orgId?: string; isOrganization: boolean; autoRechargeThreshold?: number } | null> {
    if (accountId.startsWith(ORG_PREFIX)) {
      const orgId = accountId.slice(ORG_PREFIX.length);
      const org = await this.deps.organizations.find(region, orgId);
      return org ? { workspaceId: org.workspaceId, orgId, isOrganization: true, autoRechargeThreshold: org.threshold } : null;
    }
    const billing = await this.deps.billingAccounts.find(region, accountId);
    return { workspaceId: accountId, isOrganization: false, autoRechargeThreshold: billing.autochargeCreditThreshold };
  }
}

/** Skips the settings read where nothing can change: unmarked and above any threshold, or marked and still below its mark. */
const mayTransition = (account: CreditAccount) =>
  account.lowCredit ? account.balance >= account.lowCredit.threshold : account.balance < HIGHEST_LOW_CREDIT_THRESHOLD;

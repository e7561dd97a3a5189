import { BILLING_API_MESSAGES, UPSTREAM_MESSAGES, UNLIMITED, type Region } from '@platform/contracts';
import { HttpError, readEntitlements, type Entitlements, type ServiceClient } from '@platform/kit';
import { organizationBalance } from './credit-payers';
import type { CreditBalance } from './workspace-directory';

/** The plan limits billing publishes (GET /internal/entitlements/:uid), as the agent service enforces them. */
export interface PlanLimits {
  /** Refuses (402, with the upgrade offer) when the workspace's plan has no room for one more agent. */
  assertRoomForAgent(region: Region, workspaceId: string, countAgents: () => Promise<number>): Promise<void>;
  /** The plan's maxKbDocsCharCount: the characters of knowledge a workspace may hold. */
  maxKnowledgeChars(region: Region, workspaceId: string): Promise<number>;
}

/**
 * Billing's entitlements: the plan limits, and the balance the runtime checks before it answers
 * (billing's ledger owns the balance, ADR 0014; the workspace document's loadTokens is its
 * opening value only). A balance read is reused for `balanceTtlMs`, so a spent balance refuses
 * within that.
 */
export class HttpPlanLimits implements PlanLimits, CreditBalance {
  private readonly balances = new Map<string, { hasCredits: boolean; until: number }>();

  constructor(
    private readonly options: ServiceClient & {
      /** asked while billing has not opened the workspace's credit account yet (right after sign-up) */
      openingBalance: CreditBalance;
      balanceTtlMs?: number;
      now?: () => number;
    },
  ) {}

  async hasCredits(region: Region, workspaceId: string, orgId?: string): Promise<boolean> {
    const now = (this.options.now ?? Date.now)();
    const key = `${region}:${orgId ? `org:${orgId}` : workspaceId}`;
    const cached = this.balances.get(key);
    if (cached && cached.until > now) return cached.hasCredits;
    let hasCredits: boolean;
    // An organisation's agent spends the organisation's credits (ADR 0026).
    if (orgId) hasCredits = (await organizationBalance(this.options, region, orgId)) > 0;
    else {
      const entitlements = await this.entitlements(region, workspaceId);
      if (!entitlements.accountOpened) return this.options.openingBalance.hasCredits(region, workspaceId);
      hasCredits = entitlements.balance > 0;
    }
    if (this.balances.size >= 10_000) this.balances.delete(this.balances.keys().next().value as string);
    this.balances.set(key, { hasCredits, until: now + (this.options.balanceTtlMs ?? 2_000) });
    return hasCredits;
  }

  async assertRoomForAgent(region: Region, workspaceId: string, countAgents: () => Promise<number>): Promise<void> {
    const { maxAgents } = (await this.entitlements(region, workspaceId)).limits;
    if (maxAgents === UNLIMITED || (await countAgents()) < maxAgents) return;
    throw new HttpError(402, BILLING_API_MESSAGES.agentLimitReached(maxAgents), { upgrade: { planId: 'pay_as_you_go', path: `/app/${region}/account/billing` } });
  }

  async maxKnowledgeChars(region: Region, workspaceId: string): Promise<number> {
    return (await this.entitlements(region, workspaceId)).limits.maxKbDocsCharCount;
  }

  /** Billing not knowing the workspace is a 503 here: the agent service cannot tell its plan. */
  private async entitlements(region: Region, workspaceId: string): Promise<Entitlements> {
    const entitlements = await readEntitlements(this.options, region, workspaceId);
    if (!entitlements) throw new HttpError(503, UPSTREAM_MESSAGES.billingUnavailable);
    return entitlements;
  }
}

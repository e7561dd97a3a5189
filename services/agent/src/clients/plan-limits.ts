import { BILLING_API, BILLING_API_MESSAGES, UNLIMITED, servicePath, type EntitlementsResponse, type Region } from '@platform/contracts';
import { HttpError, signForwarded, type Logger } from '@platform/kit';
import type { CreditBalance } from './workspace-directory';

const BILLING_UNAVAILABLE = 'The billing service is unavailable, please try again.';

/** The plan limits billing publishes (GET /internal/entitlements/:uid), as the agent service enforces them. */
export interface PlanLimits {
  /** Refuses (402, with the upgrade offer) when the workspace's plan has no room for one more agent. */
  assertRoomForAgent(region: Region, workspaceId: string, countAgents: () => Promise<number>): Promise<void>;
}

/**
 * Billing's entitlements: the plan limits, and the balance the runtime checks before it answers
 * (billing's ledger owns the balance, ADR 0014; the workspace document's loadTokens is its
 * opening value only). A balance read is reused for `balanceTtlMs`, so a spent balance refuses
 * within that.
 */
export class HttpPlanLimits implements PlanLimits, CreditBalance {
  private readonly balances = new Map<string, { hasCredits: boolean; until: number }>();

  constructor(private readonly options: { baseUrl: string; signingSecret: string; timeoutMs: number; logger: Logger; balanceTtlMs?: number; now?: () => number }) {}

  async hasCredits(region: Region, workspaceId: string): Promise<boolean> {
    const now = (this.options.now ?? Date.now)();
    const key = `${region}:${workspaceId}`;
    const cached = this.balances.get(key);
    if (cached && cached.until > now) return cached.hasCredits;
    const hasCredits = (await this.entitlements(region, workspaceId)).balance > 0;
    if (this.balances.size >= 10_000) this.balances.delete(this.balances.keys().next().value as string);
    this.balances.set(key, { hasCredits, until: now + (this.options.balanceTtlMs ?? 2_000) });
    return hasCredits;
  }

  async assertRoomForAgent(region: Region, workspaceId: string, countAgents: () => Promise<number>): Promise<void> {
    const { maxAgents } = (await this.entitlements(region, workspaceId)).limits;
    if (maxAgents === UNLIMITED || (await countAgents()) < maxAgents) return;
    throw new HttpError(402, BILLING_API_MESSAGES.agentLimitReached(maxAgents), { upgrade: { planId: 'pay_as_you_go', path: `/app/${region}/account/billing` } });
  }

  private async entitlements(region: Region, workspaceId: string): Promise<EntitlementsResponse['data']> {
    const path = servicePath(BILLING_API.getEntitlements.path, { uid: workspaceId });
    try {
      const response = await fetch(`${this.options.baseUrl}${path}`, {
        headers: signForwarded({ identity: { kind: 'gateway' }, region }, this.options.signingSecret, { method: 'GET', path }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) throw new Error(`billing answered ${response.status}`);
      return ((await response.json()) as EntitlementsResponse).data;
    } catch (err) {
      this.options.logger.warn({ err }, 'plan limits unavailable');
      throw new HttpError(503, BILLING_UNAVAILABLE);
    }
  }
}

import { BILLING_API, BILLING_API_MESSAGES, UNLIMITED, servicePath, type EntitlementsResponse, type Region } from '@platform/contracts';
import { HttpError, signForwarded, type Logger } from '@platform/kit';

const BILLING_UNAVAILABLE = 'The billing service is unavailable, please try again.';

/** The plan limits billing publishes (GET /internal/entitlements/:uid), as the agent service enforces them. */
export interface PlanLimits {
  /** Refuses (402, with the upgrade offer) when the workspace's plan has no room for one more agent. */
  assertRoomForAgent(region: Region, workspaceId: string, countAgents: () => Promise<number>): Promise<void>;
}

export class HttpPlanLimits implements PlanLimits {
  constructor(private readonly options: { baseUrl: string; signingSecret: string; timeoutMs: number; logger: Logger }) {}

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

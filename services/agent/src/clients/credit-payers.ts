import { BILLING_API, UPSTREAM_MESSAGES, servicePath, type Region, type ResponseOf } from '@platform/contracts';
import { callService, organizationsOfAgent, serviceRefused, type ServiceClient } from '@platform/kit';

/** Whose credits an agent's answers spend (ADR 0026): its organisation's when it belongs to one, else its workspace's. */
export interface CreditPayers {
  /** The organisation of the agent's workspace whose widgetIDs hold the agent, or undefined (the workspace pays). */
  payingOrganization(region: Region, agent: { ID: string; userId: string }): Promise<string | undefined>;
}

export interface HttpCreditPayersOptions extends ServiceClient {
  /** how long an answer is reused: an agent that joins or leaves an organisation changes payer within this */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Agency-domain's organisations of the agent (the kit's organizationsOfAgent), cached briefly.
 * An agent listed by several organisations of its workspace is paid for by the one with the
 * smallest ID, so the choice never flips between answers.
 */
export class HttpCreditPayers implements CreditPayers {
  private readonly cache = new Map<string, { orgId: string | undefined; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: HttpCreditPayersOptions) {
    this.now = options.now ?? Date.now;
  }

  async payingOrganization(region: Region, agent: { ID: string; userId: string }): Promise<string | undefined> {
    const key = `${region}:${agent.ID}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.orgId;
    const orgId = (await organizationsOfAgent(this.options, region, agent.ID))
      .filter((org) => org.ownerID === agent.userId)
      .map((org) => org.ID)
      .sort()[0];
    while (this.cache.size >= this.options.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { orgId, until: this.now() + this.options.ttlMs });
    return orgId;
  }
}

/** Billing's GET /internal/organizations/:orgId/credits: the organisation's balance (0 before any credit reached it). */
export async function organizationBalance(client: ServiceClient, region: Region, orgId: string): Promise<number> {
  const unavailable = UPSTREAM_MESSAGES.billingUnavailable;
  const path = servicePath(BILLING_API.getOrganizationCredits.path, { orgId });
  const response = await callService(client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
  if (!response.ok) throw serviceRefused(client, response, unavailable);
  return ((await response.json()) as ResponseOf<typeof BILLING_API.getOrganizationCredits>).data.balance;
}

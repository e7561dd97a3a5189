import { CLIENTS_API, UPSTREAM_MESSAGES, servicePath, type Region, type ResponseOf } from '@platform/contracts';
import { callService, serviceRefused, type ServiceClient } from '@platform/kit';

/** What an agency client may reach (agency-domain's clientAccess); null when its organisation or record is gone. */
export type ClientReach = Omit<ResponseOf<typeof CLIENTS_API.clientAccess>, 'success'>;

/** Agency-domain's answers about organisations, for the agent service's client rule (ADR 0019). */
export interface OrganizationDirectory {
  reach(region: Region, orgId: string, clientId: string): Promise<ClientReach | null>;
  /** An agent a client created joins its organisation's widgetIDs (and the client's own, when it lists agents). */
  addAgent(region: Region, orgId: string, agentId: string, clientId?: string): Promise<void>;
}

export interface HttpOrganizationsOptions extends ServiceClient {
  /** how long an answer is reused: an agent removed from an organisation stays reachable at most this long */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/** agency-domain's internal organisation routes, as a platform service (`gateway` identity), cached briefly. */
export class HttpOrganizationDirectory implements OrganizationDirectory {
  private readonly cache = new Map<string, { reach: ClientReach | null; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: HttpOrganizationsOptions) {
    this.now = options.now ?? Date.now;
  }

  async reach(region: Region, orgId: string, clientId: string): Promise<ClientReach | null> {
    const key = JSON.stringify([region, orgId, clientId]);
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.reach;
    const path = servicePath(CLIENTS_API.clientAccess.path, { orgId, clientId });
    const unavailable = UPSTREAM_MESSAGES.agencyUnavailable;
    const response = await callService(this.options, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
    let reach: ClientReach | null = null;
    if (response.ok) {
      const { success: _success, ...answer } = (await response.json()) as ResponseOf<typeof CLIENTS_API.clientAccess>;
      reach = answer;
    } else if (response.status !== 404) {
      throw serviceRefused(this.options, response, unavailable);
    }
    while (this.cache.size >= this.options.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { reach, until: this.now() + this.options.ttlMs });
    return reach;
  }

  async addAgent(region: Region, orgId: string, agentId: string, clientId?: string): Promise<void> {
    const path = servicePath(CLIENTS_API.addOrganizationAgent.path, { orgId });
    const unavailable = UPSTREAM_MESSAGES.agencyUnavailable;
    const response = await callService(this.options, { method: 'POST', path, body: { agentId, ...(clientId ? { clientId } : {}) }, identity: { kind: 'gateway' }, region, unavailable });
    if (!response.ok) throw serviceRefused(this.options, response, unavailable);
    // The next check of this organisation's clients sees the new agent.
    for (const key of this.cache.keys()) if (key.startsWith(JSON.stringify([region, orgId]).slice(0, -1))) this.cache.delete(key);
  }
}

import { AGENT_API, UPSTREAM_MESSAGES, servicePath, type AgentPageKey, type Lead, type GetAgentQuery, type Region, type ResponseOf, type WhatsappLegacySettings } from '@platform/contracts';
import { HttpError, callService, type Identity, type ServiceClient } from '@platform/kit';

/** The agent a channel route names, as the agent service answered the caller. */
export interface ReachableAgent {
  agentId: string;
  workspaceId: string;
  /** the agent's platform ('vg' or 'vf'), the new-channel-connection agentType */
  agentType: string;
}

export interface AgentDirectory {
  /**
   * The agent when the caller may reach it; otherwise the agent service's own 401/403/404.
   * `page`: a client must also have that dashboard page in its access (ADR 0037).
   */
  reachable(caller: Identity, region: Region, agentId: string, page?: AgentPageKey): Promise<ReachableAgent>;
  /** The workspace's agents when the caller is a member; otherwise the agent service's own 401/403. */
  agentsOf(caller: Identity, region: Region, workspaceId: string): Promise<Array<{ ID: string; title?: string }>>;
  /** The agent's leads as the caller reads them (its Leads page); the agent service's refusal otherwise. */
  leads(caller: Identity, region: Region, agentId: string): Promise<Lead[]>;
  /** The agent's WhatsApp Legacy Method settings (asked as a platform service: they hold the token). */
  whatsappLegacy(region: Region, agentId: string): Promise<WhatsappLegacySettings>;
  /** Records that Meta's handshake reached the agent's webhook (waVerifyPassed). */
  markWhatsappVerified(region: Region, agentId: string): Promise<void>;
}

/** Platform-internal calls are signed as the gateway (routes with access 'gateway'). */
const PLATFORM: Identity = { kind: 'gateway' };

/**
 * Asks the agent service (GET /v2/agents/:agentId) on the caller's behalf, signed with the
 * caller's identity: the agent service's ownership rules decide, written once, and channels
 * never reads the agents collection. For an agency client it names the dashboard page the
 * route serves (?page=), so the client's page access is decided there too (ADR 0037).
 */
export class HttpAgentDirectory implements AgentDirectory {
  constructor(private readonly client: ServiceClient) {}

  async reachable(caller: Identity, region: Region, agentId: string, page?: AgentPageKey): Promise<ReachableAgent> {
    const path = servicePath(AGENT_API.getAgent.path, { agentId }) + (page ? `?${new URLSearchParams({ page } satisfies GetAgentQuery)}` : '');
    const body = await this.get<ResponseOf<typeof AGENT_API.getAgent>>(caller, region, path, 'agent');
    return { agentId: body.agent.ID, workspaceId: String(body.agent.ownerID ?? ''), agentType: String(body.agent.agentPlatform ?? 'vg') };
  }

  async agentsOf(caller: Identity, region: Region, workspaceId: string): Promise<Array<{ ID: string; title?: string }>> {
    const path = `${AGENT_API.listAgents.path}?${new URLSearchParams({ workspaceId })}`;
    const body = await this.get<ResponseOf<typeof AGENT_API.listAgents>>(caller, region, path, 'agents');
    return body.agents.map((agent) => ({ ID: agent.ID, title: agent.title }));
  }

  async leads(caller: Identity, region: Region, agentId: string): Promise<Lead[]> {
    const path = servicePath(AGENT_API.listLeads.path, { agentId });
    return (await this.get<ResponseOf<typeof AGENT_API.listLeads>>(caller, region, path, 'data')).data;
  }

  async whatsappLegacy(region: Region, agentId: string): Promise<WhatsappLegacySettings> {
    const path = servicePath(AGENT_API.getWhatsappLegacySettings.path, { agentId });
    return (await this.get<ResponseOf<typeof AGENT_API.getWhatsappLegacySettings>>(PLATFORM, region, path, 'legacy')).legacy;
  }

  async markWhatsappVerified(region: Region, agentId: string): Promise<void> {
    const path = servicePath(AGENT_API.markWhatsappWebhookVerified.path, { agentId });
    await this.call<ResponseOf<typeof AGENT_API.markWhatsappWebhookVerified>>(PLATFORM, region, 'POST', path, 'success');
  }

  /** A GET as the caller; the agent service's refusal (401, 403, 404) is passed on, anything else is a 503. */
  private get<T extends object>(caller: Identity, region: Region, path: string, expected: string): Promise<T> {
    return this.call<T>(caller, region, 'GET', path, expected);
  }

  private async call<T extends object>(caller: Identity, region: Region, method: 'GET' | 'POST', path: string, expected: string): Promise<T> {
    const unavailable = UPSTREAM_MESSAGES.agentUnavailable;
    const response = await callService(this.client, { method, path, identity: caller, region, unavailable });
    const body = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok || !(expected in body)) {
      const status = [401, 403, 404].includes(response.status) ? response.status : 503;
      throw new HttpError(status, body.message || unavailable);
    }
    return body;
  }
}

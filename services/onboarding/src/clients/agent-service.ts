import { AGENT_API, UPSTREAM_MESSAGES, servicePath, type AgentDraft, type Region, type ResponseOf } from '@platform/contracts';
import { callService, type Identity, type ServiceClient } from '@platform/kit';

/** The agent service's save (POST /v2/agents/{id}), called as the signed-in person so its own membership check applies. */
export interface AgentService {
  create(region: Region, caller: Identity, agent: AgentDraft): Promise<{ ok: true; agent: AgentDraft } | { ok: false; status: number; message: string }>;
}

export class HttpAgentService implements AgentService {
  constructor(private readonly client: ServiceClient) {}

  async create(region: Region, caller: Identity, agent: AgentDraft) {
    const path = servicePath(AGENT_API.saveAgent.path, { agentId: agent.ID! });
    const response = await callService(this.client, { method: 'POST', path, body: agent, identity: caller, region, unavailable: UPSTREAM_MESSAGES.agentUnavailable });
    const answer = (await response.json().catch(() => ({}))) as Partial<ResponseOf<typeof AGENT_API.saveAgent>> & { message?: string };
    if (!response.ok || !answer.agent) return { ok: false as const, status: response.status, message: answer.message ?? `agent service answered ${response.status}` };
    return { ok: true as const, agent: answer.agent as AgentDraft };
  }
}

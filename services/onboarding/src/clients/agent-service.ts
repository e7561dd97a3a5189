import { AGENT_API, UPSTREAM_MESSAGES, servicePath, type AgentDraft, type Region, type ResponseOf } from '@platform/contracts';
import { callService, type Identity, type ServiceClient } from '@platform/kit';

/** The agent service's save (POST /v2/agents/{id}), called as the signed-in person so its own membership check applies. */
export interface AgentService {
  create(region: Region, caller: Identity, agent: AgentDraft): Promise<{ ok: true; agent: AgentDraft } | { ok: false; status: number; message: string }>;
  /** Adds the website as the agent's knowledge source (POST /v2/agents/{id}/knowledge); the agent service reads it off the request path. */
  startKnowledge(region: Region, caller: Identity, agentId: string, url: string): Promise<{ ok: true; sourceId: string } | { ok: false; status: number; message: string }>;
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

  async startKnowledge(region: Region, caller: Identity, agentId: string, url: string) {
    const path = servicePath(AGENT_API.createKnowledgeSource.path, { agentId });
    const body = { sourceType: 'url' as const, url, refreshRate: 'never' as const, tags: ['website'] };
    const response = await callService(this.client, { method: 'POST', path, body, identity: caller, region, unavailable: UPSTREAM_MESSAGES.agentUnavailable });
    const answer = (await response.json().catch(() => ({}))) as Partial<ResponseOf<typeof AGENT_API.createKnowledgeSource>> & { message?: string };
    if (!response.ok || !answer.data) return { ok: false as const, status: response.status, message: answer.message ?? `agent service answered ${response.status}` };
    return { ok: true as const, sourceId: answer.data.id };
  }
}

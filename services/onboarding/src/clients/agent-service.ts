import { AGENT_API, servicePath, type AgentDraft, type Region, type ResponseOf } from '@platform/contracts';
import { signForwarded, type Identity } from '@platform/kit';

/** The agent service's save (POST /v2/agents/{id}), called as the signed-in person so its own membership check applies. */
export interface AgentService {
  create(region: Region, caller: Identity, agent: AgentDraft): Promise<{ ok: true; agent: AgentDraft } | { ok: false; status: number; message: string }>;
}

export class HttpAgentService implements AgentService {
  constructor(private readonly options: { baseUrl: string; signingSecret: string; timeoutMs: number }) {}

  async create(region: Region, caller: Identity, agent: AgentDraft) {
    const path = servicePath(AGENT_API.saveAgent.path, { agentId: agent.ID! });
    const body = JSON.stringify(agent);
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signForwarded({ identity: caller, region }, this.options.signingSecret, { method: 'POST', path, body }) },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as Partial<ResponseOf<typeof AGENT_API.saveAgent>> & { message?: string };
    if (!response.ok || !answer.agent) return { ok: false as const, status: response.status, message: answer.message ?? `agent service answered ${response.status}` };
    return { ok: true as const, agent: answer.agent as AgentDraft };
  }
}

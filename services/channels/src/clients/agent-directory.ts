import { AGENT_API, servicePath, type Region, type ResponseOf } from '@platform/contracts';
import { HttpError, signForwarded, type Identity } from '@platform/kit';

/** The agent a channel route names, as the agent service answered the caller. */
export interface ReachableAgent {
  agentId: string;
  workspaceId: string;
  /** the agent's platform ('vg' or 'vf'), the new-channel-connection agentType */
  agentType: string;
}

export interface AgentDirectory {
  /** The agent when the caller may reach it; otherwise the agent service's own 401/403/404. */
  reachable(caller: Identity, region: Region, agentId: string): Promise<ReachableAgent>;
}

/**
 * Asks the agent service (GET /v2/agents/:agentId) on the caller's behalf, signed with the
 * caller's identity: the agent service's ownership rules decide, written once, and channels
 * never reads the agents collection.
 */
export class HttpAgentDirectory implements AgentDirectory {
  constructor(private readonly options: { baseUrl: string; signingSecret: string; timeoutMs: number }) {}

  async reachable(caller: Identity, region: Region, agentId: string): Promise<ReachableAgent> {
    const path = servicePath(AGENT_API.getAgent.path, { agentId });
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        headers: signForwarded({ identity: caller, region }, this.options.signingSecret, { method: 'GET', path }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch {
      throw new HttpError(503, 'The agent service is unavailable, please try again.');
    }
    const body = (await response.json().catch(() => ({}))) as ResponseOf<typeof AGENT_API.getAgent> | { message?: string };
    if (!response.ok || !('agent' in body)) {
      const status = [401, 403, 404].includes(response.status) ? response.status : 503;
      throw new HttpError(status, ('message' in body && body.message) || 'The agent service is unavailable, please try again.');
    }
    return { agentId: body.agent.ID, workspaceId: String(body.agent.ownerID ?? ''), agentType: String(body.agent.agentPlatform ?? 'vg') };
  }
}

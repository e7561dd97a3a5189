import { AGENT_API_MESSAGES, AUTH_MESSAGES, type Region } from '@platform/contracts';
import { HttpError, forbidden, notFound, unauthorized, type Identity } from '@platform/kit';
import { decideAccess, requestedWorkspace, type AccessTarget } from '../domain/access';
import type { AgentRecord } from '../domain/agent-record';
import type { UseCaseDeps } from './deps';

export const targetOf = (region: Region, agent: Pick<AgentRecord, 'ID' | 'userId'>): AccessTarget => ({ region, workspaceId: agent.userId, agentId: agent.ID });

/** The agent access rule applied: membership is asked of the workspace service (cached there). */
export class AgentAccess {
  constructor(private readonly deps: Pick<UseCaseDeps, 'agents' | 'directory'>) {}

  /** Who acts when the caller may reach the target; otherwise 401/403. */
  async actor(identity: Identity, target: AccessTarget): Promise<string> {
    const decision = decideAccess(identity, target);
    if (decision.outcome === 'allowed') return decision.actor;
    if (decision.outcome === 'denied') throw new HttpError(decision.status, decision.message);
    if (await this.deps.directory.isMember(target.region, target.workspaceId, decision.user)) return decision.user.email;
    throw forbidden(target.agentId ? AGENT_API_MESSAGES.noAccess : AGENT_API_MESSAGES.workspaceNoAccess);
  }

  async allows(identity: Identity, target: AccessTarget): Promise<boolean> {
    try {
      await this.actor(identity, target);
      return true;
    } catch (err) {
      if (err instanceof HttpError && (err.status === 401 || err.status === 403)) return false;
      throw err;
    }
  }

  /** The workspace a list or create acts in, and who acts. */
  async inWorkspace(identity: Identity, region: Region, named: string | undefined): Promise<{ workspaceId: string; actor: string }> {
    const requested = requestedWorkspace(identity, named);
    if ('problem' in requested) throw new HttpError(requested.status, requested.problem);
    return { workspaceId: requested.workspaceId, actor: await this.actor(identity, { region, workspaceId: requested.workspaceId }) };
  }

  /** An agent of the request's region the caller may reach: 401 unsigned, 404 missing, 403 not theirs. */
  async loadAgent(identity: Identity, region: Region, agentId: string): Promise<{ agent: AgentRecord; actor: string }> {
    if (identity.kind === 'anonymous') throw unauthorized(AUTH_MESSAGES.signInRequired);
    const agent = await this.deps.agents.find(region, agentId);
    if (!agent) throw notFound(AGENT_API_MESSAGES.notFound);
    return { agent, actor: await this.actor(identity, targetOf(region, agent)) };
  }

  /** For the media routes: may this caller use this agent? */
  async canAccessAgent(identity: Identity, region: Region, agentId: string): Promise<boolean> {
    const agent = await this.deps.agents.find(region, agentId);
    return agent ? this.allows(identity, targetOf(region, agent)) : false;
  }
}

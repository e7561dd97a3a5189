import { AGENT_API_MESSAGES, CLIENTS_API_MESSAGES, type Region } from '@platform/contracts';
import { HttpError, forbidden, notFound, principalOf, regionsFrom, type AccessPolicy, type AgentCaller, type Authorizer, type ClientCaller, type ClientRouteRule, clientRulePages, type Identity, type MemberCaller } from '@platform/kit';
import { decideClientAccess, withStoredSecrets, type ClientSave } from '../domain/client-access';
import { ACTORS, decideAccess, requestedWorkspace, type AccessTarget } from '../domain/access';
import type { AgentRecord } from '../domain/agent-record';
import type { UseCaseDeps } from './deps';

export const targetOf = (region: Region, agent: Pick<AgentRecord, 'ID' | 'userId'>): AccessTarget => ({ region, workspaceId: agent.userId, agentId: agent.ID });

/** Who acts, when the caller acts for itself. */
const actorOf = (caller: AgentCaller): string => (caller.kind === 'user' ? caller.email : caller.kind === 'agent' ? ACTORS.agentKey : ACTORS.workspaceSecret);

/**
 * What a member route names: a workspace (a signed-in person must name one, a workspace
 * secret acts in its own), or the caller's own workspace (a person's Personal workspace,
 * whose uid is their user id; a secret's workspace), e.g. the caller's custom themes.
 */
export type WorkspaceRef = { workspaceId: string | undefined } | { callersOwn: true };
export interface WorkspaceGrant {
  workspaceId: string;
  /** who acts, for the version history */
  actor: string;
}

/** What an agent route names. */
export interface AgentRef {
  /** undefined: the request names no agent (an upload or a style request for no agent in particular) */
  agentId: string | undefined;
  /** A save creates a missing agent in this workspace (named like a list's); absent: a missing agent is 404. */
  createIn?: { workspaceId: string | undefined };
  /** A read of a missing agent answers 404 with `region` when the caller may reach it in the other region. */
  lookElsewhere?: boolean;
  /** The route changes the agent: an agency client creates one only with allowCreateAgents (ADR 0019) and edits through `save` only (ADR 0031). */
  write?: boolean;
  /** What a save writes: an agency client's save is checked against the fields only the agency changes (ADR 0031). */
  save?: ClientSave;
  /**
   * The route writes the agent only through its `_version` guard and reads it again when the
   * guard fails (a save): its grant may start from this process's copy of the agent (ADR 0028).
   */
  guardedWrite?: boolean;
  /** A client's read names the dashboard page it serves (?page=, ADR 0037): the client's access must name it too; members ignore it. */
  page?: string;
}
export interface AgentGrant {
  actor: string;
  /** the agent named, as stored (absent when none was named, or a save creates it) */
  agent?: AgentRecord;
  /** the workspace a save creates the missing agent in */
  createIn?: string;
  /** the organisation whose widgetIDs an agent created by its client joins */
  joinOrganization?: string;
  /** the client who created it: the agent joins its own widgetIDs too when it lists agents (ADR 0045); absent for the agency admin */
  joinAsClient?: string;
  /** an agency client acts: it never reads the agent's secrets, and its whole-agent save keeps the stored ones */
  client?: true;
}

/** The agent an agent route's grant loaded (routes whose ref neither creates nor names no agent always have one). */
export function grantedAgent(grant: AgentGrant): AgentRecord {
  if (!grant.agent) throw notFound(AGENT_API_MESSAGES.notFound);
  return grant.agent;
}

export interface AgentPolicy extends AccessPolicy {
  member: { ref: WorkspaceRef; grant: WorkspaceGrant };
  agent: { ref: AgentRef; grant: AgentGrant };
}

/**
 * The agent service's ownership checks, run by the kit before every member and agent route:
 * membership is asked of the workspace service (cached there).
 */
export class AgentAccess implements Authorizer<AgentPolicy> {
  constructor(private readonly deps: Pick<UseCaseDeps, 'agents' | 'directory' | 'organizations' | 'recent'>) {}

  /**
   * An agency client, on the agent routes that opt in: its organisation's agents only (the
   * organisation's widgetIDs, in the agency's workspace); a save creates an agent when the client
   * may (allowCreateAgents; it then joins the organisation) and edits one when its canAccess names
   * an editor page, leaving the agency's own fields as they are (ADR 0031).
   */
  clientAgent = async (caller: ClientCaller, region: Region, ref: AgentRef, rule: ClientRouteRule = true): Promise<AgentGrant> => {
    const reach = caller.region === region ? await this.deps.organizations.reach(region, caller.orgId, caller.clientId) : null;
    const agent = reach && ref.agentId !== undefined ? await this.deps.agents.find(region, ref.agentId) : null;
    const pages = rule === true ? (ref.page ? [ref.page] : undefined) : clientRulePages(rule);
    const save = ref.save && agent && !ref.save.merge ? { ...ref.save, body: withStoredSecrets(ref.save.body, agent) } : ref.save;
    const decision = decideClientAccess({ reach, agent, agentId: ref.agentId, write: !!ref.write, creates: !!ref.createIn, agencyAdmin: !!caller.agencyAdmin, save, pages });
    if (decision.outcome === 'denied') throw new HttpError(decision.status, decision.message);
    const actor = caller.email || CLIENTS_API_MESSAGES.clientActor;
    if (decision.outcome === 'create') return { actor, createIn: decision.workspaceId, joinOrganization: caller.orgId, ...(caller.agencyAdmin ? {} : { joinAsClient: caller.clientId }), client: true };
    return { actor, agent: agent!, client: true };
  };

  member = async (caller: MemberCaller, region: Region, ref: WorkspaceRef): Promise<WorkspaceGrant> => {
    if ('callersOwn' in ref) {
      return { workspaceId: principalOf(caller)!.id, actor: actorOf(caller) };
    }
    return this.inWorkspace(caller, region, ref.workspaceId);
  };

  agent = async (caller: AgentCaller, region: Region, ref: AgentRef): Promise<AgentGrant> => {
    if (ref.agentId === undefined) return { actor: actorOf(caller) };
    const agent = (ref.guardedWrite && this.deps.recent.get(region, ref.agentId)) || (await this.deps.agents.find(region, ref.agentId));
    if (agent) return { agent, actor: await this.actor(caller, targetOf(region, agent)) };
    if (ref.createIn) {
      // An agent key acts for its own agent only; it never creates one.
      if (caller.kind === 'agent') throw forbidden(AGENT_API_MESSAGES.noAccess);
      const { workspaceId, actor } = await this.inWorkspace(caller, region, ref.createIn.workspaceId);
      return { actor, createIn: workspaceId };
    }
    if (ref.lookElsewhere) await this.tellRegionElsewhere(caller, region, ref.agentId);
    throw notFound(AGENT_API_MESSAGES.notFound);
  };

  /** Who acts when the caller may reach the target; otherwise 401/403. */
  async actor(identity: Identity, target: AccessTarget): Promise<string> {
    const decision = decideAccess(identity, target);
    if (decision.outcome === 'allowed') return decision.actor;
    if (decision.outcome === 'denied') throw new HttpError(decision.status, decision.message);
    if (await this.deps.directory.isMember(target.region, target.workspaceId, decision.user)) return decision.user.email;
    throw forbidden(target.agentId ? AGENT_API_MESSAGES.noAccess : AGENT_API_MESSAGES.workspaceNoAccess);
  }

  /** The workspace a list or create acts in, and who acts. */
  private async inWorkspace(identity: Identity, region: Region, named: string | undefined): Promise<WorkspaceGrant> {
    const requested = requestedWorkspace(identity, named);
    if ('problem' in requested) throw new HttpError(requested.status, requested.problem);
    return { workspaceId: requested.workspaceId, actor: await this.actor(identity, { region, workspaceId: requested.workspaceId }) };
  }

  /** Missing here but present in another region and reachable by the caller there: 404 carrying `region`, so the shell redirects. */
  private async tellRegionElsewhere(identity: Identity, region: Region, agentId: string): Promise<void> {
    for (const other of regionsFrom(region).slice(1)) {
      const elsewhere = await this.deps.agents.find(other, agentId);
      if (elsewhere && (await this.allows(identity, targetOf(other, elsewhere)))) {
        throw new HttpError(404, AGENT_API_MESSAGES.inOtherRegion(other), { region: other });
      }
    }
  }

  private async allows(identity: Identity, target: AccessTarget): Promise<boolean> {
    try {
      await this.actor(identity, target);
      return true;
    } catch (err) {
      if (err instanceof HttpError && (err.status === 401 || err.status === 403)) return false;
      throw err;
    }
  }
}

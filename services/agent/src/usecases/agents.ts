import { AGENT_API_MESSAGES, AGENT_SECRET_KEY_PATTERN, AUTH_MESSAGES, MESSAGES, type AgentListItem, type Region } from '@platform/contracts';
import { HttpError, conflict, forbidden, notFound, regionsFrom, unauthorized, type Identity } from '@platform/kit';
import { checkChannelSave, checkNewAgent, checkSavedAgent, isChannelSave } from '../domain/agent-input';
import { agentListItem, agentView, type AgentView } from '../domain/agent-record';
import type { JsonObject } from '../domain/json';
import { AgentAccess, targetOf } from './access';
import { AgentWriter, type Written } from './agent-writer';
import { acceptInput, type UseCaseDeps } from './deps';

export interface Saved {
  agent: AgentView;
  created: boolean;
  versionId: string;
}

/** Agents of the request's region: read, list, create or save, and agent-key checks. */
export class AgentUseCases {
  private readonly writer: AgentWriter;

  constructor(private readonly deps: UseCaseDeps, private readonly access: AgentAccess) {
    this.writer = new AgentWriter(deps);
  }

  /**
   * GET /v2/agents/{id}. Missing here but present in the other region (and reachable by the
   * caller there): 404 carrying `region`, so the shell redirects; otherwise a plain 404.
   */
  async get(identity: Identity, region: Region, agentId: string): Promise<AgentView> {
    if (identity.kind === 'anonymous') throw unauthorized(AUTH_MESSAGES.signInRequired);
    const agent = await this.deps.agents.find(region, agentId);
    if (agent) {
      await this.access.actor(identity, targetOf(region, agent));
      return agentView(agent);
    }
    for (const other of regionsFrom(region).slice(1)) {
      const elsewhere = await this.deps.agents.find(other, agentId);
      if (elsewhere && (await this.access.allows(identity, targetOf(other, elsewhere)))) {
        throw new HttpError(404, AGENT_API_MESSAGES.inOtherRegion(other), { region: other });
      }
    }
    throw notFound(AGENT_API_MESSAGES.notFound);
  }

  /** GET /v2/agents: the workspace's agents, newest first. */
  async list(identity: Identity, region: Region, workspaceId: string | undefined): Promise<AgentListItem[]> {
    const workspace = await this.access.inWorkspace(identity, region, workspaceId);
    return (await this.deps.agents.listForWorkspace(region, workspace.workspaceId)).map(agentListItem);
  }

  /**
   * POST /v2/agents/{id}: creates the agent when absent (the New Agent drawer's draft),
   * merges a channel save, or replaces the agent with the body. Access first, then input:
   * a refused call reveals nothing and writes nothing.
   */
  async save(identity: Identity, region: Region, agentId: string, body: JsonObject): Promise<Saved> {
    if (identity.kind === 'anonymous') throw unauthorized(MESSAGES.agent.loginRequired);
    const seen = await this.deps.agents.find(region, agentId);
    if (!seen) {
      const created = await this.create(identity, region, agentId, body);
      // undefined: a concurrent create won the id; this body then saves over it.
      if (created) return { agent: agentView(created.record), created: true, versionId: created.versionId };
    }
    const written = await this.writer.replace(
      region,
      agentId,
      async (current) => {
        const actor = await this.access.actor(identity, targetOf(region, current));
        const input = isChannelSave(body) ? checkChannelSave(agentView(current), body, agentId) : checkSavedAgent(body, agentId);
        return { agent: acceptInput(input), actor };
      },
      'save',
      seen ?? undefined,
    );
    return { agent: agentView(written.record), created: false, versionId: written.versionId };
  }

  private async create(identity: Identity, region: Region, agentId: string, body: JsonObject): Promise<Written | undefined> {
    if (identity.kind === 'agent') throw forbidden(AGENT_API_MESSAGES.noAccess);
    if (isChannelSave(body)) throw notFound(AGENT_API_MESSAGES.notFound);
    const named = typeof body.ownerID === 'string' ? body.ownerID : undefined;
    const { workspaceId, actor } = await this.access.inWorkspace(identity, region, named);
    const agent = acceptInput(checkNewAgent({ ...body, ownerID: workspaceId }, agentId));
    // An ID names one agent across regions (GET looks in the other region for a missing one).
    for (const other of regionsFrom(region).slice(1)) {
      if (await this.deps.agents.find(other, agentId)) throw conflict(AGENT_API_MESSAGES.saveFailed(AGENT_API_MESSAGES.idTaken));
    }
    return this.writer.create(region, agent, workspaceId, actor, 'create');
  }

  /** POST /internal/credentials/verify: the gateway asks whether a `vg_` key is an agent's secret key. */
  async verifyCredential(identity: Identity, region: Region, credential: string): Promise<Identity> {
    if (identity.kind !== 'gateway') throw forbidden(AGENT_API_MESSAGES.gatewayOnly);
    const agent = AGENT_SECRET_KEY_PATTERN.test(credential) ? await this.deps.agents.findBySecretKey(region, credential) : null;
    if (!agent) throw notFound(AGENT_API_MESSAGES.unknownCredential);
    return { kind: 'agent', agentId: agent._id, region };
  }
}

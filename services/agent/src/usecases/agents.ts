import { AGENT_API_MESSAGES, AGENT_SECRET_KEY_PATTERN, CLIENTS_API_MESSAGES, stripAgentSecrets, type AgentListItem, type Region, type SecretIdentity, type WhatsappLegacySettings, type WorkspacePromptView } from '@platform/contracts';
import { conflict, forbidden, notFound, regionsFrom, type ClientCaller, type Identity } from '@platform/kit';
import { checkChannelSave, checkNewAgent, checkSavedAgent, isChannelSave, keepPlatformFields } from '../domain/agent-input';
import { agentListItem, agentView, type AgentRecord, type AgentView } from '../domain/agent-record';
import type { JsonObject } from '../domain/json';
import { withStoredSecrets } from '../domain/client-access';
import { grantedAgent, targetOf, type AgentAccess, type AgentGrant, type WorkspaceGrant } from './access';
import { AgentWriter } from './agent-writer';
import { acceptInput, type UseCaseDeps } from './deps';

export interface Saved {
  agent: AgentView;
  created: boolean;
  versionId: string;
}

/** Agents of the request's region: read, list, create or save, and agent-key checks. The kit has checked access first. */
export class AgentUseCases {
  private readonly writer: AgentWriter;

  constructor(private readonly deps: UseCaseDeps, private readonly access: AgentAccess) {
    this.writer = new AgentWriter(deps);
  }

  /** GET /v2/agents/{id}: the agent the grant loaded. */
  get(grant: AgentGrant): AgentView {
    return this.viewFor(grant, grantedAgent(grant));
  }

  /** The agent as the caller reads it: an agency client never reads its secrets (AGENT_SECRET_FIELDS). */
  private viewFor(grant: AgentGrant, record: AgentRecord): AgentView {
    const view = agentView(record);
    return grant.client ? stripAgentSecrets(view) : view;
  }

  /** GET /v2/agents: the workspace's agents, newest first. */
  async list(region: Region, workspace: WorkspaceGrant): Promise<AgentListItem[]> {
    return (await this.deps.agents.listForWorkspace(region, workspace.workspaceId)).map(agentListItem);
  }

  /** The Prompts page: each agent's system prompt ('' when it has none). */
  async workspacePrompts(region: Region, workspaceId: string): Promise<WorkspacePromptView[]> {
    return (await this.deps.agents.promptsForWorkspace(region, workspaceId)).map((agent) => ({ agentId: agent.ID, ...(agent.title ? { title: agent.title } : {}), prompt: agent.vg_systemPrompt ?? '' }));
  }

  /** An agency client's agents: its organisation's widgetIDs among the agency workspace's agents (none while access is disabled). */
  async listForClient(caller: ClientCaller): Promise<AgentListItem[]> {
    const region = caller.region as Region;
    const reach = await this.deps.organizations.reach(region, caller.orgId, caller.clientId);
    if (!reach) throw forbidden(AGENT_API_MESSAGES.noAccess);
    if (reach.disabled) throw forbidden(CLIENTS_API_MESSAGES.clientAccessDisabled);
    const allowed = new Set(reach.widgetIDs);
    return (await this.deps.agents.listForWorkspace(region, reach.workspaceId)).filter((agent) => allowed.has(agent.ID!)).map(agentListItem);
  }

  /**
   * POST /v2/agents/{id}: creates the agent when absent (the New Agent drawer's draft),
   * merges a channel save, or replaces the agent with the body.
   */
  async save(identity: Identity, region: Region, agentId: string, body: JsonObject, grant: AgentGrant): Promise<Saved> {
    if (grant.createIn !== undefined) {
      // Joined first: if the create then fails, the organisation names an agent that is not there (a 404), never loses one.
      if (grant.joinOrganization) await this.deps.organizations.addAgent(region, grant.joinOrganization, agentId, grant.joinAsClient);
      const created = await this.create(region, agentId, body, grant.createIn, grant.actor);
      if (created) return { agent: this.viewFor(grant, created.record), created: true, versionId: created.versionId };
    }
    const written = await this.writer.replace(
      region,
      agentId,
      async (current) => {
        // The grant covers the agent it loaded; one created meanwhile by someone else is checked here.
        const actor = grant.agent ? grant.actor : await this.access.actor(identity, targetOf(region, current));
        const input = isChannelSave(body) ? checkChannelSave(agentView(current), body, agentId) : checkSavedAgent(grant.client ? withStoredSecrets(body, current) : body, agentId);
        return { agent: keepPlatformFields(acceptInput(input), current), actor };
      },
      'save',
      grant.agent,
    );
    return { agent: this.viewFor(grant, written.record), created: false, versionId: written.versionId };
  }

  /** undefined: a concurrent create won the ID; the body then saves over it. */
  private async create(region: Region, agentId: string, body: JsonObject, workspaceId: string, actor: string) {
    const agent = acceptInput(checkNewAgent({ ...body, ownerID: workspaceId }, agentId));
    // An ID names one agent across regions (GET looks in the other region for a missing one).
    for (const other of regionsFrom(region).slice(1)) {
      if (await this.deps.agents.find(other, agentId)) throw conflict(AGENT_API_MESSAGES.saveFailed(AGENT_API_MESSAGES.idTaken));
    }
    await this.deps.planLimits?.assertRoomForAgent(region, workspaceId, async () => (await this.deps.agents.listForWorkspace(region, workspaceId)).length);
    return this.writer.create(region, agent, workspaceId, actor, 'create');
  }

  /** POST /internal/credentials/verify: the gateway asks whether a `vg_` key is an agent's secret key. */
  async verifyCredential(region: Region, credential: string): Promise<SecretIdentity> {
    const agent = AGENT_SECRET_KEY_PATTERN.test(credential) ? await this.deps.agents.findBySecretKey(region, credential) : null;
    if (!agent) throw notFound(AGENT_API_MESSAGES.unknownCredential);
    return { kind: 'agent', agentId: agent._id, region };
  }

  /** GET /internal/agents/{id}/whatsapp-legacy: the channels service's view of the Legacy Method. */
  async whatsappLegacy(region: Region, agentId: string): Promise<WhatsappLegacySettings> {
    const agent = await this.deps.agents.find(region, agentId);
    if (!agent) throw notFound(AGENT_API_MESSAGES.notFound);
    return { workspaceId: agent.userId, whatsappToken: agent.whatsappToken, whatsappNumberId: agent.whatsappNumberId, waVerifyPassed: agent.waVerifyPassed === true };
  }

  /** POST /internal/agents/{id}/whatsapp-legacy/verified: Meta's handshake reached the agent's webhook. */
  async markWhatsappVerified(region: Region, agentId: string): Promise<void> {
    const current = await this.deps.agents.find(region, agentId);
    if (!current) throw notFound(AGENT_API_MESSAGES.notFound);
    if (current.waVerifyPassed === true) return;
    await this.writer.replace(
      region,
      agentId,
      async (seen) => ({ agent: { ...acceptInput(checkChannelSave(agentView(seen), {}, agentId)), waVerifyPassed: true }, actor: WHATSAPP_HANDSHAKE_ACTOR }),
      'save',
      current,
    );
  }
}

/** Who a version kept after Meta's handshake names as its author. */
const WHATSAPP_HANDSHAKE_ACTOR = 'whatsapp-webhook-verification';

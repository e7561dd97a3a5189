import { AGENT_API_MESSAGES, AGENT_LIMITS, type AgentVersionView, type Region, type SaveAgentBackupRequest } from '@platform/contracts';
import { badRequest, notFound, type Identity } from '@platform/kit';
import { checkSavedAgent } from '../domain/agent-input';
import { agentView, type AgentView } from '../domain/agent-record';
import { versionView } from '../domain/versions';
import { targetOf, type AgentAccess } from './access';
import type { AgentWriter } from './agent-writer';
import { acceptInput, unixSeconds, type UseCaseDeps } from './deps';

/** The version history (last 20 per agent), restoring, and the backup after a publish. */
export class VersionUseCases {
  constructor(private readonly deps: Pick<UseCaseDeps, 'versions' | 'now'>, private readonly access: AgentAccess, private readonly writer: AgentWriter) {}

  async list(identity: Identity, region: Region, agentId: string): Promise<AgentVersionView[]> {
    await this.access.loadAgent(identity, region, agentId);
    return (await this.deps.versions.list(region, agentId, AGENT_LIMITS.versionHistorySize)).map(versionView);
  }

  /** Restores a kept version as a new save (the ID, owner and secret key stay the current ones). */
  async restore(identity: Identity, region: Region, agentId: string, versionId: string): Promise<{ agent: AgentView; versionId: string }> {
    const { agent: first } = await this.access.loadAgent(identity, region, agentId);
    const version = await this.deps.versions.find(region, agentId, versionId);
    if (!version) throw notFound(AGENT_API_MESSAGES.versionNotFound);
    const body = { ...version.agent, lastModified: unixSeconds(this.deps.now()) };
    const written = await this.writer.replace(
      region,
      agentId,
      async (current) => ({ actor: await this.access.actor(identity, targetOf(region, current)), agent: acceptInput(checkSavedAgent(body, agentId)) }),
      'restore',
      first,
    );
    return { agent: agentView(written.record), versionId: written.versionId };
  }

  /**
   * saveAgentBackup {agentId, workspaceId, userEmail}: after a publish, the current version is
   * marked as that publish's backup (kept again if it is missing from the history).
   */
  async backup(identity: Identity, region: Region, body: SaveAgentBackupRequest): Promise<void> {
    const { agent, actor } = await this.access.loadAgent(identity, region, body.agentId);
    if (agent.userId !== body.workspaceId) throw badRequest(AGENT_API_MESSAGES.workspaceNoAccess);
    const backup = { workspaceId: body.workspaceId, userEmail: body.userEmail, at: unixSeconds(this.deps.now()) };
    if (await this.deps.versions.markBackup(region, agent.ID, agent._version, backup)) return;
    await this.writer.keepVersion(region, agent, actor, 'backup', backup);
  }
}

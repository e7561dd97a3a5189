import { AGENT_API_MESSAGES, AGENT_LIMITS, type AgentVersionView, type Region, type SaveAgentBackupRequest } from '@platform/contracts';
import { badRequest, notFound } from '@platform/kit';
import { checkSavedAgent } from '../domain/agent-input';
import { agentView, type AgentRecord, type AgentView } from '../domain/agent-record';
import { versionView } from '../domain/versions';
import type { AgentWriter } from './agent-writer';
import { acceptInput, unixSeconds, type UseCaseDeps } from './deps';

/** The version history (last 20 per agent), restoring, and the backup after a publish; access was granted by the kit. */
export class VersionUseCases {
  constructor(private readonly deps: Pick<UseCaseDeps, 'versions' | 'now'>, private readonly writer: AgentWriter) {}

  async list(region: Region, agent: AgentRecord): Promise<AgentVersionView[]> {
    return (await this.deps.versions.list(region, agent.ID, AGENT_LIMITS.versionHistorySize)).map(versionView);
  }

  /** Restores a kept version as a new save (the ID, owner and secret key stay the current ones). */
  async restore(region: Region, agent: AgentRecord, actor: string, versionId: string): Promise<{ agent: AgentView; versionId: string }> {
    const version = await this.deps.versions.find(region, agent.ID, versionId);
    if (!version) throw notFound(AGENT_API_MESSAGES.versionNotFound);
    const body = { ...version.agent, lastModified: unixSeconds(this.deps.now()) };
    const written = await this.writer.replace(region, agent.ID, async () => ({ actor, agent: acceptInput(checkSavedAgent(body, agent.ID)) }), 'restore', agent);
    return { agent: agentView(written.record), versionId: written.versionId };
  }

  /**
   * saveAgentBackup {agentId, workspaceId, userEmail}: after a publish, the current version is
   * marked as that publish's backup (kept again if it is missing from the history).
   */
  async backup(region: Region, agent: AgentRecord, actor: string, body: SaveAgentBackupRequest): Promise<void> {
    if (agent.userId !== body.workspaceId) throw badRequest(AGENT_API_MESSAGES.workspaceNoAccess);
    const backup = { workspaceId: body.workspaceId, userEmail: body.userEmail, at: unixSeconds(this.deps.now()) };
    if (await this.deps.versions.markBackup(region, agent.ID, agent._version, backup)) return;
    await this.writer.keepVersion(region, agent, actor, 'backup', backup);
  }
}

import { AGENT_API_MESSAGES, newAgentSecretKey, newDocumentId, type AgentSettings, type AgentVersionSource, type Region } from '@platform/contracts';
import { conflict, notFound } from '@platform/kit';
import { agentRecord, type AgentRecord } from '../domain/agent-record';
import { versionRecord } from '../domain/versions';
import { newAgentEvent } from '../events/agent-events';
import { COLLECTION } from '../store/collections';
import { unixSeconds, type UseCaseDeps } from './deps';

export interface Written {
  record: AgentRecord;
  versionId: string;
}

/** How often a save re-reads the agent when another save slipped in between. */
const ATTEMPTS = 3;

/**
 * Every agent write: creation (with its new-agent event in the same document write) and
 * replacement (guarded by the save counter), each followed by its kept version.
 */
export class AgentWriter {
  constructor(private readonly deps: Pick<UseCaseDeps, 'agents' | 'versions' | 'eventsWritten' | 'recent' | 'now'>) {}

  /** undefined when an agent with this ID already exists (nothing written, no event). */
  async create(region: Region, agent: AgentSettings & { ID: string }, workspaceId: string, actor: string, source: AgentVersionSource): Promise<Written | undefined> {
    const record = agentRecord(agent, { ID: agent.ID, workspaceId, secretKey: newAgentSecretKey(), now: unixSeconds(this.deps.now()), version: 1 });
    const events = [newAgentEvent(region, record)];
    const at = new Date();
    if (!(await this.deps.agents.insert(region, record, events, at))) return undefined;
    this.deps.eventsWritten({ region, collection: COLLECTION.agents, document: { _id: record._id, _outbox: events, _outboxAt: at } });
    this.deps.recent.set(region, record);
    return { record, versionId: await this.keepVersion(region, record, actor, source) };
  }

  /**
   * Replaces the agent with what `build` makes of the current one (it also checks access and
   * input, so a refusal writes nothing). Retries when another save came first.
   */
  async replace(
    region: Region,
    agentId: string,
    build: (current: AgentRecord) => Promise<{ agent: AgentSettings; actor: string }>,
    source: AgentVersionSource,
    first?: AgentRecord,
  ): Promise<Written> {
    let seen = first;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      seen ??= (await this.deps.agents.find(region, agentId)) ?? undefined;
      if (!seen) throw notFound(AGENT_API_MESSAGES.notFound);
      const { agent, actor } = await build(seen);
      const next = agentRecord(agent, {
        ID: seen.ID,
        workspaceId: seen.userId,
        secretKey: seen.SECRET_API_KEY || newAgentSecretKey(),
        now: unixSeconds(this.deps.now()),
        version: (seen._version ?? 0) + 1,
      });
      if (await this.deps.agents.replace(region, seen, next)) {
        this.deps.recent.set(region, next);
        return { record: next, versionId: await this.keepVersion(region, next, actor, source) };
      }
      // Someone saved since `seen` (it may have been this process's stale copy): read the agent again.
      this.deps.recent.forget(region, agentId);
      seen = undefined;
    }
    throw conflict(AGENT_API_MESSAGES.saveFailed('the agent was changed at the same time, please try again'));
  }

  async keepVersion(region: Region, record: AgentRecord, actor: string, source: AgentVersionSource, backup?: Parameters<typeof versionRecord>[4]): Promise<string> {
    const version = versionRecord(newDocumentId(), record, actor, source, backup);
    await this.deps.versions.add(region, version);
    return version._id;
  }
}

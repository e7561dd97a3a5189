import type { Region } from '@platform/contracts';
import type { AgentRecord } from '../domain/agent-record';

/**
 * The agents this process last created or saved, so the next save of the same agent skips
 * reading it (ADR 0028). Exact: every write of an agent moves its `_version`, and a save
 * writes only if the stored `_version` is still the one its copy has, so a stale copy
 * (another replica saved) fails that guard and the save reads the agent again. The access
 * decision it feeds uses the agent's workspace (`userId`), which never changes; membership is
 * still asked on every request.
 */
export class RecentAgents {
  private readonly byKey = new Map<string, { record: AgentRecord; at: number }>();

  constructor(private readonly limits = { maxEntries: 1_000, maxAgeMs: 60_000 }) {}

  /** A copy of the agent as this process last wrote it (callers may change it freely). */
  get(region: Region, agentId: string): AgentRecord | undefined {
    const key = `${region}/${agentId}`;
    const hit = this.byKey.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.limits.maxAgeMs) {
      this.byKey.delete(key);
      return undefined;
    }
    return structuredClone(hit.record);
  }

  /** Keeps `record` itself, not a copy: the writer hands over a record it made for this write and only reads afterwards. */
  set(region: Region, record: AgentRecord): void {
    const key = `${region}/${record._id}`;
    this.byKey.delete(key);
    this.byKey.set(key, { record, at: Date.now() });
    if (this.byKey.size > this.limits.maxEntries) this.byKey.delete(this.byKey.keys().next().value!);
  }

  forget(region: Region, agentId: string): void {
    this.byKey.delete(`${region}/${agentId}`);
  }
}

import { AGENT_LIMITS, type AgentVersionSource, type AgentVersionView } from '@platform/contracts';
import { agentView, type AgentView } from './agent-record';

/** One kept version (collection agent_versions): the agent as it was after its n-th save. */
export interface AgentVersionRecord {
  _id: string;
  agentId: string;
  version: number;
  /** unix seconds */
  savedAt: number;
  savedBy: string;
  source: AgentVersionSource;
  agent: AgentView;
  backup?: AgentVersionView['backup'];
}

export function versionView(record: AgentVersionRecord): AgentVersionView {
  return {
    versionId: record._id,
    version: record.version,
    savedAt: record.savedAt,
    savedBy: record.savedBy,
    source: record.source,
    ...(record.agent.title !== undefined ? { title: record.agent.title } : {}),
    ...(record.backup ? { backup: record.backup } : {}),
    agent: record.agent,
  };
}

/** Versions numbered at or below this are dropped once `latest` is written: the last 20 stay. */
export const prunedThrough = (latest: number, keep: number = AGENT_LIMITS.versionHistorySize) => latest - keep;

/** The version a save keeps: the agent as written, who saved it and why. */
export function versionRecord(
  versionId: string,
  agent: AgentView & { lastModified: number; _version: number },
  savedBy: string,
  source: AgentVersionSource,
  backup?: AgentVersionRecord['backup'],
): AgentVersionRecord {
  const { _version, ...fields } = agent;
  return {
    _id: versionId,
    agentId: agent.ID,
    version: _version,
    savedAt: agent.lastModified,
    savedBy,
    source,
    agent: agentView(fields as AgentView),
    ...(backup ? { backup } : {}),
  };
}

import { AGENT_API_MESSAGES, MESSAGES } from '@platform/contracts';
import { HttpError, type InsertedOutbox, type Logger } from '@platform/kit';
import type { PlanLimits } from '../clients/plan-limits';
import type { WorkspaceDirectory } from '../clients/workspace-directory';
import type { OrganizationDirectory } from '../clients/organizations';
import type { AgentInput } from '../domain/agent-input';
import { AgentStore } from '../store/agents';
import { VersionStore } from '../store/versions';
import type { RecentAgents } from './recent-agents';

export interface Stores {
  agents: AgentStore;
  versions: VersionStore;
}

export interface UseCaseDeps extends Stores {
  directory: WorkspaceDirectory;
  /** agency-domain's organisations: what an agency client may reach (ADR 0019) */
  organizations: OrganizationDirectory;
  /** The plan's agent limit (billing); absent: no limit is enforced (no billing configured). */
  planLimits?: PlanLimits;
  logger: Logger;
  /**
   * Called after a write that queued events, so the relay sends them without waiting for its
   * poll; an inserted document is handed over so its events go out without a read (ADR 0028).
   */
  eventsWritten: (inserted?: InsertedOutbox) => void;
  /** The agents this process last wrote: a save's grant starts from them (ADR 0028). */
  recent: RecentAgents;
  now: () => Date;
}


export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The checked agent, or a 400: 'Max chunk size must be greater than 1000' as is, anything
 * else as 'Failed to save agent, {error}'; the raw text is in the answer's `error` field.
 */
export function acceptInput<T>(input: AgentInput<T>, wrap: (problem: string) => string = AGENT_API_MESSAGES.saveFailed): T {
  if (input.problem === undefined) return input.agent;
  const message = input.problem === MESSAGES.agent.maxChunkSizeTooSmall ? input.problem : wrap(input.problem);
  throw new HttpError(400, message, { error: input.problem });
}

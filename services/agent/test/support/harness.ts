import { startAgentService, type AgentConfig, type AgentService, type Overrides } from '@platform/test-support';
import type { AppDeps } from '../../src/app';

export { agentIdentity, anonymous, gateway, snapshot, someone, workspaceIdentity } from '@platform/test-support';
export type { Caller } from '@platform/test-support';

export interface Harness extends AgentService {
  /** Requests to the real workspace service the agent service asks about membership. */
  workspaceAs: AgentService['workspace']['as'];
}

/**
 * The agent service in-process on fresh per-test databases, asking a real workspace service
 * (also in-process, same databases) about membership; no Kafka unless the test starts a relay
 * through `eventsWritten`. `files` and `chat` replace the file store and the LLM client.
 */
export async function startHarness(extra: { config?: Overrides<AgentConfig> } & Partial<Pick<AppDeps, 'eventsWritten' | 'files' | 'chat' | 'now'>> = {}): Promise<Harness> {
  const service = await startAgentService(extra);
  return { ...service, workspaceAs: service.workspace.as };
}

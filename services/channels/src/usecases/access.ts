import type { Region } from '@platform/contracts';
import type { AccessPolicy, AgentCaller, Authorizer } from '@platform/kit';
import type { AgentDirectory, ReachableAgent } from '../clients/agent-directory';

export interface ChannelsPolicy extends AccessPolicy {
  member: { ref: never; grant: unknown };
  agent: { ref: { agentId: string }; grant: ReachableAgent };
}

/** Channel routes name an agent; the agent service decides whether the caller may reach it. */
export class ChannelsAccess implements Authorizer<ChannelsPolicy> {
  constructor(private readonly directory: AgentDirectory) {}

  agent = (caller: AgentCaller, region: Region, ref: { agentId: string }) => this.directory.reachable(caller, region, ref.agentId);
}

import type { AgentPageKey, Region } from '@platform/contracts';
import { clientRulePages, type AccessPolicy, type AgentCaller, type Authorizer, type ClientCaller, type ClientRouteRule, type MemberCaller } from '@platform/kit';
import type { AgentDirectory, ReachableAgent } from '../clients/agent-directory';

export interface WorkspaceGrant {
  workspaceId: string;
  agents: Array<{ ID: string; title?: string }>;
}

export interface ChannelsPolicy extends AccessPolicy {
  member: { ref: { workspaceId: string }; grant: WorkspaceGrant };
  agent: { ref: { agentId: string }; grant: ReachableAgent };
}

/** Channel routes name an agent or a workspace; the agent service decides whether the caller (a member, an agent key, an agency client) may reach it. */
export class ChannelsAccess implements Authorizer<ChannelsPolicy> {
  constructor(private readonly directory: AgentDirectory) {}

  member = async (caller: MemberCaller, region: Region, ref: { workspaceId: string }): Promise<WorkspaceGrant> => ({
    workspaceId: ref.workspaceId,
    agents: await this.directory.agentsOf(caller, region, ref.workspaceId),
  });

  agent = (caller: AgentCaller, region: Region, ref: { agentId: string }) => this.directory.reachable(caller, region, ref.agentId);

  /** An agency client on a route that opted in: the agent service checks its organisation and, for `{page}`, its access to that page (ADR 0037). */
  clientAgent = (caller: ClientCaller, region: Region, ref: { agentId: string }, rule: ClientRouteRule) => {
    const pages = clientRulePages(rule);
    // ?page= names one page: a channels route serving several would need the agent service to take a list
    if (pages && pages.length !== 1) throw new Error('A channels route open to clients names one dashboard page');
    return this.directory.reachable(caller, region, ref.agentId, pages?.[0] as AgentPageKey | undefined);
  };
}

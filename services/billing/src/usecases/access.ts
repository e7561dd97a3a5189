import { ACCESS_MESSAGES, type Region } from '@platform/contracts';
import { grantWorkspaceMember, notFound, type AccessPolicy, type Authorizer, type MemberCaller } from '@platform/kit';
import type { WorkspaceAccess } from '../clients/workspace-access';

/** What billing's member routes name: the workspace (the spec's userId or uid). */
export interface WorkspaceRef {
  workspaceId: string | undefined;
}
export interface WorkspaceGrant {
  workspaceId: string;
}
export interface BillingPolicy extends AccessPolicy {
  member: { ref: WorkspaceRef; grant: WorkspaceGrant };
  agent: { ref: never; grant: unknown };
}

/** A workspace's own secret, or a signed-in member (asked of the workspace service). */
export class BillingAccess implements Authorizer<BillingPolicy> {
  constructor(private readonly workspaces: WorkspaceAccess) {}

  member = async (caller: MemberCaller, region: Region, ref: WorkspaceRef): Promise<WorkspaceGrant> => {
    const workspaceId = ref.workspaceId;
    if (!workspaceId) throw notFound(ACCESS_MESSAGES.workspaceNoAccess);
    await grantWorkspaceMember(caller, region, workspaceId, (...args) => this.workspaces.isMember(...args));
    return { workspaceId };
  };
}

import type { Region } from '@platform/contracts';
import { grantWorkspaceMember, type AccessPolicy, type Authorizer, type MemberCaller } from '@platform/kit';
import type { WorkspaceDirectory } from '../clients/workspace';

/** The workspace a route acts for, once the caller was found to be in it; `email` when a person calls. */
export interface WorkspaceGrant {
  workspaceId: string;
  email?: string;
}

export interface AgencyPolicy extends AccessPolicy {
  member: { ref: string; grant: WorkspaceGrant };
  agent: { ref: never; grant: unknown };
}

/**
 * The owner of an agency is its workspace (agency.userId = workspace uid): a member of that
 * workspace, or its own secret, may act; the use cases then check the agency is that workspace's.
 */
export class AgencyAccess implements Authorizer<AgencyPolicy> {
  constructor(private readonly directory: WorkspaceDirectory) {}

  member = (caller: MemberCaller, region: Region, workspaceId: string): Promise<WorkspaceGrant> =>
    grantWorkspaceMember(caller, region, workspaceId, (...args) => this.directory.isMember(...args));
}

import type { Region } from '@platform/contracts';
import { grantWorkspaceMember, type AccessPolicy, type Authorizer, type MemberCaller } from '@platform/kit';
import type { WorkspaceDirectory } from '../clients/workspace';

export interface WorkspaceGrant {
  workspaceId: string;
  email?: string;
}

export interface NotificationPolicy extends AccessPolicy {
  member: { ref: string; grant: WorkspaceGrant };
  agent: { ref: never; grant: unknown };
}

/** A member of the workspace (or its own secret) acts for it; organisations are read within it. */
export class NotificationAccess implements Authorizer<NotificationPolicy> {
  constructor(private readonly directory: WorkspaceDirectory) {}

  member = (caller: MemberCaller, region: Region, workspaceId: string): Promise<WorkspaceGrant> =>
    grantWorkspaceMember(caller, region, workspaceId, (...args) => this.directory.isMember(...args));
}

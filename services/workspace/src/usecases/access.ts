import type { Region } from '@platform/contracts';
import type { AccessPolicy, Authorizer, MemberCaller, RouteSpec } from '@platform/kit';
import type { WorkspaceAction } from '../domain/access';
import type { AuthorizedWorkspace, WorkspaceUseCases } from './workspaces';

/** What a member route names: the workspace (its uid) and what the caller wants to do with it. */
export interface WorkspaceRef {
  uid: string;
  action: WorkspaceAction;
}

export interface WorkspacePolicy extends AccessPolicy {
  member: { ref: WorkspaceRef; grant: AuthorizedWorkspace };
  agent: { ref: never; grant: unknown };
}

/** A route of this service. */
export type WorkspaceRouteSpec = RouteSpec<WorkspacePolicy>;

/** The workspace service's ownership check, run by the kit before every member route. */
export function workspaceAuthorizer(workspaces: WorkspaceUseCases): Authorizer<WorkspacePolicy> {
  return { member: (caller: MemberCaller, region: Region, ref: WorkspaceRef) => workspaces.load(caller, region, ref.uid, ref.action) };
}

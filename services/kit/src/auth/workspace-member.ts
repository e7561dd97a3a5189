import { ACCESS_MESSAGES, type Region } from '@platform/contracts';
import { forbidden } from '../http/errors';
import type { MemberCaller } from '../http/route-table';
import { isWorkspaceSecretOf } from './caller';

export type MembershipCheck = (region: Region, workspaceId: string, user: { userId: string; email: string }) => Promise<boolean>;

/**
 * A member route's access to a workspace: the workspace's own secret (same workspace, same
 * region), or a signed-in person the workspace service counts as a member (`email` then set);
 * anyone else is refused (403).
 */
export async function grantWorkspaceMember(caller: MemberCaller, region: Region, workspaceId: string, isMember: MembershipCheck): Promise<{ workspaceId: string; email?: string }> {
  if (isWorkspaceSecretOf(caller, workspaceId, region)) return { workspaceId };
  if (caller.kind === 'user' && (await isMember(region, workspaceId, caller))) return { workspaceId, email: caller.email };
  throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
}

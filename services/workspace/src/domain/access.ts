import { AUTH_MESSAGES } from '@platform/contracts';
import { isWorkspaceSecretOf, type Identity } from '@platform/kit';
import { includesEmail } from './emails';
import { SERVICE_MESSAGES } from './messages';
import type { WorkspaceRecord } from './workspace-record';

export type WorkspaceAction = 'read' | 'write' | 'invite' | 'remove-member' | 'delete';

export type AccessDecision =
  /** actorEmail: who acts (the user, or the owner when the workspace secret is used) */
  | { allowed: true; actorEmail: string; actorIsUser: boolean }
  | { allowed: false; status: 401 | 403; message: string };

type AccessTarget = Pick<WorkspaceRecord, 'uid' | 'region' | 'email' | 'ownerUserId' | 'workspaceEmails'>;

export const isMember = (workspace: AccessTarget, user: { userId: string; email: string }) =>
  workspace.ownerUserId === user.userId || includesEmail(workspace.workspaceEmails, user.email);

const deny = (status: 401 | 403, message: string): AccessDecision => ({ allowed: false, status, message });

/**
 * Members (e-mail in workspaceEmails) and the workspace's own secret may read, write,
 * invite and remove members. Deleting needs a signed-in user who created the workspace,
 * and never their own Personal one: the secret alone cannot delete.
 */
export function authorize(identity: Identity, workspace: AccessTarget, action: WorkspaceAction): AccessDecision {
  if (identity.kind === 'anonymous') return deny(401, AUTH_MESSAGES.signInRequired);
  if (identity.kind === 'workspace') {
    if (!isWorkspaceSecretOf(identity, workspace.uid, workspace.region)) return deny(403, SERVICE_MESSAGES.noAccess);
    if (action === 'delete') return deny(403, SERVICE_MESSAGES.deleteOwnerOnly);
    return { allowed: true, actorEmail: workspace.email, actorIsUser: false };
  }
  if (identity.kind !== 'user' || !isMember(workspace, identity)) return deny(403, SERVICE_MESSAGES.noAccess);
  if (action === 'delete') {
    if (workspace.uid === identity.userId) return deny(403, SERVICE_MESSAGES.deletePersonal);
    if (workspace.ownerUserId !== identity.userId) return deny(403, SERVICE_MESSAGES.deleteOwnerOnly);
  }
  return { allowed: true, actorEmail: identity.email, actorIsUser: true };
}

import { BROWSER_STORAGE_KEYS, WORKSPACE_INVITE } from '@platform/contracts';
import { readStored, writeStored } from '@platform/ui';

/**
 * Spec 4.5: an invitation link opened before signing in is remembered, and posted once the
 * user's e-mail is known. Only the magic-link path shape is accepted, so a crafted value in
 * storage cannot send the user's session anywhere else.
 */
const LINK_SHAPE = new RegExp(`^${WORKSPACE_INVITE.linkPath('[A-Za-z0-9_-]+').replace(/\//g, '\\/')}\\?[^#]*$`);

export const isInvitationLink = (pathAndQuery: string) => LINK_SHAPE.test(pathAndQuery);

export function rememberInvitation(pathAndQuery: string): void {
  if (isInvitationLink(pathAndQuery)) writeStored(BROWSER_STORAGE_KEYS.pendingInvitation, pathAndQuery);
}

export function pendingInvitation(): string | undefined {
  const stored = readStored<string | undefined>(BROWSER_STORAGE_KEYS.pendingInvitation, undefined);
  return typeof stored === 'string' && isInvitationLink(stored) ? stored : undefined;
}

export const forgetInvitation = () => writeStored(BROWSER_STORAGE_KEYS.pendingInvitation, undefined);

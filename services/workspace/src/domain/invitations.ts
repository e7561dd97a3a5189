import { WORKSPACE_INVITE } from '@platform/contracts';
import { sameEmail } from './emails';

/** A pending invitation; the token travels only in the e-mailed link, stored as a keyed hash (_id). */
export interface InvitationRecord {
  _id: string;
  uid: string;
  email: string;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt?: Date;
}

/** The magic link /no-auth/workspaces/{uid}/invite?secret=...&email=... as an absolute URL. */
export function invitationLink(publicUrl: string, uid: string, token: string, email: string): string {
  const query = new URLSearchParams({ secret: token, email });
  return `${publicUrl}${WORKSPACE_INVITE.linkPath(uid)}?${query.toString()}`;
}

/** An invitation admits its own e-mail into its own workspace, once, before it expires. */
export function invitationUsable(record: InvitationRecord | null, uid: string, email: string, now: Date): record is InvitationRecord {
  return !!record && record.uid === uid && sameEmail(record.email, email) && !record.acceptedAt && record.expiresAt.getTime() > now.getTime();
}

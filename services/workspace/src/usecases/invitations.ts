import {
  MESSAGES,
  inviteToWorkspaceRequestSchema,
  randomChars,
  type InviteToWorkspaceRequest,
  type Region,
  type WorkspaceSummary,
} from '@platform/contracts';
import { HttpError, badRequest, conflict, forbidden, notFound, regionsFrom, tooManyRequests, type UserCaller } from '@platform/kit';
import { includesEmail, normalizeEmail, sameEmail } from '../domain/emails';
import { invitationLink, invitationUsable, type InvitationRecord } from '../domain/invitations';
import { SERVICE_MESSAGES } from '../domain/messages';
import { keyedHash } from '../domain/secrets';
import { hasFreeSeat } from '../domain/seats';
import { workspaceSummary, type WorkspaceRecord } from '../domain/workspace-record';
import { workspaceEvent } from '../events/workspace-events';
import { RecipientRefused } from '@platform/kit';
import { invitationMail } from '../mail/templates';
import { assertValid, type UseCaseDeps } from './deps';
import type { AuthorizedWorkspace } from './workspaces';

/** Random part of an invitation link (the id alphabet has 62 characters: ~190 bits). */
const TOKEN_LENGTH = 32;
/** Joins retried when a concurrent change (not a full workspace) made the guarded write miss. */
const JOIN_ATTEMPTS = 5;

export class InvitationUseCases {
  constructor(private readonly deps: UseCaseDeps) {}

  /**
   * Sends the magic link in the platform's own e-mail (the request's subject and html are
   * ignored); refused for oneself, for members, when every seat is taken, and (400) for an
   * address the mail server refuses.
   */
  async invite(region: Region, { workspace, actorEmail }: AuthorizedWorkspace, body: InviteToWorkspaceRequest): Promise<{ email: string; link: string }> {
    const { uid } = workspace;
    assertValid(inviteToWorkspaceRequestSchema, body, { selfEmail: actorEmail });
    const email = normalizeEmail(body.to);
    if (includesEmail(workspace.workspaceEmails, email)) throw conflict(SERVICE_MESSAGES.alreadyMember(email));
    if (!hasFreeSeat(workspace)) throw conflict(MESSAGES.workspace.seatLimitReached);
    const { maxPerWorkspace, windowSeconds, ttlSeconds } = this.deps.config.invitations;
    const now = this.deps.now();
    if (!(await this.deps.rateLimits.take(region, `invitations:${uid}`, { limit: maxPerWorkspace, windowSeconds }, now))) {
      throw tooManyRequests(SERVICE_MESSAGES.tooManyInvitations);
    }
    const token = randomChars(TOKEN_LENGTH);
    const invitation: InvitationRecord = {
      _id: this.tokenHash(token),
      uid,
      email,
      invitedBy: actorEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    };
    await this.deps.invitations.insert(region, invitation);
    const link = invitationLink(this.deps.config.publicUrl, uid, token, email);
    try {
      await this.deps.mailer.send(invitationMail({ to: email, workspaceName: workspace.workspaceName, inviterEmail: actorEmail, link }));
    } catch (err) {
      await this.deps.invitations.remove(region, invitation._id);
      if (err instanceof RecipientRefused) throw badRequest(SERVICE_MESSAGES.addressRefused(email));
      this.deps.logger.error({ err }, 'invitation e-mail failed');
      throw new HttpError(502, SERVICE_MESSAGES.inviteFailed(email));
    }
    return { email, link };
  }

  /**
   * POST to the magic link by the invited person, signed in with the invited e-mail. The
   * invitation is looked up in the request's region, then the other (the link names no region).
   */
  async join(identity: UserCaller, uid: string, requestRegion: Region, link: { secret: string; email: string }, bodyEmail: string): Promise<WorkspaceSummary> {
    const email = normalizeEmail(bodyEmail);
    if (!sameEmail(link.email, email) || !sameEmail(identity.email, email)) throw forbidden(SERVICE_MESSAGES.invitationOtherEmail);
    const user = { userId: identity.userId, email };
    const id = this.tokenHash(link.secret);
    const now = this.deps.now();

    for (const region of regionsFrom(requestRegion)) {
      const invitation = await this.deps.invitations.find(region, id);
      if (!invitation || invitation.uid !== uid) continue;
      const workspace = await this.deps.workspaces.find(region, uid);
      if (!workspace) break;
      // Opening an accepted link again is fine while still a member.
      if (invitation.acceptedAt && includesEmail(workspace.workspaceEmails, email)) return workspaceSummary(workspace, user);
      if (!invitationUsable(invitation, uid, email, now)) break;
      const joined = await this.addMember(workspace, email);
      await this.deps.invitations.markAccepted(region, id, now);
      return workspaceSummary(joined, user);
    }
    throw notFound(SERVICE_MESSAGES.invitationInvalid);
  }

  /** Guarded join: re-read and retry while the document changes under us, refuse when seats run out. */
  private async addMember(seen: WorkspaceRecord, email: string): Promise<WorkspaceRecord> {
    let current: WorkspaceRecord | null = seen;
    for (let attempt = 0; attempt < JOIN_ATTEMPTS && current; attempt += 1) {
      if (includesEmail(current.workspaceEmails, email)) return current;
      if (!hasFreeSeat(current)) throw conflict(MESSAGES.workspace.joinWithoutSeats);
      const event = workspaceEvent('workspace.member-joined', current.region, current.uid, { uid: current.uid, email });
      if (await this.deps.workspaces.addMember(current, email, [event])) {
        this.deps.eventsWritten();
        return { ...current, workspaceEmails: [...current.workspaceEmails, email] };
      }
      current = await this.deps.workspaces.find(seen.region, seen.uid);
    }
    if (!current) throw notFound(SERVICE_MESSAGES.invitationInvalid);
    throw conflict(MESSAGES.workspace.joinWithoutSeats);
  }

  private tokenHash(token: string) {
    return keyedHash(this.deps.config.hashPepper, 'invitation', token);
  }
}

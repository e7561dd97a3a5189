import { SESSION_TTL_SECONDS, catalogOutboxEntry, verifySession, type Identity, type SessionClaims } from '@platform/kit';
import type { SessionIdentity } from '@platform/contracts';
import type { AccountRecord } from '../domain/accounts';
import { newSession } from '../domain/sessions';
import type { UseCaseDeps } from './deps';

/** Server-side sessions: started at sign-in, ended by sign-out or a new password, checked by the gateway. */
export class SessionUseCases {
  constructor(private readonly deps: Pick<UseCaseDeps, 'sessions' | 'config' | 'eventsWritten' | 'now'>) {}

  /** A new session for the account; the claims go into the cookie's JWT. */
  async start(account: AccountRecord): Promise<SessionClaims> {
    const now = this.deps.now();
    await this.deps.sessions.pruneExpired(account._id, now);
    const record = newSession(account._id, now, SESSION_TTL_SECONDS);
    await this.deps.sessions.insert(record);
    return { userId: account._id, email: account.email, sessionId: record._id };
  }

  /** Sign-out: the caller's session ends here, so its token is refused from now on, by every gateway replica at once. */
  async end(identity: Identity): Promise<void> {
    if (identity.kind !== 'user' || !identity.sessionId) return;
    const { userId, sessionId } = identity;
    const revocation = catalogOutboxEntry('credentials.session-ended', {
      region: this.deps.config.accountsRegion,
      // Sessions belong to a person, not a workspace: the envelope names the user.
      workspaceId: userId,
      data: { userId, sessionId },
    });
    if (await this.deps.sessions.end(sessionId, userId, this.deps.now(), [revocation])) this.deps.eventsWritten();
  }

  /** After a new password, only the session that set it stays signed in (the password's write carries the revocation). */
  async endOthers(userId: string, keep: string | undefined): Promise<void> {
    await this.deps.sessions.endOthers(userId, keep);
  }

  /** The event telling every gateway replica that the user's sessions but `keep` ended. */
  othersEnded(userId: string, keep: string | undefined) {
    const data = keep ? { userId, exceptSessionId: keep } : { userId };
    return catalogOutboxEntry('credentials.user-sessions-ended', { region: this.deps.config.accountsRegion, workspaceId: userId, data });
  }

  /** The user behind a session JWT while its session lives; null otherwise (forged, expired, ended). */
  async verify(token: string): Promise<SessionIdentity | null> {
    const claims = verifySession(token, this.deps.config.platform.jwtSecret);
    if (!claims || !(await this.deps.sessions.isActive(claims.sessionId, claims.userId, this.deps.now()))) return null;
    return { kind: 'user', userId: claims.userId, email: claims.email, sessionId: claims.sessionId };
  }
}

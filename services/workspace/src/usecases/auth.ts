import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  REGIONS,
  newPersonalWorkspaceName,
  newWorkspaceSecret,
  newWorkspaceUid,
  type Region,
  type SessionResponse,
  type VerifyLoginCodeRequest,
} from '@platform/contracts';
import { HttpError, badRequest, tooManyRequests, unauthorized, type Identity, type SessionClaims } from '@platform/kit';
import { authUser, type AccountRecord } from '../domain/accounts';
import { loginCodeStatus, type LoginCodeRecord, type LoginCodeStatus } from '../domain/login-codes';
import { SERVICE_MESSAGES } from '../domain/messages';
import { DUMMY_PASSWORD_HASH, hashPassword, keyedHash, newLoginCode, sameHash, verifyPassword } from '../domain/secrets';
import { needsOnboarding, personalWorkspace, workspaceSummary } from '../domain/workspace-record';
import { workspaceEvent } from '../events/workspace-events';
import { loginCodeMail } from '../mail/templates';
import type { UseCaseDeps } from './deps';
import { SessionUseCases } from './sessions';

export interface SignedIn {
  account: AccountRecord;
  isNewUser: boolean;
  /** the new server-side session, for the cookie */
  session: SessionClaims;
}

/** Sign-in by one-time code or password, accounts, and the session's view of the user. */
export class AuthUseCases {
  private readonly sessions: SessionUseCases;

  constructor(private readonly deps: UseCaseDeps) {
    this.sessions = new SessionUseCases(deps);
  }

  /** E-mails a new code, at most `maxSends` per e-mail and window. */
  async requestCode(email: string): Promise<void> {
    const { config, rateLimits, loginCodes, mailer } = this.deps;
    const now = this.deps.now();
    const { maxSends, sendWindowSeconds, ttlSeconds } = config.loginCode;
    if (!(await rateLimits.take(config.accountsRegion, `login-code:${email}`, { limit: maxSends, windowSeconds: sendWindowSeconds }, now))) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyCodes);
    }
    await loginCodes.pruneOlderThan(email, new Date(now.getTime() - ttlSeconds * 1000));
    const code = newLoginCode();
    const record: LoginCodeRecord = {
      _id: randomUUID(),
      email,
      codeHash: this.codeHash(email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      attempts: 0,
    };
    await loginCodes.insert(record);
    try {
      await mailer.send(loginCodeMail(email, code, Math.round(ttlSeconds / 60)));
    } catch (err) {
      this.deps.logger.error({ err }, 'sign-in code e-mail failed');
      await loginCodes.remove(record._id);
      throw new HttpError(502, SERVICE_MESSAGES.codeEmailFailed);
    }
  }

  /** Signs in with the newest code of the e-mail: single use, limited wrong tries, then burned. */
  async verifyCode(input: VerifyLoginCodeRequest, region: Region): Promise<SignedIn> {
    const { loginCodes, config } = this.deps;
    const now = this.deps.now();
    const { maxAttempts } = config.loginCode;
    const latest = await loginCodes.latest(input.email);
    assertUsable(loginCodeStatus(latest, now, maxAttempts));
    const claimed = await loginCodes.claimAttempt(latest!._id, maxAttempts, now);
    if (!claimed) {
      assertUsable(loginCodeStatus(await loginCodes.latest(input.email), now, maxAttempts));
      throw badRequest(AUTH_MESSAGES.codeExpired);
    }
    if (!sameHash(claimed.codeHash, this.codeHash(input.email, input.code))) {
      throw claimed.attempts >= maxAttempts ? tooManyRequests(AUTH_MESSAGES.tooManyCodeAttempts) : badRequest(AUTH_MESSAGES.codeIncorrect);
    }
    if (!(await loginCodes.markUsed(claimed._id, now))) throw badRequest(AUTH_MESSAGES.codeExpired);
    return this.signIn(input.email, region, { ref: input.ref, utm_source: input.utm_source });
  }

  /** Password sign-in; every try counts against the e-mail's budget until one succeeds. */
  async passwordLogin(email: string, password: string): Promise<SignedIn> {
    const { accounts, rateLimits, config } = this.deps;
    const key = `password-login:${email}`;
    const limit = { limit: config.passwordLogin.maxAttempts, windowSeconds: config.passwordLogin.windowSeconds };
    if (!(await rateLimits.take(config.accountsRegion, key, limit, this.deps.now()))) throw tooManyRequests(AUTH_MESSAGES.tooManyLogins);
    const account = await accounts.findByEmail(email);
    // Hash even without an account, so the answer's timing does not reveal which e-mails exist.
    const matches = await verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account?.passwordHash || !matches) throw unauthorized(AUTH_MESSAGES.loginFailed);
    await rateLimits.reset(config.accountsRegion, key);
    await this.ensurePersonalWorkspaces(account);
    return { account, isNewUser: false, session: await this.sessions.start(account) };
  }

  /** Sets the password and ends the user's other sessions (the one that set it stays). */
  async setPassword(user: { userId: string; sessionId?: string }, password: string): Promise<AccountRecord> {
    const passwordHash = await hashPassword(password);
    if (!(await this.deps.accounts.setPasswordHash(user.userId, passwordHash))) throw unauthorized(AUTH_MESSAGES.signInRequired);
    await this.sessions.endOthers(user.userId, user.sessionId);
    return (await this.deps.accounts.findById(user.userId))!;
  }

  /** Sign-out ends the session on the server, not only the cookie. */
  async signOut(identity: Identity): Promise<void> {
    await this.sessions.end(identity);
  }

  /** The signed-in user, their workspaces in every region, and whether onboarding is still due. */
  async session(userId: string): Promise<SessionResponse> {
    const account = await this.deps.accounts.findById(userId);
    if (!account) throw unauthorized(AUTH_MESSAGES.signInRequired);
    const owner = { userId, email: account.email };
    const records = (await Promise.all(REGIONS.map((region) => this.deps.workspaces.listForUser(region, owner)))).flat();
    return {
      success: true,
      user: authUser(account),
      workspaces: records.map((record) => workspaceSummary(record, owner)),
      needsOnboarding: needsOnboarding(records, userId),
    };
  }

  /** Finds or creates the account (first sign-in), then makes sure its Personal workspaces exist. */
  private async signIn(email: string, region: Region, attribution: { ref?: string; utm_source?: string }): Promise<SignedIn> {
    const { accounts } = this.deps;
    let account = await accounts.findByEmail(email);
    let isNewUser = false;
    if (!account) {
      const candidate: AccountRecord = {
        _id: newWorkspaceUid(),
        email,
        createdAt: Math.floor(this.deps.now().getTime() / 1000),
        homeRegion: region,
        ...(attribution.ref ? { ref: attribution.ref } : {}),
        ...(attribution.utm_source ? { utm_source: attribution.utm_source } : {}),
      };
      isNewUser = await accounts.insert(candidate);
      // Losing the insert means a concurrent first sign-in created the account.
      account = isNewUser ? candidate : await accounts.findByEmail(email);
      if (!account) throw new Error('account neither inserted nor found');
    }
    await this.ensurePersonalWorkspaces(account);
    return { account, isNewUser, session: await this.sessions.start(account) };
  }

  /**
   * One Personal workspace per region (users/{uid}, uid = user id). Idempotent upserts, so a
   * sign-in interrupted between the two regions is completed by the next one.
   */
  private async ensurePersonalWorkspaces(account: AccountRecord): Promise<void> {
    const owner = { userId: account._id, email: account.email };
    const workspaceName = newPersonalWorkspaceName();
    const created = await Promise.all(
      REGIONS.map((region) =>
        this.deps.workspaces.insertIfMissing(
          personalWorkspace({
            owner,
            region,
            isHome: region === account.homeRegion,
            workspaceName,
            workspaceSecret: newWorkspaceSecret(),
            nowMs: this.deps.now().getTime(),
            ref: account.ref,
            utm_source: account.utm_source,
          }),
          [workspaceEvent('workspace.created', region, owner.userId, { uid: owner.userId, email: owner.email, workspaceName })],
        ),
      ),
    );
    if (created.some(Boolean)) this.deps.eventsWritten();
  }

  private codeHash(email: string, code: string) {
    return keyedHash(this.deps.config.hashPepper, 'login-code', email, code);
  }
}

function assertUsable(status: LoginCodeStatus): void {
  if (status === 'burned') throw tooManyRequests(AUTH_MESSAGES.tooManyCodeAttempts);
  if (status !== 'usable') throw badRequest(AUTH_MESSAGES.codeExpired);
}

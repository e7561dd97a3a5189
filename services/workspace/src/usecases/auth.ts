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
import { HttpError, badRequest, tooManyRequests, unauthorized, type Identity, type RateLimit, type SessionClaims } from '@platform/kit';
import { authUser, type AccountRecord } from '../domain/accounts';
import { judgeLoginCode, type LoginCodeRecord } from '../domain/login-codes';
import { SERVICE_MESSAGES } from '../domain/messages';
import { DUMMY_PASSWORD_HASH, hashPassword, keyedHash, newLoginCode, sameHash, verifyPassword } from '../domain/secrets';
import { needsOnboarding, personalWorkspace, workspaceSummary } from '../domain/workspace-record';
import { workspaceEvent } from '../events/workspace-events';
import { RecipientRefused } from '@platform/kit';
import { loginCodeMail } from '../mail/templates';
import type { UseCaseDeps } from './deps';
import { SessionUseCases } from './sessions';

/** How many of an address's newest codes a submitted code is compared with. */
const RECENT_CODES = 5;

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

  /**
   * E-mails a new code: at most `maxSends` per address for each client (IP) and window, and
   * `maxSendsPerClient` per client over all addresses. Counting per client too means a flood of
   * requests for someone's address spends the flooder's budget, never the owner's.
   */
  async requestCode(email: string, clientIp: string): Promise<void> {
    const { config, rateLimits, loginCodes, mailer } = this.deps;
    const now = this.deps.now();
    const { maxSends, maxSendsPerClient, sendWindowSeconds, ttlSeconds } = config.loginCode;
    const client = this.clientKey(clientIp);
    const window = { windowSeconds: sendWindowSeconds };
    const allowed =
      (await rateLimits.take(config.accountsRegion, `login-code-client:${client}`, { ...window, limit: maxSendsPerClient }, now)) &&
      (await rateLimits.take(config.accountsRegion, `login-code:${email}:${client}`, { ...window, limit: maxSends }, now));
    if (!allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyCodes);
    await loginCodes.pruneOlderThan(email, new Date(now.getTime() - ttlSeconds * 1000));
    const code = newLoginCode();
    const record: LoginCodeRecord = {
      _id: randomUUID(),
      email,
      codeHash: this.codeHash(email, code),
      client,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      attempts: 0,
    };
    await loginCodes.insert(record);
    try {
      await mailer.send(loginCodeMail(email, code, Math.round(ttlSeconds / 60)));
    } catch (err) {
      await loginCodes.remove(record._id);
      if (err instanceof RecipientRefused) throw badRequest(SERVICE_MESSAGES.addressRefused(email));
      this.deps.logger.error({ err }, 'sign-in code e-mail failed');
      throw new HttpError(502, SERVICE_MESSAGES.codeEmailFailed);
    }
  }

  /**
   * Signs in with any recent usable code of the address (single use). Wrong tries are limited
   * per client: they burn the client's own codes after `maxAttempts`, or spend its own counter
   * when it asked for none, so a correct code from another client still gets through.
   */
  async verifyCode(input: VerifyLoginCodeRequest, region: Region, clientIp: string): Promise<SignedIn> {
    const { loginCodes, rateLimits, config } = this.deps;
    const now = this.deps.now();
    const { maxAttempts, ttlSeconds } = config.loginCode;
    const client = this.clientKey(clientIp);
    const counterKey = `login-verify:${input.email}:${client}`;
    const counter = { limit: maxAttempts, windowSeconds: ttlSeconds };
    const given = this.codeHash(input.email, input.code);
    const codes = await loginCodes.recent(input.email, RECENT_CODES);
    const spent = await rateLimits.exhausted(config.accountsRegion, counterKey, counter, now);
    const judgement = judgeLoginCode(codes, (record) => sameHash(record.codeHash, given), client, now, maxAttempts, spent);
    switch (judgement.outcome) {
      case 'blocked':
        throw tooManyRequests(AUTH_MESSAGES.tooManyCodeAttempts);
      case 'none':
        throw badRequest(AUTH_MESSAGES.codeExpired);
      case 'match':
        if (!(await loginCodes.markUsed(judgement.code._id, now))) throw badRequest(AUTH_MESSAGES.codeExpired);
        return this.signIn(input.email, region, { ref: input.ref, utm_source: input.utm_source });
      case 'wrong': {
        const burned = judgement.charge ? await this.spendCodeTry(judgement.charge) : await this.spendClientTry(counterKey, counter);
        throw burned ? tooManyRequests(AUTH_MESSAGES.tooManyCodeAttempts) : badRequest(AUTH_MESSAGES.codeIncorrect);
      }
    }
  }

  /**
   * Password sign-in; every try counts against the budget of the address from this client
   * until one succeeds, so someone else's wrong tries never lock the owner out.
   */
  async passwordLogin(email: string, password: string, clientIp: string): Promise<SignedIn> {
    const { accounts, rateLimits, config } = this.deps;
    const key = `password-login:${email}:${this.clientKey(clientIp)}`;
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

  /**
   * Sets the password and ends the user's other sessions (the one that set it stays). The
   * sessions go first, so when the revocation written with the password reaches the gateways,
   * the workspace service already refuses them.
   */
  async setPassword(user: { userId: string; sessionId?: string }, password: string): Promise<AccountRecord> {
    const passwordHash = await hashPassword(password);
    await this.sessions.endOthers(user.userId, user.sessionId);
    const revocation = this.sessions.othersEnded(user.userId, user.sessionId);
    if (!(await this.deps.accounts.setPasswordHash(user.userId, passwordHash, [revocation]))) throw unauthorized(AUTH_MESSAGES.signInRequired);
    this.deps.eventsWritten();
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
      REGIONS.map((region) => {
        const record = personalWorkspace({
          owner,
          region,
          isHome: region === account.homeRegion,
          workspaceName,
          workspaceSecret: newWorkspaceSecret(),
          nowMs: this.deps.now().getTime(),
          ref: account.ref,
          utm_source: account.utm_source,
        });
        // loadTokens: the opening balance of billing's credit account (ADR 0014).
        const event = workspaceEvent('workspace.created', region, owner.userId, { uid: owner.userId, email: owner.email, workspaceName, loadTokens: record.loadTokens ?? 0 });
        return this.deps.workspaces.insertIfMissing(record, [event]);
      }),
    );
    if (created.some(Boolean)) this.deps.eventsWritten();
  }

  /** One wrong try on the client's own code; true when that was its last. */
  private async spendCodeTry(code: LoginCodeRecord): Promise<boolean> {
    const { maxAttempts } = this.deps.config.loginCode;
    const after = await this.deps.loginCodes.claimAttempt(code._id, maxAttempts, this.deps.now());
    return !after || after.attempts >= maxAttempts;
  }

  /** One wrong try of a client that asked for no code of this address; true when that was its last. */
  private async spendClientTry(key: string, limit: RateLimit): Promise<boolean> {
    const { rateLimits, config } = this.deps;
    const now = this.deps.now();
    return !(await rateLimits.take(config.accountsRegion, key, limit, now)) || (await rateLimits.exhausted(config.accountsRegion, key, limit, now));
  }

  /** Clients are counted by a keyed hash of their IP, never the address itself. */
  private clientKey(ip: string) {
    return keyedHash(this.deps.config.hashPepper, 'client', ip).slice(0, 32);
  }

  private codeHash(email: string, code: string) {
    return keyedHash(this.deps.config.hashPepper, 'login-code', email, code);
  }
}


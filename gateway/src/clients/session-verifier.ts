import type { Region } from '@platform/contracts';
import { sessionSecondsLeft, type Identity } from '@platform/kit';
import { fingerprint } from '../domain/hash';
import { SingleFlight } from '../domain/single-flight';
import { TtlCache } from '../domain/ttl-cache';
import { VERIFY_PATH, VerificationUnavailable } from './credential-verifier';
import { callService } from './service-call';

export interface SessionVerifierOptions {
  /** The service that keeps the sessions: workspace (people), agency-domain (agency clients). */
  serviceUrl: string | undefined;
  /** the identity kind the service answers for a live session */
  kind: 'user' | 'client';
  region: Region;
  signingSecret: string;
  timeoutMs: number;
  /** How long a live session is trusted without asking again (bounds how late other replicas see a sign-out whose revocation event is lost). */
  ttlMs: number;
  /** How long a session last known live stays accepted while the workspace service cannot answer. */
  staleMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Whether a (signature-checked) session JWT's server-side session still lives, asked of the
 * workspace service (`POST /internal/credentials/verify {credential: jwt}`) and cached briefly.
 * An ended session is remembered as ended until its token expires: it can never come back.
 */
export class SessionVerifier {
  private readonly cache: TtlCache<Identity | null>;
  /** Live verdicts kept longer, used only when the workspace service is unreachable. */
  private readonly lastKnown: TtlCache<Identity>;
  private readonly inFlight = new SingleFlight<Identity | null>();
  private readonly now: () => number;

  constructor(private readonly options: SessionVerifierOptions) {
    this.now = options.now ?? Date.now;
    this.cache = new TtlCache(options.maxEntries, this.now);
    this.lastKnown = new TtlCache(options.maxEntries, this.now);
  }

  async verify(token: string, requestId?: string): Promise<Identity | null> {
    const key = fingerprint(token);
    const cached = this.cache.get(key);
    if (cached) return cached.value;
    let identity: Identity | null;
    try {
      identity = await this.inFlight.run(key, () => this.ask(token, requestId));
    } catch (err) {
      // A workspace outage must not sign everyone out: a session seen live recently stays accepted.
      const stale = err instanceof VerificationUnavailable ? this.lastKnown.get(key) : undefined;
      if (stale) return stale.value;
      throw err;
    }
    this.cache.set(key, identity, identity ? this.options.ttlMs : this.lifetimeMs(token));
    if (identity) this.lastKnown.set(key, identity, this.options.staleMs);
    else this.lastKnown.delete(key);
    return identity;
  }

  /** The cached verdict, without asking (undefined: not cached); what `verify` would answer at once. */
  cached(token: string): Identity | null | undefined {
    return this.cache.get(fingerprint(token))?.value;
  }

  /** Sign-out through this replica: the token is refused here at once, before the service has answered. */
  end(token: string): void {
    this.cache.set(fingerprint(token), null, this.lifetimeMs(token));
    this.lastKnown.delete(fingerprint(token));
  }

  /** A new password: the user's other sessions are asked about again (the service has ended them). */
  endOthers(userId: string, keep: string | undefined): void {
    const other = (identity: Identity | null) => identity?.kind === 'user' && identity.userId === userId && identity.sessionId !== keep;
    this.cache.deleteWhere(other);
    this.lastKnown.deleteWhere(other);
  }

  /** A session ended elsewhere (another replica's sign-out): its next use is asked again, and the service refuses it. */
  forgetSession(sessionId: string): void {
    const ended = (identity: Identity | null) => (identity?.kind === 'user' || identity?.kind === 'client') && identity.sessionId === sessionId;
    this.cache.deleteWhere(ended);
    this.lastKnown.deleteWhere(ended);
  }

  private lifetimeMs(token: string): number {
    return Math.max(1, sessionSecondsLeft(token, this.now()) * 1000);
  }

  private async ask(token: string, requestId?: string): Promise<Identity | null> {
    if (!this.options.serviceUrl) throw new VerificationUnavailable('No service to check sessions');
    let answer;
    try {
      answer = await callService(`${this.options.serviceUrl}${VERIFY_PATH}`, {
        method: 'POST',
        body: { credential: token },
        region: this.options.region,
        signingSecret: this.options.signingSecret,
        timeoutMs: this.options.timeoutMs,
        requestId,
      });
    } catch (err) {
      throw new VerificationUnavailable(`sessions service did not answer: ${(err as Error).message}`);
    }
    if (answer.status === 404) return null;
    const identity = (answer.body as { identity?: Identity } | undefined)?.identity;
    if (answer.status === 200 && identity?.kind === this.options.kind) return identity;
    throw new VerificationUnavailable(`sessions service answered ${answer.status} to a session check`);
  }
}

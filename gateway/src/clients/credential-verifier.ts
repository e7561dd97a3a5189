import { WORKSPACE_API, type Region } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { acceptedIdentityKinds, verifiersFor, type SecretCredential } from '../domain/credentials';
import { fingerprint } from '../domain/hash';
import { SingleFlight } from '../domain/single-flight';
import type { ServiceName } from '../domain/services';
import { TtlCache } from '../domain/ttl-cache';
import { callService } from './service-call';

/** The same path on every service that owns secrets (workspace, agent, agency-domain). */
export const VERIFY_PATH = WORKSPACE_API.verifyCredential.path;

/** A service that could own the credential did not give a usable answer. */
export class VerificationUnavailable extends Error {}

export interface VerifierOptions {
  serviceUrls: Partial<Record<ServiceName, string>>;
  signingSecret: string;
  timeoutMs: number;
  ttlMs: number;
  negativeTtlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Asks the owning services whether a secret is valid (`POST <service>/internal/credentials/verify`
 * with `{credential}` → 200 `{success:true, identity}` or 404), caching answers briefly.
 */
export class CredentialVerifier {
  private readonly cache: TtlCache<Identity | null>;
  private readonly inFlight = new SingleFlight<Identity | null>();

  constructor(private readonly options: VerifierOptions) {
    this.cache = new TtlCache(options.maxEntries, options.now);
  }

  /** The identity, or null when no service knows the credential. */
  async verify(credential: SecretCredential, routeService: ServiceName, region: Region, requestId?: string): Promise<Identity | null> {
    // Workspaces and agents live in one region, so the same secret may mean different things per region.
    const key = `${region}:${fingerprint(credential.secret)}`;
    const cached = this.cache.get(key);
    if (cached) return cached.value;
    const identity = await this.inFlight.run(key, () => this.ask(credential, routeService, region, requestId));
    this.cache.set(key, identity, identity ? this.options.ttlMs : this.options.negativeTtlMs);
    return identity;
  }

  /** The cached verdict, without asking (undefined: not cached); what `verify` would answer at once. */
  cached(credential: SecretCredential, region: Region): Identity | null | undefined {
    return this.cache.get(`${region}:${fingerprint(credential.secret)}`)?.value;
  }

  /** A rotated workspace secret: the next use of the old one is asked again (and refused). */
  forgetWorkspace(workspaceId: string): void {
    this.cache.deleteWhere((identity) => identity?.kind === 'workspace' && identity.workspaceId === workspaceId);
  }

  /** A rotated agent secret key: the next use of the old one is asked again (and refused). */
  forgetAgent(agentId: string): void {
    this.cache.deleteWhere((identity) => identity?.kind === 'agent' && identity.agentId === agentId);
  }

  private async ask(credential: SecretCredential, routeService: ServiceName, region: Region, requestId?: string): Promise<Identity | null> {
    const services = verifiersFor(credential, routeService).filter((service) => this.options.serviceUrls[service]);
    if (services.length === 0) throw new VerificationUnavailable('No service can verify this credential');
    const accepted = acceptedIdentityKinds(credential);
    for (const service of services) {
      let answer;
      try {
        answer = await callService(`${this.options.serviceUrls[service]}${VERIFY_PATH}`, {
          method: 'POST',
          body: { credential: credential.secret },
          region,
          signingSecret: this.options.signingSecret,
          timeoutMs: this.options.timeoutMs,
          requestId,
        });
      } catch (err) {
        throw new VerificationUnavailable(`${service} did not answer: ${(err as Error).message}`);
      }
      if (answer.status === 404) continue;
      const identity = (answer.body as { success?: unknown; identity?: Identity } | undefined)?.identity;
      if (answer.status === 200 && identity && accepted.includes(identity.kind)) return identity;
      throw new VerificationUnavailable(`${service} answered ${answer.status} to a credential check`);
    }
    return null;
  }
}

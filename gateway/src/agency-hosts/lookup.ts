import { AGENCY_API, type AgencyHostResponse, type Region } from '@platform/contracts';
import { callService } from '../clients/service-call';
import { TtlCache } from '../domain/ttl-cache';

export type AgencyBranding = Pick<AgencyHostResponse, 'agency' | 'poweredBy' | 'region'>;

export interface AgencyHostLookupOptions {
  agencyDomainUrl?: string;
  signingSecret: string;
  region: Region;
  timeoutMs: number;
  /** how long an answer is reused; an unknown host is asked again sooner */
  ttlMs: number;
  negativeTtlMs: number;
  maxEntries: number;
}

/**
 * Host → the agency whose verified subdomain or custom domain it is, asked of the
 * agency-domain service and cached; `forget` drops a host at once when its agency changes.
 */
export class AgencyHostLookup {
  private readonly cache: TtlCache<AgencyBranding | null>;
  private readonly pending = new Map<string, Promise<AgencyBranding | null>>();

  constructor(private readonly options: AgencyHostLookupOptions) {
    this.cache = new TtlCache(options.maxEntries);
  }

  async find(host: string): Promise<AgencyBranding | null> {
    const cached = this.cache.get(host);
    if (cached) return cached.value;
    const running = this.pending.get(host);
    if (running) return running;
    const asking = this.ask(host).finally(() => this.pending.delete(host));
    this.pending.set(host, asking);
    return asking;
  }

  forget(host: string): void {
    this.cache.delete(host);
  }

  forgetAgency(agencyId: string): void {
    this.cache.deleteWhere((value) => value?.agency.ID === agencyId);
  }

  private async ask(host: string): Promise<AgencyBranding | null> {
    if (!this.options.agencyDomainUrl) return null;
    const url = `${this.options.agencyDomainUrl}${AGENCY_API.agencyHost.path}?host=${encodeURIComponent(host)}`;
    const answer = await callService(url, { region: this.options.region, signingSecret: this.options.signingSecret, timeoutMs: this.options.timeoutMs }).catch(() => undefined);
    // The service being down is not cached: the next request asks again.
    if (!answer || answer.status >= 500) return null;
    const branding = answer.status === 200 ? (answer.body as AgencyHostResponse) : null;
    const value = branding ? { agency: branding.agency, poweredBy: branding.poweredBy, region: branding.region } : null;
    this.cache.set(host, value, value ? this.options.ttlMs : this.options.negativeTtlMs);
    return value;
  }
}

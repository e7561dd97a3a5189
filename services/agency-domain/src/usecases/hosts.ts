import { AGENCY_API_MESSAGES, type AgencyHostResponse } from '@platform/contracts';
import { notFound } from '@platform/kit';
import type { UseCaseDeps } from './deps';

/** Which agency an agency host (verified custom domain or product subdomain) shows, in any region. */
export class HostUseCases {
  constructor(private readonly deps: UseCaseDeps) {}

  async brandingOf(host: string): Promise<Pick<AgencyHostResponse, 'agency' | 'poweredBy' | 'region'>> {
    for (const region of this.deps.regions) {
      const record = await this.deps.agencies.byVerifiedHost(region, host);
      if (!record) continue;
      const { _id, announcedSubdomains, secret, resendEmailDomainId, resendEmailDomainRecords_JSON_STRING, customDomainConfig, ...agency } = record;
      return { agency, poweredBy: !(await this.deps.whitelabel.hasWhitelabel(region, record.userId)), region };
    }
    throw notFound(AGENCY_API_MESSAGES.domainNotFound);
  }
}

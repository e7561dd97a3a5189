import { AGENCY_API_MESSAGES, MESSAGES, type CustomDomainQuery, type CustomDomainResponse, type Region } from '@platform/contracts';
import { HttpError, badRequest, catalogOutboxEntry, conflict, forbidden, notFound } from '@platform/kit';
import { DomainProviderError } from '../clients/domain-provider';
import { agencyChanged } from '../domain/agency-changed';
import { customDomainHost, subdomainHost } from '../domain/hosts';
import type { AgencyRecord } from '../store/agencies';
import type { AgencyUseCases } from './agency';
import { viewOf } from './agency';
import type { WorkspaceGrant } from './access';
import type { UseCaseDeps } from './deps';

const FIELDS = {
  vgSubdomain: { host: 'VGsubDomain', verified: 'isVerifiedSubDomain' },
  customDomain: { host: 'customDomain', verified: 'isVerifiedCustomDomain' },
} as const;

/** Product subdomains and custom domains (spec agency-shell-clients 4.3, 5; agents-channels-domains 4). */
export class DomainUseCases {
  constructor(
    private readonly deps: UseCaseDeps,
    private readonly agencies: AgencyUseCases,
  ) {}

  async set(region: Region, grant: WorkspaceGrant, request: { customDomain: string; agencyId: string; isVGSubdomain?: boolean; isCustomDomain?: boolean }): Promise<CustomDomainResponse> {
    const agency = await this.agencies.owned(region, grant.workspaceId, request.agencyId);
    const type = request.isCustomDomain ? 'customDomain' : 'vgSubdomain';
    const checked = type === 'customDomain' ? customDomainHost(request.customDomain) : subdomainHost(request.customDomain, this.deps.rootDomain);
    if ('problem' in checked) throw badRequest(checked.problem);
    const { host } = checked;
    if (type === 'customDomain' && !(await this.deps.whitelabel.hasWhitelabel(region, grant.workspaceId))) throw forbidden(AGENCY_API_MESSAGES.whitelabelRequired);
    await this.refuseTaken(region, host, agency.ID, type);

    let verification;
    try {
      const added = await this.deps.domains.addDomain(host);
      verification = added.verified ? [] : added.verification;
    } catch (err) {
      if (err instanceof DomainProviderError && err.status < 500) {
        throw new HttpError(409, type === 'customDomain' ? err.message || MESSAGES.agency.domainOnAnotherAccount : MESSAGES.agency.subdomainTaken);
      }
      this.deps.logger.error({ err, host }, 'domain provider failed');
      throw new HttpError(502, type === 'customDomain' ? AGENCY_API_MESSAGES.customDomainFailed : AGENCY_API_MESSAGES.subdomainFailed);
    }

    const fields = FIELDS[type];
    const announce = type === 'vgSubdomain' && !(agency.announcedSubdomains ?? []).includes(host);
    const saved = await this.deps.agencies.merge(
      region,
      agency.ID,
      { [fields.host]: host, [fields.verified]: false, ...(type === 'customDomain' ? { customDomainConfig: verification[0] } : {}) },
      [agencyChanged(region, agency, host), ...(announce ? [this.subdomainEvent(region, grant, agency, host)] : [])],
      announce ? { addAnnounced: host } : {},
    );
    this.deps.eventsWritten();
    await this.deps.agencies.remindDns(region, {
      domain: host,
      agencyId: agency.ID,
      agencyName: saved?.name ?? agency.name ?? '',
      userEmail: grant.email,
      bucket: region,
      timestamp: this.deps.now().getTime(),
    });
    return { success: true, data: { verification } };
  }

  /** Spec: verification is polled; the provider is asked until it reports the records found, then the agency is marked. */
  async status(region: Region, grant: WorkspaceGrant, query: CustomDomainQuery): Promise<boolean> {
    const { agency, fields } = await this.ownedDomain(region, grant, query);
    if (agency[fields.verified]) return true;
    if (!(await this.deps.domains.verifyDomain(query.domain))) return false;
    await this.deps.agencies.merge(region, agency.ID, { [fields.verified]: true }, [agencyChanged(region, agency)]);
    this.deps.eventsWritten();
    return true;
  }

  /** Cancel before verification, Delete Domain after: the provider forgets it and the agency clears it. */
  async remove(region: Region, grant: WorkspaceGrant, query: CustomDomainQuery): Promise<void> {
    const { agency, fields } = await this.ownedDomain(region, grant, query);
    try {
      await this.deps.domains.removeDomain(query.domain);
    } catch (err) {
      this.deps.logger.error({ err, host: query.domain }, 'domain provider failed to remove');
      throw new HttpError(502, AGENCY_API_MESSAGES.cancelFailed);
    }
    await this.deps.agencies.unset(region, agency.ID, [fields.host, fields.verified, ...(query.domainType === 'customDomain' ? (['customDomainConfig'] as const) : [])], [agencyChanged(region, agency)]);
    this.deps.eventsWritten();
  }

  /** Spec 5: a host belongs to one agency across every region's database. */
  private async refuseTaken(region: Region, host: string, agencyId: string, type: keyof typeof FIELDS): Promise<void> {
    for (const r of this.deps.regions) {
      const others = await this.deps.agencies.othersUsingHost(r, host, r === region ? agencyId : undefined);
      if (others.length) throw conflict(type === 'customDomain' ? MESSAGES.agency.domainOnAnotherAccount : MESSAGES.agency.subdomainTaken);
    }
  }

  private async ownedDomain(region: Region, grant: WorkspaceGrant, query: CustomDomainQuery) {
    const agency = await this.agencies.current(region, grant.workspaceId);
    const fields = FIELDS[query.domainType];
    if (!agency || agency[fields.host] !== query.domain) throw notFound(AGENCY_API_MESSAGES.domainNotFound);
    return { agency, fields };
  }

  private subdomainEvent(region: Region, grant: WorkspaceGrant, agency: AgencyRecord, domain: string) {
    const { secret, ...shared } = viewOf(agency);
    return catalogOutboxEntry('new-agency-subdomain', {
      region,
      workspaceId: grant.workspaceId,
      data: { agency: shared, user: { uid: grant.workspaceId, ...(grant.email ? { email: grant.email } : {}) }, domain },
    });
  }
}

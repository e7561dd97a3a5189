import { DOMAIN_DNS, MESSAGES, type EmailDnsRecord, type EmailDomainResponse, type Region } from '@platform/contracts';
import { HttpError, conflict, notFound } from '@platform/kit';
import { EmailDomainProviderError, type EmailDomainProvider, type ProviderEmailDomain } from '../clients/email-domains';
import type { AgencyUseCases } from './agency';
import type { UseCaseDeps } from './deps';

const NOT_FOUND = 'This e-mail domain is not set on your agency.';
const PROVIDER_FAILED = 'The e-mail domain provider failed, please try again.';

/** Records as the Email tab shows them (MX with its priority 10). */
const shown = (records: EmailDnsRecord[]) => records.map((r) => (r.type === 'MX' ? { ...r, priority: r.priority ?? DOMAIN_DNS.mxPriority } : r));

/** The agency's e-mail sending domain (spec 4.2): not_started → pending → verified. */
export class EmailDomainUseCases {
  constructor(
    private readonly deps: UseCaseDeps & { emailDomains: EmailDomainProvider },
    private readonly agencies: AgencyUseCases,
  ) {}

  async add(region: Region, uid: string, agencyId: string, domain: string): Promise<EmailDomainResponse> {
    const agency = await this.agencies.owned(region, uid, agencyId);
    if (agency.resendEmailDomain === domain && agency.resendEmailDomainStatus !== 'verified') throw conflict(MESSAGES.agency.emailDomainAlreadyAdded);
    if (agency.resendEmailDomainId) await this.provider(() => this.deps.emailDomains.remove(agency.resendEmailDomainId!));
    const added = await this.provider(() => this.deps.emailDomains.add(domain));
    const records = shown(added.records);
    await this.deps.agencies.merge(region, agency.ID, {
      resendEmailDomain: domain,
      resendEmailDomainId: added.id,
      resendEmailDomainStatus: 'not_started',
      resendEmailDomainRecords_JSON_STRING: JSON.stringify(records),
    });
    return { success: true, data: { id: added.id, status: 'not_started', records } };
  }

  /** Verify DNS Records: the provider starts checking; the domain is pending. */
  async verify(region: Region, uid: string, id: string): Promise<void> {
    const agency = await this.ownedDomain(region, uid, id);
    await this.provider(() => this.deps.emailDomains.verify(id));
    if (agency.resendEmailDomainStatus !== 'verified') await this.deps.agencies.merge(region, agency.ID, { resendEmailDomainStatus: 'pending' });
  }

  /** The provider's status; verified is stored with the records it reports. */
  async status(region: Region, uid: string, id: string): Promise<EmailDomainResponse> {
    const agency = await this.ownedDomain(region, uid, id);
    const domain: ProviderEmailDomain = await this.provider(() => this.deps.emailDomains.get(id));
    const records = shown(domain.records);
    if (domain.status === 'verified' && agency.resendEmailDomainStatus !== 'verified') {
      await this.deps.agencies.merge(region, agency.ID, { resendEmailDomainStatus: 'verified', resendEmailDomainRecords_JSON_STRING: JSON.stringify(records) });
    }
    const status = domain.status === 'verified' ? 'verified' : (agency.resendEmailDomainStatus ?? 'not_started');
    return { success: true, data: { id, status, records } };
  }

  /** Delete Domain: the provider forgets it; the agency's domain, id and records reset and the status is not_started. */
  async remove(region: Region, uid: string, id: string): Promise<void> {
    const agency = await this.ownedDomain(region, uid, id);
    await this.provider(() => this.deps.emailDomains.remove(id));
    await this.deps.agencies.merge(region, agency.ID, { resendEmailDomainStatus: 'not_started' });
    await this.deps.agencies.unset(region, agency.ID, ['resendEmailDomain', 'resendEmailDomainId', 'resendEmailDomainRecords_JSON_STRING']);
  }

  private async ownedDomain(region: Region, uid: string, id: string) {
    const agency = await this.agencies.current(region, uid);
    if (!agency || agency.resendEmailDomainId !== id) throw notFound(NOT_FOUND);
    return agency;
  }

  private async provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof EmailDomainProviderError && err.status < 500) throw new HttpError(err.status === 404 ? 404 : 409, err.message);
      this.deps.logger.error({ err }, 'e-mail domain provider failed');
      throw new HttpError(502, PROVIDER_FAILED);
    }
  }
}

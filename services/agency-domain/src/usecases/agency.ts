import { AGENCY_API_MESSAGES, fontQueryName, newAgencySecret, retiredAgencyUserId, type Agency, type Region, type SaveAgencyRequest } from '@platform/contracts';
import { HttpError, forbidden, notFound } from '@platform/kit';
import { agenciesToRetire, newAgency } from '../domain/agency';
import { agencyChanged } from '../domain/agency-changed';
import type { AgencyRecord } from '../store/agencies';
import type { UseCaseDeps } from './deps';

export type AgencyView = Agency & { ID: string };

/** The stored agency as its owner sees it (bookkeeping fields dropped). */
export const viewOf = (record: AgencyRecord): AgencyView => {
  const { _id, announcedSubdomains, ...agency } = record;
  return agency;
};

/** The agency settings of a workspace (spec 3.1, 4.1, 4.4). */
export class AgencyUseCases {
  constructor(private readonly deps: UseCaseDeps) {}

  /** The workspace's agency, its duplicates retired first (spec 4.4); null before the first save. */
  async current(region: Region, uid: string): Promise<AgencyRecord | null> {
    const all = await this.deps.agencies.byOwner(region, uid);
    const { keep, retire } = agenciesToRetire(all);
    if (retire.length) {
      await this.deps.agencies.retire(region, retire.map((a) => a.ID), retiredAgencyUserId(uid));
      this.deps.logger.info({ uid, retired: retire.map((a) => a.ID) }, 'retired duplicate default agencies');
    }
    return keep ?? null;
  }

  /** The agency named by a call, which must be this workspace's. */
  async owned(region: Region, uid: string, agencyId: string): Promise<AgencyRecord> {
    const agency = await this.deps.agencies.find(region, agencyId);
    if (!agency) throw notFound(AGENCY_API_MESSAGES.noAgency);
    if (agency.userId !== uid) throw forbidden(AGENCY_API_MESSAGES.notYourAgency);
    return agency;
  }

  async read(region: Region, uid: string) {
    const agency = await this.current(region, uid);
    return { agency: agency ? viewOf(agency) : null, whitelabel: await this.deps.whitelabel.hasWhitelabel(region, uid), rootDomain: this.deps.rootDomain };
  }

  /**
   * Spec 4.1: make sure the agency exists (created with owner and creation time; if that
   * fails the save is aborted), then merge the form's data with a lastModified timestamp.
   */
  async save(region: Region, uid: string, fields: SaveAgencyRequest): Promise<{ agency: AgencyView; initialized: boolean }> {
    let ensured: { agency: AgencyRecord; created: boolean };
    try {
      const existing = await this.current(region, uid);
      const fresh = newAgency(uid, this.deps.now());
      ensured = existing ? { agency: existing, created: false } : await this.deps.agencies.ensure(region, { ...fresh, _id: fresh.ID });
    } catch (err) {
      this.deps.logger.error({ err, uid }, 'agency could not be created');
      throw new HttpError(500, AGENCY_API_MESSAGES.initializeFailed);
    }
    const changed = [agencyChanged(region, ensured.agency)];
    const saved = await this.deps.agencies.merge(region, ensured.agency.ID, { ...fields, lastModified: this.deps.now().getTime() }, changed).catch((err: unknown) => {
      this.deps.logger.error({ err, uid }, 'agency save failed');
      throw new HttpError(500, AGENCY_API_MESSAGES.saveFailed);
    });
    if (!saved) throw new HttpError(500, AGENCY_API_MESSAGES.saveFailed);
    this.deps.eventsWritten();
    return { agency: viewOf(saved), initialized: ensured.created };
  }

  async regenSecret(region: Region, uid: string): Promise<string> {
    const agency = await this.current(region, uid);
    if (!agency) throw notFound(AGENCY_API_MESSAGES.noAgency);
    const secret = newAgencySecret();
    await this.deps.agencies.merge(region, agency.ID, { secret }, [agencyChanged(region, agency)]);
    this.deps.eventsWritten();
    return secret;
  }

  /** Spec 5: inherit is always accepted; otherwise the fonts service must know the family. */
  async fontExists(font: string): Promise<boolean> {
    const query = fontQueryName(font);
    return query === null ? true : query.length > 0 && this.deps.fonts.exists(query);
  }
}

import type { Agency, DnsReminder, Region } from '@platform/contracts';
import { OUTBOX_PROJECTION, updateWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import type { Collection } from 'mongodb';
import { COLLECTION } from './collections';

/** An agency as stored: `_id` = ID; `announcedSubdomains` remembers which subdomains were announced (new-agency-subdomain once each). */
export type AgencyRecord = Agency & { _id: string; ID: string; userId: string; announcedSubdomains?: string[] };

/** FerretDB refuses projections in findAndModify: what the owner never sees is dropped here. */
function stored(doc: unknown): AgencyRecord | null {
  if (!doc) return null;
  const { _outbox, _outboxAt, _outboxLease, ...record } = doc as AgencyRecord & Record<string, unknown>;
  return record as AgencyRecord;
}

export class AgencyStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private agencies(region: Region): Collection<AgencyRecord> {
    return this.mongo.collection<AgencyRecord>(region, COLLECTION.agencies);
  }

  async byOwner(region: Region, uid: string): Promise<AgencyRecord[]> {
    return (await this.agencies(region).find({ userId: uid }, { projection: { ...OUTBOX_PROJECTION } }).toArray()) as AgencyRecord[];
  }

  async find(region: Region, id: string): Promise<AgencyRecord | null> {
    return (await this.agencies(region).findOne({ _id: id }, { projection: { ...OUTBOX_PROJECTION } })) as AgencyRecord | null;
  }

  /** Creates the agency unless the workspace already has one; answers the workspace's agency and whether it was created. */
  async ensure(region: Region, fresh: AgencyRecord): Promise<{ agency: AgencyRecord; created: boolean }> {
    const result = await this.agencies(region).findOneAndUpdate(
      { userId: fresh.userId },
      { $setOnInsert: fresh },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    return { agency: stored(result.value)!, created: !result.lastErrorObject?.updatedExisting };
  }

  /** Merges fields into the agency (spec 4.1: merged into the document). */
  async merge(region: Region, id: string, fields: Partial<Agency>, events: OutboxEntry[] = [], extra: { addAnnounced?: string } = {}): Promise<AgencyRecord | null> {
    const update = updateWithOutbox<AgencyRecord>(
      { $set: fields, ...(extra.addAnnounced ? { $addToSet: { announcedSubdomains: extra.addAnnounced } } : {}) },
      events,
    );
    return stored(await this.agencies(region).findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' }));
  }

  async unset(region: Region, id: string, fields: readonly (keyof Agency)[], events: OutboxEntry[] = []): Promise<void> {
    await this.agencies(region).updateOne({ _id: id }, updateWithOutbox<AgencyRecord>({ $unset: Object.fromEntries(fields.map((f) => [f, ''])) }, events));
  }

  /** Spec 4.4: a retired duplicate keeps its data but belongs to `deleted-{uid}`. */
  async retire(region: Region, ids: string[], retiredUserId: string): Promise<void> {
    // One by id: an $in filter is not answered from the index by every store (FerretDB).
    for (const id of ids) await this.agencies(region).updateOne({ _id: id }, { $set: { userId: retiredUserId } });
  }

  /** Agencies other than `exceptId` in this region that use `host` as subdomain or custom domain (one indexed query per field). */
  async othersUsingHost(region: Region, host: string, exceptId?: string): Promise<AgencyRecord[]> {
    const found = [...(await this.withHost(region, 'VGsubDomain', host)), ...(await this.withHost(region, 'customDomain', host))];
    return found.filter((agency) => agency._id !== exceptId);
  }

  /** The agency whose verified subdomain or custom domain is `host`. */
  async byVerifiedHost(region: Region, host: string): Promise<AgencyRecord | null> {
    const bySubdomain = (await this.withHost(region, 'VGsubDomain', host)).find((a) => a.isVerifiedSubDomain);
    return bySubdomain ?? (await this.withHost(region, 'customDomain', host)).find((a) => a.isVerifiedCustomDomain) ?? null;
  }

  private async withHost(region: Region, field: 'VGsubDomain' | 'customDomain', host: string): Promise<AgencyRecord[]> {
    return (await this.agencies(region).find({ [field]: host }, { projection: { ...OUTBOX_PROJECTION } }).toArray()) as AgencyRecord[];
  }

  /** A reminder to finish a domain's DNS setup; one per agency and domain. */
  async remindDns(region: Region, reminder: Required<Pick<DnsReminder, 'agencyId' | 'domain'>> & DnsReminder): Promise<void> {
    await this.mongo
      .collection(region, COLLECTION.dnsReminders)
      .updateOne({ agencyId: reminder.agencyId, domain: reminder.domain }, { $setOnInsert: { ...reminder, sent: false } }, { upsert: true });
  }
}

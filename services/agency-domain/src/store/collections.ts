import { COLLECTIONS } from '@platform/contracts';
import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

/** The collections this service owns, in every regional database. */
export const COLLECTION = {
  /** the spec's agencies/{ID}: `_id` = ID */
  agencies: COLLECTIONS.agencies,
  /** the spec's agencies/{agencyId}/dns_reminders */
  dnsReminders: 'agency_dns_reminders',
} as const;

export const INDEXES: CollectionIndexes[] = [
  {
    collection: COLLECTION.agencies,
    indexes: [
      // The workspace's agency (and its duplicates, spec 4.4).
      { key: { userId: 1 }, name: 'agencies_by_owner' },
      // Host → agency (the gateway's agency hosts, uniqueness across regions).
      { key: { VGsubDomain: 1 }, name: 'agencies_by_subdomain', sparse: true },
      { key: { customDomain: 1 }, name: 'agencies_by_custom_domain', sparse: true },
      OUTBOX_INDEX,
    ],
  },
  { collection: COLLECTION.dnsReminders, indexes: [{ key: { agencyId: 1, domain: 1 }, name: 'dns_reminders_by_agency_domain', unique: true }] },
];

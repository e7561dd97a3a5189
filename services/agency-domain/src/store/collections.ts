import { COLLECTIONS } from '@platform/contracts';
import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

/** The collections this service owns, in every regional database. */
export const COLLECTION = {
  /** the spec's agencies/{ID}: `_id` = ID */
  agencies: COLLECTIONS.agencies,
  /** the spec's agencies/{agencyId}/dns_reminders */
  dnsReminders: 'agency_dns_reminders',
  /** the spec's orgs/{ID} and clients/{ID} (the clients module, ADR 0019) */
  organizations: COLLECTIONS.organizations,
  clients: COLLECTIONS.clients,
  clientSessions: 'client_sessions',
  clientLoginCodes: 'client_login_codes',
  clientLoginTokens: 'client_login_tokens',
  /** wrong-password counters (the kit's RateLimiter) */
  clientSignInAttempts: 'client_sign_in_attempts',
  /** client_created and tab-click analytics events */
  clientAnalytics: 'client_analytics',
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
  {
    collection: COLLECTION.organizations,
    indexes: [
      { key: { agencyId: 1 }, name: 'orgs_by_agency' },
      // who is notified about an agent (organizationsByAgent)
      { key: { widgetIDs: 1 }, name: 'orgs_by_agent' },
    ],
  },
  {
    collection: COLLECTION.clients,
    indexes: [
      // spec 5: one client per e-mail across the agency's organisations
      { key: { agencyId: 1, email: 1 }, name: 'clients_by_agency_email', unique: true },
      { key: { email: 1 }, name: 'clients_by_email' },
      { key: { orgId: 1 }, name: 'clients_by_org' },
    ],
  },
  { collection: COLLECTION.clientSessions, indexes: [{ key: { clientId: 1 }, name: 'client_sessions_by_client' }, { key: { orgId: 1 }, name: 'client_sessions_by_org' }] },
  { collection: COLLECTION.clientLoginCodes, indexes: [{ key: { clientId: 1, createdAt: -1 }, name: 'client_login_codes_by_client' }] },
  { collection: COLLECTION.clientAnalytics, indexes: [{ key: { agencyId: 1, ts: -1 }, name: 'client_analytics_by_agency' }] },
];

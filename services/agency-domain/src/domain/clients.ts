import {
  CLIENT_DEFAULTS,
  CLIENT_SIGN_IN,
  DEFAULT_CLIENT_ACCESS,
  ORGANIZATION_DEFAULTS,
  newDocumentId,
  seesEveryPage,
  type Client,
  type ClientView,
  type OrgUserView,
  type Organization,
  type OrganizationView,
} from '@platform/contracts';

/** An organisation as stored: `_id` = ID; `agencyId` and `ownerID` (the agency's workspace) say whose it is. */
export type OrganizationRecord = Organization & { _id: string; ID: string; agencyId: string; ownerID: string };
/** A client as stored: the password only as a hash; `agencyId` keeps e-mails unique per agency. */
export type ClientRecord = Omit<Client, 'dashboardPassword'> & { _id: string; ID: string; orgId: string; agencyId: string; email: string; passwordHash?: string };

/** Spec 3.7 defaults of a new organisation. */
export function newOrganization(agencyId: string, ownerID: string, name: string | undefined, now: Date): OrganizationRecord {
  const ID = newDocumentId();
  return {
    _id: ID,
    ID,
    agencyId,
    ownerID,
    name: name?.trim() || ORGANIZATION_DEFAULTS.name,
    widgetIDs: [],
    orgUsers: [],
    preferredLanguage: CLIENT_DEFAULTS.preferredLanguage,
    dashboardLayout: ORGANIZATION_DEFAULTS.dashboardLayout,
    defaultClientAccess: [...DEFAULT_CLIENT_ACCESS],
    defaultClientTabOrder: [...DEFAULT_CLIENT_ACCESS],
    loadTokens: 0,
    settings: {},
    lastModified: now.getTime(),
  };
}

export const organizationView = ({ _id, ...organization }: OrganizationRecord): OrganizationView => organization;

/** What any API answers about a client: never its password (hash) or push token. */
export function clientView(record: ClientRecord): ClientView {
  const { _id, passwordHash, FB_PUSH_TOKEN, agencyId, ...client } = record;
  return client;
}

/** What another client of the organisation (its admin) reads about a user: nor its Stripe customer (billing §3; ADR 0045). */
export function orgUserView(record: ClientRecord): OrgUserView {
  const { stripeCustomerId, ...user } = clientView(record);
  return user;
}

/** E-mails compare case-insensitively (one client per address and agency). */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Spec 5: an e-mail of a client of a different organisation of the agency is refused (the message names that organisation). */
export function emailTakenByOtherOrg(existing: Pick<ClientRecord, 'ID' | 'orgId'> | null, saving: { ID?: string; orgId: string }): string | null {
  if (!existing || existing.ID === saving.ID) return null;
  return existing.orgId !== saving.orgId ? existing.orgId : null;
}

/** Pages the client may open: an agency admin, and a client made isAdmin, every agency admin page (spec 4.4; ADR 0045), a client its canAccess. */
export const pagesOf = (client: Pick<ClientRecord, 'canAccess' | 'isAdmin'> | null, agencyAdmin: boolean): string[] =>
  seesEveryPage(agencyAdmin, client) ? [...CLIENT_SIGN_IN.agencyAdminPages] : [...(client?.canAccess ?? DEFAULT_CLIENT_ACCESS)];

/** The identity id of an agency admin signed in with the agency secret (no client record). */
export const agencyAdminClientId = (agencyId: string) => `agency-admin-${agencyId}`;
export const isAgencyAdminClientId = (clientId: string) => clientId.startsWith('agency-admin-');

import {
  CLIENTS_API_MESSAGES,
  CLIENT_DEFAULTS,
  DEFAULT_CLIENT_ACCESS,
  MESSAGES,
  clientAgentIds,
  clientSeesAgent,
  newDocumentId,
  orgAdminAccessChange,
  type ClientView,
  type OrgAdminSaveClientRequest,
  type OrgUserView,
  type OrganizationRecipients,
  type OrganizationView,
  type Region,
  type SaveClientRequest,
  type SaveOrganizationRequest,
  type SaveOwnOrganizationRequest,
  type UpdateOwnClientRequest,
  type WebPushSubscription,
} from '@platform/contracts';
import { badRequest, forbidden, hashPassword, notFound, type ClientCaller } from '@platform/kit';
import { clientView, emailTakenByOtherOrg, isAgencyAdminClientId, newOrganization, normalEmail, orgUserView, organizationView, pagesOf, type ClientRecord, type OrganizationRecord } from '../domain/clients';
import type { AgencyRecord } from '../store/agencies';
import type { OrganizationBillingRegistry } from '../clients/organization-billing';
import type { ClientStore } from '../store/clients';
import type { AgencyUseCases } from './agency';
import type { UseCaseDeps } from './deps';

export interface OrganizationDeps extends Pick<UseCaseDeps, 'logger' | 'now'> {
  clients: ClientStore;
  agencies: AgencyUseCases;
  billing: OrganizationBillingRegistry;
}

/** Organisations and clients (spec 3.6, 3.7, 5, 6): the agency (root admin), organisation admins, the client itself. */
export class OrganizationUseCases {
  constructor(private readonly deps: OrganizationDeps) {}

  // The agency (a member of the agency's workspace): the root admin.

  async list(region: Region, uid: string): Promise<{ organizations: OrganizationView[]; clients: ClientView[] }> {
    const agency = await this.deps.agencies.current(region, uid);
    if (!agency) return { organizations: [], clients: [] };
    const [organizations, clients] = await Promise.all([this.deps.clients.organizationsOf(region, agency.ID), this.deps.clients.clientsOfAgency(region, agency.ID)]);
    return { organizations: organizations.map(organizationView), clients: clients.map(clientView) };
  }

  /** A new organisation (New Organization unless named); the agency is created first if the workspace has none yet. */
  async create(region: Region, uid: string, name: string | undefined): Promise<OrganizationView> {
    const agency = (await this.deps.agencies.current(region, uid)) ?? (await this.deps.agencies.save(region, uid, {})).agency;
    const org = newOrganization(agency.ID, uid, name, this.deps.now());
    await this.deps.clients.insertOrganization(region, org);
    // Billing is told whose organisation this is; if it cannot be told now, the organisation still exists
    // and billing learns it from the root admin's or a client's first billing call (ADR 0022).
    await this.deps.billing.register(region, org.ID, uid).catch((err: unknown) => this.deps.logger.warn({ err, orgId: org.ID }, 'billing was not told about the new organisation'));
    return organizationView(org);
  }

  async save(region: Region, uid: string, orgId: string, fields: SaveOrganizationRequest): Promise<OrganizationView> {
    if (fields.ID !== orgId) throw badRequest(MESSAGES.clients.organizationIdMissing);
    const { org } = await this.agencyOrganization(region, uid, orgId);
    // Billing decides Allow billing (spec 6: only with a connected payment account); a refusal saves nothing.
    if (fields.allowBilling !== undefined && fields.allowBilling !== Boolean(org.allowBilling)) await this.deps.billing.setAllowBilling(region, orgId, uid, fields.allowBilling);
    const saved = await this.deps.clients.updateOrganization(region, orgId, { ...fields, lastModified: this.deps.now().getTime() });
    return organizationView(saved!);
  }

  async remove(region: Region, uid: string, orgId: string): Promise<void> {
    await this.agencyOrganization(region, uid, orgId);
    await this.deps.clients.deleteOrganization(region, orgId);
  }

  /** The client drawer: creates or updates a client of one of the agency's organisations. */
  async saveClient(region: Region, uid: string, request: SaveClientRequest): Promise<{ client: ClientView; created: boolean }> {
    const { agency, org } = await this.agencyOrganization(region, uid, request.orgId);
    if (request.ID) await this.agencyClient(region, agency.ID, request.ID);
    // A client's own agents narrow its organisation's, never widen them (ADR 0045).
    const foreign = (request.widgetIDs ?? []).find((agentId) => !(org.widgetIDs ?? []).includes(agentId));
    if (foreign) throw badRequest(CLIENTS_API_MESSAGES.clientAgentNotInOrganization(foreign));
    const { record, created } = await this.write(region, agency.ID, request);
    return { client: clientView(record), created };
  }

  async removeClient(region: Region, uid: string, clientId: string): Promise<void> {
    const agency = await this.agencyOf(region, uid);
    await this.agencyClient(region, agency.ID, clientId);
    await this.deps.clients.deleteClient(region, clientId);
  }

  /**
   * The client invite's addressee: the client with this e-mail among the organisations of the
   * workspace's agency, which `agencyId` must name (another agency's clients are not revealed: 404).
   */
  async invitee(region: Region, uid: string, agencyId: string, email: string): Promise<{ agency: AgencyRecord; client: ClientRecord }> {
    const agency = await this.agencyOf(region, uid);
    const client = agency.ID === agencyId ? await this.deps.clients.clientByEmail(region, agency.ID, normalEmail(email)) : null;
    if (!client) throw notFound(MESSAGES.clients.unknownEmail);
    return { agency, client };
  }

  // A signed-in client: itself, and its organisation when it is the organisation's admin.

  async ownOrganization(caller: ClientCaller): Promise<OrganizationRecord> {
    const org = await this.deps.clients.organization(caller.region as Region, caller.orgId);
    if (!org || org.agencyId !== caller.agencyId) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    return org;
  }

  /** The client record of the caller (null for an agency admin signed in with the secret). */
  async self(caller: ClientCaller): Promise<ClientRecord | null> {
    if (caller.agencyAdmin) return null;
    const client = await this.deps.clients.client(caller.region as Region, caller.clientId);
    if (!client || client.orgId !== caller.orgId) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    return client;
  }

  async updateSelf(caller: ClientCaller, fields: UpdateOwnClientRequest): Promise<ClientView> {
    const client = await this.self(caller);
    if (!client) throw badRequest(CLIENTS_API_MESSAGES.clientUpdateFailed);
    const region = caller.region as Region;
    const set: Partial<ClientRecord> = { ...fields, ts: this.deps.now().getTime() };
    if (fields.email) {
      set.email = normalEmail(fields.email);
      const taken = emailTakenByOtherOrg(await this.deps.clients.clientByEmail(region, caller.agencyId, set.email), client);
      if (taken) throw badRequest(MESSAGES.clients.existsInOtherOrg(taken));
    }
    if (fields.notificationsSettings) set.notificationsSettings = { ...client.notificationsSettings, ...fields.notificationsSettings };
    return clientView((await this.deps.clients.updateClient(region, client.ID, set))!);
  }

  /** The Browser Notifications switch turned on: the browser's push subscription, kept as the client's FB_PUSH_TOKEN. */
  async savePushToken(caller: ClientCaller, subscription: WebPushSubscription): Promise<void> {
    const client = await this.self(caller);
    if (!client) throw badRequest(CLIENTS_API_MESSAGES.clientUpdateFailed);
    const { endpoint, expirationTime, keys } = subscription;
    await this.deps.clients.updateClient(caller.region as Region, client.ID, { FB_PUSH_TOKEN: JSON.stringify({ endpoint, expirationTime, keys: { p256dh: keys.p256dh, auth: keys.auth } }) });
  }

  /** The switch turned off. */
  async removePushToken(caller: ClientCaller): Promise<void> {
    const client = await this.self(caller);
    if (client) await this.deps.clients.removePushToken(caller.region as Region, client.ID);
  }

  /** The push service answered 404/410 for `endpoint`: the client's subscription with that endpoint is gone. */
  async pushTokenGone(region: Region, clientId: string, endpoint: string): Promise<boolean> {
    const token = (await this.deps.clients.client(region, clientId))?.FB_PUSH_TOKEN;
    if (!token || pushEndpointOf(token) !== endpoint) return false;
    return this.deps.clients.removePushToken(region, clientId, token);
  }

  /** Organisation admins (and the agency admin) act on their organisation; others get 'You are not an admin'. */
  async asOrgAdmin(caller: ClientCaller): Promise<OrganizationRecord> {
    const org = await this.ownOrganization(caller);
    const client = await this.self(caller);
    if (!caller.agencyAdmin && !client?.isOrgAdmin) throw forbidden(MESSAGES.clients.notAdmin);
    return org;
  }

  async orgClients(caller: ClientCaller): Promise<OrgUserView[]> {
    const org = await this.asOrgAdmin(caller);
    return (await this.deps.clients.clientsOfOrganization(caller.region as Region, org.ID)).map(orgUserView);
  }

  async saveOwnOrganization(caller: ClientCaller, fields: SaveOwnOrganizationRequest): Promise<OrganizationView> {
    const org = await this.asOrgAdmin(caller);
    return organizationView((await this.deps.clients.updateOrganization(caller.region as Region, org.ID, { ...fields, lastModified: this.deps.now().getTime() }))!);
  }

  /**
   * + Add User and assigning others (spec §6): a user of the admin's organisation, new ones with the
   * organisation's default access and tab order. The admin changes other users' access giving or
   * taking only pages it opens itself, never its own access (ADR 0045).
   */
  async saveOrgClient(caller: ClientCaller, request: OrgAdminSaveClientRequest): Promise<{ client: OrgUserView; created: boolean }> {
    const org = await this.asOrgAdmin(caller);
    const region = caller.region as Region;
    const self = await this.self(caller);
    // Advanced client settings are visible to the root admin, or when hideAdvancedSettings is not set (spec §6).
    if ((request.allowCreateAgents !== undefined || request.canDelegateChats !== undefined) && self?.hideAdvancedSettings) {
      throw forbidden(CLIENTS_API_MESSAGES.clientAdvancedSettingsHidden);
    }
    const existing = request.ID ? await this.deps.clients.client(region, request.ID) : null;
    if (request.ID && (!existing || existing.orgId !== org.ID)) throw notFound(CLIENTS_API_MESSAGES.clientNotFound);
    const defaults = { canAccess: org.defaultClientAccess ?? [...DEFAULT_CLIENT_ACCESS], clientTabOrder: org.defaultClientTabOrder ?? org.defaultClientAccess ?? [...DEFAULT_CLIENT_ACCESS] };
    if (request.canAccess !== undefined || request.clientTabOrder !== undefined) {
      if (existing && existing.ID === self?.ID) throw forbidden(CLIENTS_API_MESSAGES.orgAdminOwnAccess);
      const outside = request.canAccess && orgAdminAccessChange(existing?.canAccess ?? defaults.canAccess, request.canAccess, caller.agencyAdmin ? 'any' : pagesOf(self, false));
      if (outside) throw forbidden(CLIENTS_API_MESSAGES.orgAdminPageNotOwn(outside));
    }
    const { record, created } = await this.write(region, caller.agencyId, { ...(existing ? {} : defaults), ...request, orgId: org.ID });
    return { client: orgUserView(record), created };
  }

  async recordTabClick(caller: ClientCaller, tab: string, agentId: string | undefined): Promise<void> {
    await this.deps.clients.analytics(caller.region as Region).insertOne({
      _id: newDocumentId(),
      event: 'tab_click',
      agencyId: caller.agencyId,
      orgId: caller.orgId,
      clientId: caller.clientId,
      tab,
      ...(agentId ? { agentId } : {}),
      ts: this.deps.now(),
    });
  }

  // Platform services (the gateway's signed `gateway` identity).

  /** Who is told about an agent: its organisations' clients who see it (a client's own widgetIDs narrow them; ADR 0045). */
  async byAgent(region: Region, agentId: string): Promise<OrganizationRecipients[]> {
    const orgs = await this.deps.clients.organizationsWithAgent(region, agentId);
    return Promise.all(orgs.map((org) => this.recipientsOf(region, org, (client) => clientSeesAgent(org, client, agentId))));
  }

  /** One organisation's recipients (its credits running low, ADR 0026). */
  async recipients(region: Region, orgId: string): Promise<OrganizationRecipients> {
    const org = await this.deps.clients.organization(region, orgId);
    if (!org) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    return this.recipientsOf(region, org);
  }

  private async recipientsOf(region: Region, org: { ID: string; name?: string; agencyId: string; ownerID?: string }, told: (client: ClientRecord) => boolean = () => true): Promise<OrganizationRecipients> {
    return {
      ID: org.ID,
      name: org.name,
      agencyId: org.agencyId,
      ownerID: org.ownerID,
      clients: (await this.deps.clients.clientsOfOrganization(region, org.ID)).filter(told).map(({ ID, email, name, preferredLanguage, notificationsSettings, FB_PUSH_TOKEN }) => ({ ID, email, name, preferredLanguage, notificationsSettings, pushToken: FB_PUSH_TOKEN })),
    };
  }

  /**
   * What the agent service's rule needs about a client: the agents it sees (its organisation's,
   * narrowed by its own widgetIDs), whether it may create agents, its pages (every agency admin
   * page for isAdmin), disabled access (clients only; ADR 0045).
   */
  async access(region: Region, orgId: string, clientId: string) {
    const org = await this.deps.clients.organization(region, orgId);
    if (!org) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    const agencyAdmin = isAgencyAdminClientId(clientId);
    const client = agencyAdmin ? null : await this.deps.clients.client(region, clientId);
    if (!agencyAdmin && (!client || client.orgId !== orgId)) throw notFound(CLIENTS_API_MESSAGES.clientNotFound);
    return {
      widgetIDs: clientAgentIds(org, client),
      allowCreateAgents: agencyAdmin || !!client?.allowCreateAgents,
      // disableClientAccess blocks clients (spec §6), isAdmin ones too, not the agency signed in with its secret.
      disabled: !agencyAdmin && !!org.settings?.disableClientAccess,
      workspaceId: org.ownerID,
      canAccess: pagesOf(client, agencyAdmin),
    };
  }

  /** Billing §3: a client who set up its organisation's payment carries the organisation's Stripe customer too (its own organisation's only). */
  async recordStripeCustomer(region: Region, clientId: string, orgId: string, stripeCustomerId: string): Promise<void> {
    const client = await this.deps.clients.client(region, clientId);
    if (!client || client.orgId !== orgId) throw notFound(CLIENTS_API_MESSAGES.clientNotFound);
    await this.deps.clients.updateClient(region, clientId, { stripeCustomerId });
  }

  /** An agent a client created: the organisation's, and the client's own when it lists agents (it would not see it otherwise). */
  async addAgent(region: Region, orgId: string, agentId: string, clientId: string | undefined): Promise<void> {
    if (!(await this.deps.clients.addOrganizationAgent(region, orgId, agentId))) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    const client = clientId && !isAgencyAdminClientId(clientId) ? await this.deps.clients.client(region, clientId) : null;
    if (client?.orgId === orgId && client.widgetIDs?.length) await this.deps.clients.addClientAgent(region, client.ID, agentId);
  }

  // Shared rules

  /**
   * Spec 3.6 and 5: one client per e-mail across the agency's organisations (saving an e-mail
   * of the same organisation updates that client), the password stored only hashed, status
   * offline on every save; `client_created` on creation.
   */
  private async write(region: Region, agencyId: string, request: Partial<SaveClientRequest> & { orgId: string; name: string; email: string }): Promise<{ record: ClientRecord; created: boolean }> {
    const { dashboardPassword, ID, ...fields } = request;
    const email = normalEmail(fields.email);
    const sameEmail = await this.deps.clients.clientByEmail(region, agencyId, email);
    const taken = emailTakenByOtherOrg(sameEmail, { ID, orgId: request.orgId });
    if (taken) throw badRequest(MESSAGES.clients.existsInOtherOrg(taken));
    const id = ID ?? sameEmail?.ID;
    if (id && sameEmail && sameEmail.ID !== id) throw badRequest(MESSAGES.clients.existsInOtherOrg(sameEmail.orgId));
    const now = this.deps.now().getTime();
    const set: Partial<ClientRecord> = { ...fields, email, status: CLIENT_DEFAULTS.statusOnSave, ts: now, ...(dashboardPassword ? { passwordHash: await hashPassword(dashboardPassword) } : {}) };
    if (id) {
      const saved = await this.deps.clients.updateClient(region, id, set);
      if (!saved) throw notFound(CLIENTS_API_MESSAGES.clientNotFound);
      return { record: saved, created: false };
    }
    if (!dashboardPassword) throw badRequest(MESSAGES.clients.fieldsRequired);
    const newId = newDocumentId();
    const record: ClientRecord = {
      canAccess: [...DEFAULT_CLIENT_ACCESS],
      notificationsSettings: { notifyThrough: CLIENT_DEFAULTS.notifyThrough, notifyIf: CLIENT_DEFAULTS.notifyIf },
      preferredLanguage: CLIENT_DEFAULTS.preferredLanguage,
      ...set,
      _id: newId,
      ID: newId,
      agencyId,
      orgId: request.orgId,
      email,
    } as ClientRecord;
    try {
      await this.deps.clients.insertClient(region, record);
    } catch (err) {
      // Two saves of one e-mail at once: the unique index keeps one; the other is told who has it.
      const winner = (err as { code?: number }).code === 11000 ? await this.deps.clients.clientByEmail(region, agencyId, email) : null;
      if (winner) throw badRequest(MESSAGES.clients.existsInOtherOrg(winner.orgId));
      throw err;
    }
    await this.deps.clients.analytics(region).insertOne({ _id: newDocumentId(), event: 'client_created', agencyId, orgId: request.orgId, clientId: newId, ts: this.deps.now() });
    return { record, created: true };
  }

  private async agencyOf(region: Region, uid: string): Promise<AgencyRecord> {
    const agency = await this.deps.agencies.current(region, uid);
    if (!agency) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    return agency;
  }

  /** The organisation named, which must be the workspace's agency's (else 404: another agency's organisations are not revealed). */
  private async agencyOrganization(region: Region, uid: string, orgId: string): Promise<{ agency: AgencyRecord; org: OrganizationRecord }> {
    const agency = await this.agencyOf(region, uid);
    const org = await this.deps.clients.organization(region, orgId);
    if (!org || org.agencyId !== agency.ID) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    return { agency, org };
  }

  private async agencyClient(region: Region, agencyId: string, clientId: string): Promise<ClientRecord> {
    const client = await this.deps.clients.client(region, clientId);
    if (!client || client.agencyId !== agencyId) throw notFound(CLIENTS_API_MESSAGES.clientNotFound);
    return client;
  }
}

function pushEndpointOf(token: string): string | undefined {
  try {
    return (JSON.parse(token) as Partial<WebPushSubscription>).endpoint;
  } catch {
    return undefined;
  }
}

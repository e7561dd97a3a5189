import Joi from 'joi';
import {
  CLIENTS_API,
  CLIENTS_API_MESSAGES,
  addOrganizationAgentRequestSchema,
  clientInviteRequestSchema,
  clientStripeCustomerRequestSchema,
  createOrganizationRequestSchema,
  documentId,
  orgAdminSaveClientRequestSchema,
  routeOf,
  saveClientRequestSchema,
  saveOrganizationRequestSchema,
  saveOwnOrganizationRequestSchema,
  tabClickRequestSchema,
  updateOwnClientRequestSchema,
  savePushTokenRequestSchema,
  dropPushTokenRequestSchema,
  type ResponseOf,
} from '@platform/contracts';
import type { ClientAuthUseCases } from '../usecases/client-auth';
import type { OrganizationUseCases } from '../usecases/organizations';
import { uidParams, type AgencyRouteSpec } from './agency-routes';

const orgParams = Joi.object({ uid: documentId().required(), orgId: documentId().required() });
const clientParams = Joi.object({ uid: documentId().required(), clientId: documentId().required() });

/** The agency's Clients screen: organisations and clients of the workspace's agency (members of that workspace, its secret). */
export function agencyClientRoutes(orgs: OrganizationUseCases, auth: ClientAuthUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(CLIENTS_API.listOrganizations),
      summary: "The agency's organisations and their clients (never a password)",
      access: 'member',
      schemas: { params: uidParams },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: '{success, organizations, clients}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, ...(await orgs.list(req.region, grant.workspaceId)) } satisfies ResponseOf<typeof CLIENTS_API.listOrganizations>);
      },
    },
    {
      ...routeOf(CLIENTS_API.createOrganization),
      summary: 'A new organisation (New Organization, vertical layout, the default client access)',
      access: 'member',
      schemas: { params: uidParams, body: createOrganizationRequestSchema },
      workspace: (req) => req.params.uid!,
      success: { status: 201, description: '{success, organization}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.status(201).json({ success: true, organization: await orgs.create(req.region, grant.workspaceId, req.body.name) } satisfies ResponseOf<typeof CLIENTS_API.createOrganization>);
      },
    },
    {
      ...routeOf(CLIENTS_API.saveOrganization),
      summary: 'The organisation drawer (root admin): Organization updated successfully!',
      access: 'member',
      schemas: { params: orgParams, body: saveOrganizationRequestSchema },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: "{success, organization, message: 'Organization updated successfully!'}" },
      failures: [400, 401, 402, 403, 404, 503],
      handler: async (req, res, grant) => {
        const organization = await orgs.save(req.region, grant.workspaceId, req.params.orgId!, req.body);
        res.json({ success: true, organization, message: CLIENTS_API_MESSAGES.organizationUpdated } satisfies ResponseOf<typeof CLIENTS_API.saveOrganization>);
      },
    },
    {
      ...routeOf(CLIENTS_API.deleteOrganization),
      summary: 'Deletes the organisation and its clients (their sessions end)',
      access: 'member',
      schemas: { params: orgParams },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        await orgs.remove(req.region, grant.workspaceId, req.params.orgId!);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.deleteOrganization>);
      },
    },
    {
      ...routeOf(CLIENTS_API.saveClient),
      summary: 'The client drawer (root admin): creates or updates a client; Please fill out all fields., Client already exists to org: {orgId}',
      access: 'member',
      schemas: { params: uidParams, body: saveClientRequestSchema },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: '{success, client, message}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        const { client } = await orgs.saveClient(req.region, grant.workspaceId, req.body);
        res.json({ success: true, client, message: CLIENTS_API_MESSAGES.clientUpdated } satisfies ResponseOf<typeof CLIENTS_API.saveClient>);
      },
    },
    {
      ...routeOf(CLIENTS_API.deleteClient),
      summary: 'Deletes the client (its sessions end)',
      access: 'member',
      schemas: { params: clientParams },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        await orgs.removeClient(req.region, grant.workspaceId, req.params.clientId!);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.deleteClient>);
      },
    },
    {
      ...routeOf(CLIENTS_API.inviteClient),
      summary: "The client invite {email, code?, agencyId}: e-mails a one-time login link on the agency's host (and the code, when given) from the agency's brand",
      access: 'member',
      schemas: { params: uidParams, body: clientInviteRequestSchema },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: '{success, data: {clientData (never a password), sendEmailRes {messageId, accepted, rejected}}}' },
      failures: [400, 401, 403, 404, 429],
      handler: async (req, res, grant) => {
        const { agency, client } = await orgs.invitee(req.region, grant.workspaceId, req.body.agencyId, req.body.email);
        res.json({ success: true, data: await auth.invite(req.region, agency, client, req.body.code) } satisfies ResponseOf<typeof CLIENTS_API.inviteClient>);
      },
    },
  ];
}

/** The signed-in client: its session, its account, its organisation when it is the organisation's admin. */
export function signedInClientRoutes(orgs: OrganizationUseCases, auth: ClientAuthUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(CLIENTS_API.getClientSession),
      summary: 'The signed-in client, its organisation and the pages it may open',
      access: 'client',
      success: { status: 200, description: 'ClientSessionResponse' },
      failures: [401, 403, 404],
      handler: async (_req, res, caller) => {
        res.json((await auth.sessionOf(caller)) satisfies ResponseOf<typeof CLIENTS_API.getClientSession>);
      },
    },
    {
      ...routeOf(CLIENTS_API.updateOwnClient),
      summary: 'Account Settings, status button, notification settings, push token: Updated client data',
      access: 'client',
      schemas: { body: updateOwnClientRequestSchema },
      success: { status: 200, description: '{success, client, message}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, caller) => {
        res.json({ success: true, client: await orgs.updateSelf(caller, req.body), message: CLIENTS_API_MESSAGES.clientUpdated } satisfies ResponseOf<typeof CLIENTS_API.updateOwnClient>);
      },
    },
    {
      ...routeOf(CLIENTS_API.savePushToken),
      summary: "The Browser Notifications switch turned on: the browser's push subscription becomes the client's FB_PUSH_TOKEN (never shown to anyone)",
      access: 'client',
      schemas: { body: savePushTokenRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, caller) => {
        await orgs.savePushToken(caller, req.body.subscription);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.savePushToken>);
      },
    },
    {
      ...routeOf(CLIENTS_API.removePushToken),
      summary: "The Browser Notifications switch turned off: the client's FB_PUSH_TOKEN is removed",
      access: 'client',
      success: { status: 200, description: '{success}' },
      failures: [401, 403, 404],
      handler: async (_req, res, caller) => {
        await orgs.removePushToken(caller);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.removePushToken>);
      },
    },
    {
      ...routeOf(CLIENTS_API.listOrgClients),
      summary: "The users of the organisation (organisation admins; others: You are not an admin)",
      access: 'client',
      success: { status: 200, description: '{success, clients}' },
      failures: [401, 403, 404],
      handler: async (_req, res, caller) => {
        res.json({ success: true, clients: await orgs.orgClients(caller) } satisfies ResponseOf<typeof CLIENTS_API.listOrgClients>);
      },
    },
    {
      ...routeOf(CLIENTS_API.saveOwnOrganization),
      summary: 'About (organisation admins): Organization updated successfully!',
      access: 'client',
      schemas: { body: saveOwnOrganizationRequestSchema },
      success: { status: 200, description: '{success, organization, message}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, caller) => {
        res.json({ success: true, organization: await orgs.saveOwnOrganization(caller, req.body), message: CLIENTS_API_MESSAGES.organizationUpdated } satisfies ResponseOf<typeof CLIENTS_API.saveOwnOrganization>);
      },
    },
    {
      ...routeOf(CLIENTS_API.saveOrgClient),
      summary: '+ Add User (organisation admins): a user of the organisation with its default access',
      access: 'client',
      schemas: { body: orgAdminSaveClientRequestSchema },
      success: { status: 200, description: '{success, client, message}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, caller) => {
        const { client } = await orgs.saveOrgClient(caller, req.body);
        res.json({ success: true, client, message: CLIENTS_API_MESSAGES.clientUpdated } satisfies ResponseOf<typeof CLIENTS_API.saveOrgClient>);
      },
    },
    {
      ...routeOf(CLIENTS_API.recordTabClick),
      summary: 'Analytics: a tab click of the client dashboard',
      access: 'client',
      schemas: { body: tabClickRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403],
      handler: async (req, res, caller) => {
        await orgs.recordTabClick(caller, req.body.tab, req.body.agentId);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.recordTabClick>);
      },
    },
  ];
}

/** Platform services only: who is notified about an agent, and the agent service's client rule. */
export function internalOrganizationRoutes(orgs: OrganizationUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(CLIENTS_API.organizationsByAgent),
      summary: "Organisations whose widgetIDs hold the agent, with their clients' id, email, name, preferredLanguage, notificationsSettings",
      access: 'gateway',
      schemas: { params: Joi.object({ agentId: documentId().required() }) },
      success: { status: 200, description: 'OrganizationsByAgentResponse' },
      failures: [400, 403],
      handler: async (req, res) => {
        res.json({ success: true, organizations: await orgs.byAgent(req.region, req.params.agentId!) } satisfies ResponseOf<typeof CLIENTS_API.organizationsByAgent>);
      },
    },
    {
      ...routeOf(CLIENTS_API.dropPushToken),
      summary: "The push service answered 404/410: the client's push subscription with this endpoint is dropped",
      access: 'gateway',
      schemas: { params: Joi.object({ clientId: documentId().required() }), body: dropPushTokenRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 403],
      handler: async (req, res) => {
        await orgs.pushTokenGone(req.region, req.params.clientId!, req.body.endpoint);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.dropPushToken>);
      },
    },
    {
      ...routeOf(CLIENTS_API.recordClientStripeCustomer),
      summary: "Billing: the organisation's Stripe customer a client's payment set-up used goes on that client's record too (never shown to other clients)",
      access: 'gateway',
      schemas: { params: Joi.object({ clientId: documentId().required() }), body: clientStripeCustomerRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        await orgs.recordStripeCustomer(req.region, req.params.clientId!, req.body.orgId, req.body.stripeCustomerId);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.recordClientStripeCustomer>);
      },
    },
    {
      ...routeOf(CLIENTS_API.organizationRecipients),
      summary: "An organisation with its clients' id, email, name, preferredLanguage, notificationsSettings (who is told its credits run low)",
      access: 'gateway',
      schemas: { params: Joi.object({ orgId: documentId().required() }) },
      success: { status: 200, description: 'OrganizationRecipientsResponse' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, organization: await orgs.recipients(req.region, req.params.orgId!) } satisfies ResponseOf<typeof CLIENTS_API.organizationRecipients>);
      },
    },
    {
      ...routeOf(CLIENTS_API.clientAccess),
      summary: "What a client may reach: the agents it sees (its organisation's widgetIDs narrowed by its own), its pages, allowCreateAgents, disabled access",
      access: 'gateway',
      schemas: { params: Joi.object({ orgId: documentId().required(), clientId: Joi.string().max(80).pattern(/^[A-Za-z0-9_-]+$/).required() }) },
      success: { status: 200, description: 'ClientAccessResponse' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, ...(await orgs.access(req.region, req.params.orgId!, req.params.clientId!)) } satisfies ResponseOf<typeof CLIENTS_API.clientAccess>);
      },
    },
    {
      ...routeOf(CLIENTS_API.addOrganizationAgent),
      summary: "An agent a client created joins its organisation's widgetIDs (and the client's own, when it lists agents)",
      access: 'gateway',
      schemas: { params: Joi.object({ orgId: documentId().required() }), body: addOrganizationAgentRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        await orgs.addAgent(req.region, req.params.orgId!, req.body.agentId, req.body.clientId);
        res.json({ success: true } satisfies ResponseOf<typeof CLIENTS_API.addOrganizationAgent>);
      },
    },
  ];
}

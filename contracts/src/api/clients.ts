import Joi from 'joi';
import { AGENCY_ADMIN_CLIENT_PAGES } from '../constants/agency';
import { TEXT_LIMITS } from '../constants/text-limits';
import { AUTH_MESSAGES } from '../entities/auth';
import {
  type Client,
  clientEmailCodeRequestSchema,
  type ClientEmailCodeRequest,
  clientSchema,
  type ClientLoginRequest,
  type ClientLoginTokenRequest,
  type NotificationsSettings,
  type Organization,
  saveClientRequestSchema,
  type SaveClientRequest,
  type SaveOrganizationRequest,
  type UpdateOwnClientRequest,
} from '../entities/clients';
import { documentId, name, optionalUrl, type MailDelivery, type Region } from '../entities/common';
import { pushEndpointSchema, webPushSubscriptionSchema, type WebPushSubscription } from './notification';
import { endpoint, type NoBody, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';
import type { CredentialVerifyRequest } from './workspace';
import type { AgentListResponse } from '../entities/agent-api';
import { CREDENTIAL_ROUTES } from '../entities/credentials';

/** The texts of client sign-in and of the client and organisation calls (spec agency-shell-clients §5, §8). */
export const CLIENTS_API_MESSAGES = {
  organizationUpdated: 'Organization updated successfully!',
  organizationUpdateFailed: (message?: string) => `Failed to update organization: ${message || 'Unknown error'}`,
  clientUpdated: 'Updated client data',
  clientUpdateFailed: 'Failed to update client data.',
  signedIn: 'Signed in successfully.',
  signedOut: 'Signed out successfully.',
  signInFailed: 'Failed to sign in',
  signInError: 'An error occurred during sign in.',
  adminSignInFailed: 'Error occurred signing in with admin access.',
  accountDataMissing: 'Account data not present.',
  loginAgain: 'Please login again.',
  noAgentsForAccount: 'This account has not agents',
  noAgentsForOrg: 'This org has no agents',
  /** Not in the spec's words: the e-mailed code was sent. */
  codeSent: (email: string) => `We sent a login code to ${email}.`,
  /** Not in the spec's words: a wrong, expired or used code. */
  codeInvalid: 'The code is incorrect or has expired. Please request a new code.',
  /** Not in the spec's words: too many wrong codes for this address (as a member's). */
  tooManyCodeAttempts: AUTH_MESSAGES.tooManyCodeAttempts,
  /** Not in the spec's words: too many wrong passwords for this address from this caller (as a member's). */
  tooManyPasswordAttempts: AUTH_MESSAGES.tooManyLogins,
  /** Not in the spec's words: a login link's token that is unknown, expired or used. */
  tokenInvalid: 'This login link is invalid or has expired.',
  /** Not in the spec's words: the agency secret given does not match. */
  agencySecretInvalid: 'Error occurred signing in with admin access.',
  /** Not in the spec's words: password login is off for this agency. */
  passwordLoginDisabled: 'Password login is disabled. Please use Email Login Code.',
  /** Not in the spec's words: the organisation or client named is not the agency's. */
  organizationNotFound: 'Organization not found.',
  clientNotFound: 'Client not found.',
  /** Not in the spec's words: a client of an organisation whose access is disabled. */
  clientAccessDisabled: 'Access is currently disabled. Pleas contact your provider!',
  /** Not in the spec's words: who acts in an agent's version history when a client saved it. */
  clientActor: 'agency client',
  /** Not in the spec's words: a client without allowCreateAgents, or editing an agent. */
  clientCannotChangeAgents: 'Your account cannot create or change agents.',
  /** Not in the spec's words: a client's save changing a field only the agency changes (ADR 0031). */
  clientLockedField: (field: string) => `Only your agency can change ${field}.`,
  /** Not in the spec's words: a client whose access does not name the page a route serves (ADR 0036). */
  clientPageNotAllowed: (page: string) => `Your account cannot open ${page}.`,
  /** Not in the spec's words: a client's save changing a field of an editor page its access does not name (ADR 0036). */
  clientFieldOfOtherPage: (field: string, pages: string) => `Your account cannot change ${field}: it is edited on ${pages}.`,
  /** Not in the spec's words: a client's call to a helper of a dashboard page (the Meta sign-in's) that names no agent (ADR 0040). */
  clientAgentRequired: 'Name the agent (agentId) this request is for.',
  /** Not in the spec's words: an organisation admin whose advanced settings the agency hid sets one. */
  clientAdvancedSettingsHidden: 'Your agency manages the advanced settings of your users.',
  /** Not in the spec's words: the invite e-mail went out. */
  inviteSent: (email: string) => `Invitation sent to ${email}.`,
  /** Not in the spec's words: a client's own widgetIDs naming an agent its organisation does not hold (ADR 0045). */
  clientAgentNotInOrganization: (agentId: string) => `Agent ${agentId} is not one of this organization's agents.`,
  /** Not in the spec's words: an organisation admin changing its own access (the root admin sets it). */
  orgAdminOwnAccess: 'Your agency sets your own access.',
  /** Not in the spec's words: an organisation admin giving or taking a page it does not open itself. */
  orgAdminPageNotOwn: (page: string) => `You can only give or take pages you can open yourself: ${page}.`,
  /** Not in the spec's words: an invite's login code that is not CLIENT_SIGN_IN.codeLength digits. */
  inviteCodeInvalid: (digits: number) => `The login code must be ${digits} digits.`,
} as const;

/** Lifetimes and limits of client sign-in (not in the spec: the platform's decisions, ADR 0019). */
export const CLIENT_SIGN_IN = {
  /** the httpOnly cookie of a client session, host-only (the agency host) */
  cookie: 'client_session',
  /** client sessions last like user sessions (spec §9: auth cookie 30 days) */
  sessionTtlSeconds: 30 * 24 * 60 * 60,
  codeLength: 6,
  codeTtlMs: 10 * 60_000,
  codeAttempts: 5,
  /** wrong passwords allowed per address and caller in a window (a success starts a new count) */
  passwordAttempts: 10,
  passwordWindowSeconds: 15 * 60,
  /** a login token (ssoClient answer, invite link, query-string token) works once, within this time */
  loginTokenTtlMs: 15 * 60_000,
  /** pages of an agency admin signed in with the agency secret */
  agencyAdminPages: AGENCY_ADMIN_CLIENT_PAGES.map((page) => `/${page}`),
} as const;

/**
 * Pages an agency offers its clients in the client drawer's access and tab order (spec 3.6
 * canAccess; the agent area's pages a dashboard shows), besides the agency's custom tabs.
 */
export const CLIENT_PAGE_CHOICES = [
  { path: '/home', label: 'Home' },
  { path: '/convos', label: 'Chats' },
  { path: '/analytics', label: 'Analytics' },
  { path: '/leads', label: 'Leads' },
  { path: '/campaigns', label: 'Campaigns' },
  { path: '/settings', label: 'Settings' },
  { path: '/kb', label: 'Knowledge' },
  { path: '/channels', label: 'Channels' },
  { path: '/overview', label: 'Widget' },
  { path: '/voice', label: 'Voice' },
  { path: '/nodes', label: 'Prompt' },
  { path: '/prompt', label: 'Canvas' },
  { path: '/tools', label: 'Tools' },
] as const;

/** A client as any API answers it: never its password or push token. */
export type ClientView = Omit<Client, 'dashboardPassword' | 'FB_PUSH_TOKEN'> & { ID: string; orgId: string };
/** A user of the organisation as another client (its organisation admin) reads it: nor its Stripe customer (billing §3). */
export type OrgUserView = Omit<ClientView, 'stripeCustomerId'>;
/** An organisation as the agency and its clients read it. */
export type OrganizationView = Organization & { ID: string; agencyId: string };

/** The signed-in client's session, as the dashboard reads it. */
export interface ClientSessionResponse extends SuccessResponse {
  client: ClientView;
  organization: OrganizationView;
  /** pages the client may open (an agency admin: every page) */
  pages: string[];
  /** signed in with the agency secret */
  agencyAdmin: boolean;
  agencyId: string;
  region: Region;
  /**
   * The organisations this sign-in may switch between (ADR 0027): every organisation of the
   * agency for the agency admin; a client's own one (a client e-mail is unique per agency).
   */
  organizations: OrganizationSummary[];
}
/** An organisation as the switcher lists it. */
export type OrganizationSummary = Pick<OrganizationView, 'ID' | 'name' | 'squarePhotoURL'>;
/** A sign-in answer: the session (also set as an httpOnly cookie on the agency host) and who signed in. */
export interface ClientSignInResponse extends ClientSessionResponse {
  message: string;
  /** the session JWT, usable as a bearer where a cookie cannot go */
  token: string;
}

/** Agency admin sign-in (spec 4.4): the agency secret from the query string, optionally the organisation to open. */
export interface AgencyAdminLoginRequest {
  agencyId: string;
  secret: string;
  orgId?: string;
}
export const agencyAdminLoginRequestSchema = Joi.object<AgencyAdminLoginRequest, true>({
  agencyId: documentId().required(),
  secret: Joi.string().max(TEXT_LIMITS.token).required(),
  orgId: documentId(),
});

/** ssoClient: without `code`, e-mails a login code; with it, answers a one-time login token (never the stored password). */
export interface SsoClientAnswer extends SuccessResponse {
  message?: string;
  codeSent?: boolean;
  clientData?: { email: string; loginToken: string };
}

/** A new organisation (the name defaults to New Organization). */
export interface CreateOrganizationRequest {
  name?: string;
}
export const createOrganizationRequestSchema = Joi.object<CreateOrganizationRequest, true>({ name: name().allow('') });

export interface OrganizationsResponse extends SuccessResponse {
  organizations: OrganizationView[];
  clients: ClientView[];
}
export interface OrganizationResponse extends SuccessResponse {
  organization: OrganizationView;
  message?: string;
}
export interface ClientResponse extends SuccessResponse {
  client: ClientView;
  message?: string;
}

/** What an organisation admin edits about the organisation (About). */
export interface SaveOwnOrganizationRequest {
  name: string;
  squarePhotoURL?: string;
  preferredLanguage?: string;
}
export const saveOwnOrganizationRequestSchema = Joi.object<SaveOwnOrganizationRequest, true>({
  name: name().required(),
  squarePhotoURL: optionalUrl(),
  preferredLanguage: Joi.string().max(20),
});
/**
 * What an organisation admin may set when adding or editing a user of the organisation (spec §6:
 * "adds users and assigns others"): the other users' access and tab order, giving or taking only
 * pages it opens itself (orgAdminAccessChange; a new user starts from the organisation's
 * defaults), never its own; the advanced settings (allow create agents, chat delegation) unless
 * the root admin hid them from this admin. Never the root admin's fields (isOrgAdmin, isAdmin,
 * widgetIDs, hideAdvancedSettings).
 */
export type OrgAdminSaveClientRequest = Pick<
  SaveClientRequest,
  'ID' | 'name' | 'email' | 'dashboardPassword' | 'squarePhotoURL' | 'notificationsSettings' | 'preferredLanguage' | 'allowCreateAgents' | 'canDelegateChats' | 'canAccess' | 'clientTabOrder'
>;
const clientKey = (key: keyof SaveClientRequest) => saveClientRequestSchema.extract(key) as Joi.StringSchema & Joi.ObjectSchema;
export const orgAdminSaveClientRequestSchema = Joi.object<OrgAdminSaveClientRequest, true>({
  ID: clientKey('ID'),
  name: clientKey('name'),
  email: clientKey('email'),
  dashboardPassword: clientKey('dashboardPassword'),
  squarePhotoURL: clientKey('squarePhotoURL'),
  notificationsSettings: clientKey('notificationsSettings'),
  preferredLanguage: clientKey('preferredLanguage'),
  // The advanced client settings (spec §6): an organisation admin sets them unless the root admin set hideAdvancedSettings on them.
  allowCreateAgents: clientKey('allowCreateAgents'),
  canDelegateChats: clientKey('canDelegateChats'),
  // Assigning others (spec §6): without a default here, leaving them out keeps the user's.
  canAccess: clientSchema.extract('canAccess') as Joi.ArraySchema,
  clientTabOrder: clientKey('clientTabOrder'),
});

/** A tab click of the client dashboard (analytics). */
export interface TabClickRequest {
  tab: string;
  agentId?: string;
}
export const tabClickRequestSchema = Joi.object<TabClickRequest, true>({
  tab: Joi.string().max(TEXT_LIMITS.shortText).required(),
  agentId: documentId(),
});

/**
 * The client invite (spec §7, billing §3 "Other shapes"): {email, optional code, agencyId}. The
 * client is found by e-mail among the agency's organisations; `agencyId` must be the calling
 * workspace's agency. `code`, when given, is the one-time login code the e-mail carries besides
 * the login link (the client types it after Email Login Code): `codeLength` digits (ADR 0045).
 */
export type ClientInviteRequest = ClientEmailCodeRequest;
export const clientInviteRequestSchema = (clientEmailCodeRequestSchema as Joi.ObjectSchema<ClientInviteRequest>).keys({
  code: Joi.string()
    .trim()
    .pattern(new RegExp(`^\\d{${CLIENT_SIGN_IN.codeLength}}$`))
    .messages({ 'string.pattern.base': CLIENTS_API_MESSAGES.inviteCodeInvalid(CLIENT_SIGN_IN.codeLength), 'string.empty': CLIENTS_API_MESSAGES.inviteCodeInvalid(CLIENT_SIGN_IN.codeLength) }),
});
/**
 * The invite's answer: the client record (never a password, hash or push token) and what the
 * mail server reported. The e-mail carries a one-time login link, never the password.
 */
export interface ClientInviteResponse extends SuccessResponse {
  data: { clientData: ClientView; sendEmailRes: MailDelivery };
}

/** GET /internal/organizations/by-agent/:agentId: who is notified about an agent (the notification service). */
export interface OrganizationRecipients {
  ID: string;
  name?: string;
  agencyId: string;
  ownerID?: string;
  clients: Array<{ ID: string; email?: string; name?: string; preferredLanguage?: string; notificationsSettings?: NotificationsSettings; /** FB_PUSH_TOKEN: the browser's push subscription (JSON), for the notification service only */ pushToken?: string }>;
}
export interface OrganizationsByAgentResponse extends SuccessResponse {
  organizations: OrganizationRecipients[];
}
/** GET /internal/organizations/:orgId/recipients: who is notified about an organisation (its credits running low). */
export interface OrganizationRecipientsResponse extends SuccessResponse {
  organization: OrganizationRecipients;
}
/** GET /internal/organizations/:orgId/clients/:clientId/access: what a client may reach (the agent service's rule). */
export interface ClientAccessResponse extends SuccessResponse {
  /** the agents the client sees: its organisation's, narrowed by its own widgetIDs (clientAgentIds) */
  widgetIDs: string[];
  allowCreateAgents: boolean;
  /** the organisation's disableClientAccess */
  disabled: boolean;
  /** the agency's workspace (agents are created there) */
  workspaceId: string;
  /** the client's pages (the agency admin's and an isAdmin client's: every agency admin page); an editor page lets it save agents (ADR 0031) */
  canAccess: string[];
}
/**
 * POST /internal/organizations/:orgId/agents: an agent a client created joins the organisation's
 * widgetIDs, and that client's own widgetIDs when it lists any (else it could not see it; ADR 0045).
 */
export interface AddOrganizationAgentRequest {
  agentId: string;
  /** the client who created it */
  clientId?: string;
}
export const addOrganizationAgentRequestSchema = Joi.object<AddOrganizationAgentRequest, true>({ agentId: documentId().required(), clientId: documentId() });

/**
 * POST /internal/clients/:clientId/stripe-customer (billing only): a client of an organisation with
 * billing set up payment; its record carries the organisation's Stripe customer too (billing §3).
 */
export interface ClientStripeCustomerRequest {
  orgId: string;
  stripeCustomerId: string;
}
export const clientStripeCustomerRequestSchema = Joi.object<ClientStripeCustomerRequest, true>({
  orgId: documentId().required(),
  stripeCustomerId: documentId().required(),
});

/** The identity a live client session stands for (answer of the agency-domain's credential check). */
export interface ClientSessionIdentity {
  kind: 'client';
  clientId: string;
  orgId: string;
  agencyId: string;
  /** the agency's workspace */
  workspaceId: string;
  region: Region;
  email: string;
  sessionId: string;
  agencyAdmin?: boolean;
}
export interface ClientCredentialVerifyResponse extends SuccessResponse {
  identity: ClientSessionIdentity;
}

type Uid = { uid: string };
type OrgParams = { uid: string; orgId: string };
type ClientParams = { uid: string; clientId: string };

/** POST /v2/client/me/push-token: the subscription the browser's PushManager.subscribe answered. */
export interface SavePushTokenRequest {
  subscription: WebPushSubscription;
}
export const savePushTokenRequestSchema = Joi.object<SavePushTokenRequest, true>({ subscription: webPushSubscriptionSchema.required() });
/** POST /internal/clients/:clientId/push-token/gone: only the subscription with this endpoint is dropped (a newer one stays). */
export interface DropPushTokenRequest {
  endpoint: string;
}
export const dropPushTokenRequestSchema = Joi.object<DropPushTokenRequest, true>({ endpoint: pushEndpointSchema.required() });

/** Every client, organisation and client sign-in endpoint (services/agency-domain, the clients module). */
export const CLIENTS_API = {
  // The agency (a member of the agency's workspace).
  listOrganizations: endpoint<Uid, NoQuery, NoBody, OrganizationsResponse>()({ service: 'agency-domain', operationId: 'listOrganizations', method: 'get', path: '/v2/workspaces/:uid/orgs' }),
  createOrganization: endpoint<Uid, NoQuery, CreateOrganizationRequest, OrganizationResponse>()({ service: 'agency-domain', operationId: 'createOrganization', method: 'post', path: '/v2/workspaces/:uid/orgs' }),
  saveOrganization: endpoint<OrgParams, NoQuery, SaveOrganizationRequest, OrganizationResponse>()({ service: 'agency-domain', operationId: 'saveOrganization', method: 'post', path: '/v2/workspaces/:uid/orgs/:orgId' }),
  deleteOrganization: endpoint<OrgParams, NoQuery, NoBody, SuccessResponse>()({ service: 'agency-domain', operationId: 'deleteOrganization', method: 'delete', path: '/v2/workspaces/:uid/orgs/:orgId' }),
  saveClient: endpoint<Uid, NoQuery, SaveClientRequest, ClientResponse>()({ service: 'agency-domain', operationId: 'saveClient', method: 'post', path: '/v2/workspaces/:uid/clients' }),
  deleteClient: endpoint<ClientParams, NoQuery, NoBody, SuccessResponse>()({ service: 'agency-domain', operationId: 'deleteClient', method: 'delete', path: '/v2/workspaces/:uid/clients/:clientId' }),
  inviteClient: endpoint<Uid, NoQuery, ClientInviteRequest, ClientInviteResponse>()({ service: 'agency-domain', operationId: 'inviteClient', method: 'post', path: '/v2/workspaces/:uid/clients/invite' }),
  // Client sign-in (public; the answers set the client session cookie).
  clientLogin: endpoint<NoParams, NoQuery, ClientLoginRequest, ClientSignInResponse>()({ service: 'agency-domain', operationId: 'clientLogin', method: 'post', path: '/client-auth/login' }),
  ssoClient: endpoint<NoParams, NoQuery, ClientEmailCodeRequest, SsoClientAnswer>()({ service: 'agency-domain', operationId: 'ssoClient', method: 'post', path: '/client-auth/sso' }),
  validateClientLoginToken: endpoint<NoParams, NoQuery, ClientLoginTokenRequest, ClientSignInResponse>()({ service: 'agency-domain', operationId: 'validateClientLoginToken', method: 'post', path: '/client-auth/token' }),
  agencyAdminLogin: endpoint<NoParams, NoQuery, AgencyAdminLoginRequest, ClientSignInResponse>()({ service: 'agency-domain', operationId: 'agencyAdminLogin', method: 'post', path: '/client-auth/agency-admin' }),
  clientLogout: endpoint<NoParams, NoQuery, Record<string, never>, SuccessResponse & { message: string }>()({ service: 'agency-domain', operationId: 'clientLogout', method: 'post', path: CREDENTIAL_ROUTES.clientLogout }),
  // The signed-in client.
  getClientSession: endpoint<NoParams, NoQuery, NoBody, ClientSessionResponse>()({ service: 'agency-domain', operationId: 'getClientSession', method: 'get', path: '/v2/client/me' }),
  updateOwnClient: endpoint<NoParams, NoQuery, UpdateOwnClientRequest, ClientResponse>()({ service: 'agency-domain', operationId: 'updateOwnClient', method: 'post', path: '/v2/client/me' }),
  listOrgClients: endpoint<NoParams, NoQuery, NoBody, SuccessResponse & { clients: OrgUserView[] }>()({ service: 'agency-domain', operationId: 'listOrgClients', method: 'get', path: '/v2/client/org/clients' }),
  saveOwnOrganization: endpoint<NoParams, NoQuery, SaveOwnOrganizationRequest, OrganizationResponse>()({ service: 'agency-domain', operationId: 'saveOwnOrganization', method: 'post', path: '/v2/client/org' }),
  saveOrgClient: endpoint<NoParams, NoQuery, OrgAdminSaveClientRequest, SuccessResponse & { client: OrgUserView; message?: string }>()({ service: 'agency-domain', operationId: 'saveOrgClient', method: 'post', path: '/v2/client/org/clients' }),
  /** The agent service: the agents of the signed-in client's organisation (its widgetIDs). */
  listClientAgents: endpoint<NoParams, NoQuery, NoBody, AgentListResponse>()({ service: 'agent', operationId: 'listClientAgents', method: 'get', path: '/v2/client/agents' }),
  /** The Browser Notifications switch: the browser's push subscription becomes the client's FB_PUSH_TOKEN (ADR 0032). */
  savePushToken: endpoint<NoParams, NoQuery, SavePushTokenRequest, SuccessResponse>()({ service: 'agency-domain', operationId: 'savePushToken', method: 'post', path: '/v2/client/me/push-token' }),
  removePushToken: endpoint<NoParams, NoQuery, NoBody, SuccessResponse>()({ service: 'agency-domain', operationId: 'removePushToken', method: 'delete', path: '/v2/client/me/push-token' }),
  recordTabClick: endpoint<NoParams, NoQuery, TabClickRequest, SuccessResponse>()({ service: 'agency-domain', operationId: 'recordTabClick', method: 'post', path: '/v2/client/analytics/tab-click' }),
  // Gateway and platform services only.
  verifyClientSession: endpoint<NoParams, NoQuery, CredentialVerifyRequest, ClientCredentialVerifyResponse>()({ service: 'agency-domain', operationId: 'verifyClientSession', method: 'post', path: '/internal/credentials/verify' }),
  organizationsByAgent: endpoint<{ agentId: string }, NoQuery, NoBody, OrganizationsByAgentResponse>()({ service: 'agency-domain', operationId: 'organizationsByAgent', method: 'get', path: '/internal/organizations/by-agent/:agentId' }),
  clientAccess: endpoint<{ orgId: string; clientId: string }, NoQuery, NoBody, ClientAccessResponse>()({ service: 'agency-domain', operationId: 'clientAccess', method: 'get', path: '/internal/organizations/:orgId/clients/:clientId/access' }),
  addOrganizationAgent: endpoint<{ orgId: string }, NoQuery, AddOrganizationAgentRequest, SuccessResponse>()({ service: 'agency-domain', operationId: 'addOrganizationAgent', method: 'post', path: '/internal/organizations/:orgId/agents' }),
  /** The notification service: the push service answered 404/410 for this endpoint, the subscription is gone. */
  dropPushToken: endpoint<{ clientId: string }, NoQuery, DropPushTokenRequest, SuccessResponse>()({ service: 'agency-domain', operationId: 'dropPushToken', method: 'post', path: '/internal/clients/:clientId/push-token/gone' }),
  /** Billing: the Stripe customer a client's payment set-up used (its organisation's) goes on the client record too. */
  recordClientStripeCustomer: endpoint<{ clientId: string }, NoQuery, ClientStripeCustomerRequest, SuccessResponse>()({ service: 'agency-domain', operationId: 'recordClientStripeCustomer', method: 'post', path: '/internal/clients/:clientId/stripe-customer' }),
  organizationRecipients: endpoint<{ orgId: string }, NoQuery, NoBody, OrganizationRecipientsResponse>()({ service: 'agency-domain', operationId: 'organizationRecipients', method: 'get', path: '/internal/organizations/:orgId/recipients' }),
} as const;

import Joi from 'joi';
import {
  CLIENT_DEFAULTS,
  CLIENT_STATUSES,
  DASHBOARD_LAYOUTS,
  DEFAULT_CLIENT_ACCESS,
  DISABLE_CLIENT_ACCESS_MESSAGE_MAX,
  NOTIFICATION_LEVELS,
  NOTIFY_IF,
  NOTIFY_THROUGH,
} from '../constants/agency';
import { SUBSCRIPTION_STATUSES } from '../constants/billing';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, email, idList, name, optionalUrl, requiredMessages, stringList, text, timestamp } from './common';

/** A dashboard path such as /home. */
const pagePath = () => Joi.string().max(TEXT_LIMITS.shortText).pattern(/^\/\S*$/);
const pagePaths = () => Joi.array().items(pagePath()).max(100);
const language = () => Joi.string().max(20);

export interface NotificationsSettings {
  notifyThrough?: (typeof NOTIFY_THROUGH)[number];
  notifyIf?: (typeof NOTIFY_IF)[number];
}
export const notificationsSettingsSchema = Joi.object<NotificationsSettings, true>({
  notifyThrough: Joi.string().valid(...NOTIFY_THROUGH).default(CLIENT_DEFAULTS.notifyThrough),
  notifyIf: Joi.string().valid(...NOTIFY_IF).default(CLIENT_DEFAULTS.notifyIf),
});

/** An agency's client, member of an organisation. */
export interface Client {
  ID?: string;
  orgId?: string;
  name?: string;
  email?: string;
  /** 15 random characters by default; never returned by an API */
  dashboardPassword?: string;
  squarePhotoURL?: string;
  /** paths the client may open, e.g. /home */
  canAccess?: string[];
  clientTabOrder?: string[];
  notificationsSettings?: NotificationsSettings;
  FB_PUSH_TOKEN?: string;
  stripeCustomerId?: string;
  preferredLanguage?: string;
  isOrgAdmin?: boolean;
  isAdmin?: boolean;
  allowCreateAgents?: boolean;
  canDelegateChats?: boolean;
  hideAdvancedSettings?: boolean;
  status?: (typeof CLIENT_STATUSES)[number];
  ts?: number;
  widgetIDs?: string[];
  usedSecret?: boolean;
}
const clientKeys: Joi.StrictSchemaMap<Client> = {
  ID: documentId(),
  orgId: documentId(),
  name: name(),
  email: email(),
  dashboardPassword: Joi.string().max(TEXT_LIMITS.name),
  squarePhotoURL: optionalUrl(),
  canAccess: pagePaths(),
  clientTabOrder: pagePaths(),
  notificationsSettings: notificationsSettingsSchema,
  FB_PUSH_TOKEN: text(TEXT_LIMITS.token),
  stripeCustomerId: text(TEXT_LIMITS.id),
  preferredLanguage: language(),
  isOrgAdmin: Joi.boolean(),
  isAdmin: Joi.boolean(),
  allowCreateAgents: Joi.boolean(),
  canDelegateChats: Joi.boolean(),
  hideAdvancedSettings: Joi.boolean(),
  status: Joi.string().valid(...CLIENT_STATUSES),
  ts: timestamp(),
  widgetIDs: idList(),
  usedSecret: Joi.boolean(),
};
export const clientSchema = Joi.object<Client, true>(clientKeys);

/** Fields of the client drawer (status, push token, billing ids and ts are set by the platform). */
export type SaveClientRequest = Pick<
  Client,
  | 'ID'
  | 'squarePhotoURL'
  | 'canAccess'
  | 'clientTabOrder'
  | 'notificationsSettings'
  | 'preferredLanguage'
  | 'isOrgAdmin'
  | 'isAdmin'
  | 'allowCreateAgents'
  | 'canDelegateChats'
  | 'hideAdvancedSettings'
  | 'widgetIDs'
> & { orgId: string; name: string; email: string; dashboardPassword?: string };

const fillOutAllFields = requiredMessages(MESSAGES.clients.fieldsRequired);
/**
 * Name, email and password are required ('Please fill out all fields.'). An existing client
 * (with an ID) may leave the password out: it is stored hashed and never sent back to the form.
 */
export const saveClientRequestSchema = Joi.object<SaveClientRequest, true>({
  ID: clientKeys.ID,
  orgId: documentId().required(),
  name: name().required().messages(fillOutAllFields),
  email: email().required().messages(fillOutAllFields),
  dashboardPassword: Joi.string()
    .max(TEXT_LIMITS.name)
    .when('ID', { is: Joi.exist(), otherwise: Joi.required() })
    .messages(fillOutAllFields),
  squarePhotoURL: clientKeys.squarePhotoURL,
  canAccess: pagePaths().default([...DEFAULT_CLIENT_ACCESS]),
  clientTabOrder: clientKeys.clientTabOrder,
  notificationsSettings: notificationsSettingsSchema.default(),
  preferredLanguage: language().default(CLIENT_DEFAULTS.preferredLanguage),
  isOrgAdmin: clientKeys.isOrgAdmin,
  isAdmin: clientKeys.isAdmin,
  allowCreateAgents: clientKeys.allowCreateAgents,
  canDelegateChats: clientKeys.canDelegateChats,
  hideAdvancedSettings: clientKeys.hideAdvancedSettings,
  widgetIDs: clientKeys.widgetIDs,
});

/** What a signed-in client changes about themself: account drawer, status button, notifications, push token. */
export type UpdateOwnClientRequest = Pick<
  Client,
  'name' | 'email' | 'squarePhotoURL' | 'status' | 'notificationsSettings' | 'preferredLanguage' | 'FB_PUSH_TOKEN'
>;
export const updateOwnClientRequestSchema = Joi.object<UpdateOwnClientRequest, true>({
  name: clientKeys.name,
  email: clientKeys.email,
  squarePhotoURL: clientKeys.squarePhotoURL,
  status: clientKeys.status,
  notificationsSettings: Joi.object<NotificationsSettings, true>({
    notifyThrough: Joi.string().valid(...NOTIFY_THROUGH),
    notifyIf: Joi.string().valid(...NOTIFY_IF),
  }),
  preferredLanguage: clientKeys.preferredLanguage,
  FB_PUSH_TOKEN: clientKeys.FB_PUSH_TOKEN,
}).min(1);

export interface OrganizationSettings {
  smartHandoff?: boolean;
  disableHandoffMessages?: boolean;
  enableCannedResponses?: boolean;
  disableClientAccess?: boolean;
  /** at most 1024 characters */
  disableClientAccessMessage?: string;
}
export const organizationSettingsSchema = Joi.object<OrganizationSettings, true>({
  smartHandoff: Joi.boolean(),
  disableHandoffMessages: Joi.boolean(),
  enableCannedResponses: Joi.boolean(),
  disableClientAccess: Joi.boolean(),
  disableClientAccessMessage: text(DISABLE_CLIENT_ACCESS_MESSAGE_MAX),
});

/** An organisation of clients. */
export interface Organization {
  ID?: string;
  name?: string;
  squarePhotoURL?: string;
  ownerID?: string;
  widgetIDs?: string[];
  orgUsers?: string[];
  preferredLanguage?: string;
  dashboardLayout?: (typeof DASHBOARD_LAYOUTS)[number];
  defaultClientAccess?: string[];
  defaultClientTabOrder?: string[];
  predefinedTags?: string[];
  disallowAnyTags?: boolean;
  disableHandoff?: boolean;
  allowBilling?: boolean;
  /** credits */
  loadTokens?: number;
  lastModified?: number;
  stripeCustomerId?: string;
  subscription?: { id?: string; status?: (typeof SUBSCRIPTION_STATUSES)[number]; priceId?: string };
  autocharge?: boolean;
  automaticBilling?: boolean;
  autochargeAmount?: number;
  threshold?: number;
  settings?: OrganizationSettings;
}
const organizationKeys: Joi.StrictSchemaMap<Organization> = {
  ID: documentId(),
  name: name(),
  squarePhotoURL: optionalUrl(),
  ownerID: Joi.string().max(TEXT_LIMITS.id),
  widgetIDs: idList(),
  orgUsers: idList(),
  preferredLanguage: language(),
  dashboardLayout: Joi.string().valid(...DASHBOARD_LAYOUTS),
  defaultClientAccess: pagePaths(),
  defaultClientTabOrder: pagePaths(),
  predefinedTags: stringList(),
  disallowAnyTags: Joi.boolean(),
  disableHandoff: Joi.boolean(),
  allowBilling: Joi.boolean(),
  loadTokens: Joi.number(),
  lastModified: timestamp(),
  stripeCustomerId: text(TEXT_LIMITS.id),
  subscription: Joi.object({
    id: Joi.string().max(TEXT_LIMITS.id),
    status: Joi.string().valid(...SUBSCRIPTION_STATUSES),
    priceId: Joi.string().max(TEXT_LIMITS.id),
  }),
  autocharge: Joi.boolean(),
  automaticBilling: Joi.boolean(),
  autochargeAmount: Joi.number().min(0),
  threshold: Joi.number().min(0),
  settings: organizationSettingsSchema,
};
export const organizationSchema = Joi.object<Organization, true>(organizationKeys);

/** Fields of the organisation drawer (credits, billing and ownership change through their own calls). */
export type SaveOrganizationRequest = Pick<
  Organization,
  | 'squarePhotoURL'
  | 'widgetIDs'
  | 'orgUsers'
  | 'preferredLanguage'
  | 'dashboardLayout'
  | 'defaultClientAccess'
  | 'defaultClientTabOrder'
  | 'predefinedTags'
  | 'disallowAnyTags'
  | 'disableHandoff'
  | 'allowBilling'
  | 'settings'
> & { ID: string; name: string };
export const saveOrganizationRequestSchema = Joi.object<SaveOrganizationRequest, true>({
  ID: documentId().required().messages(requiredMessages(MESSAGES.clients.organizationIdMissing)),
  name: name().required().messages(requiredMessages(MESSAGES.clients.organizationNameRequired)),
  squarePhotoURL: organizationKeys.squarePhotoURL,
  widgetIDs: organizationKeys.widgetIDs,
  orgUsers: organizationKeys.orgUsers,
  preferredLanguage: organizationKeys.preferredLanguage,
  dashboardLayout: Joi.string().valid(...DASHBOARD_LAYOUTS).default('vertical'),
  defaultClientAccess: organizationKeys.defaultClientAccess,
  defaultClientTabOrder: organizationKeys.defaultClientTabOrder,
  predefinedTags: organizationKeys.predefinedTags,
  disallowAnyTags: organizationKeys.disallowAnyTags,
  disableHandoff: organizationKeys.disableHandoff,
  allowBilling: organizationKeys.allowBilling,
  settings: organizationKeys.settings,
});

/** A notification of an organisation (orgs/{id}/notifications-1 and notifications-2). */
export interface Notification {
  ID?: string;
  title?: string;
  body?: string;
  ts?: number;
  urlPathname?: string;
  seen?: boolean;
  notificationLevel?: (typeof NOTIFICATION_LEVELS)[number];
  /** client ids; empty or absent means everyone */
  notifyOnly?: string[];
}
export const notificationSchema = Joi.object<Notification, true>({
  ID: documentId(),
  title: text(TEXT_LIMITS.shortText),
  body: text(TEXT_LIMITS.longText),
  ts: timestamp(),
  urlPathname: text(TEXT_LIMITS.url),
  seen: Joi.boolean(),
  notificationLevel: Joi.number().valid(...NOTIFICATION_LEVELS),
  notifyOnly: idList(),
});

export const CREDIT_TRANSFER_DIRECTIONS = ['workspaceToOrg', 'orgToWorkspace'] as const;
/** Moves credits between an organisation and the workspace, atomically. */
export interface CreditTransferRequest {
  orgId: string;
  amount: number;
  direction: (typeof CREDIT_TRANSFER_DIRECTIONS)[number];
}
const transferAmountInvalid = MESSAGES.clients.transferAmountInvalid;
export const creditTransferRequestSchema = Joi.object<CreditTransferRequest, true>({
  orgId: documentId().required(),
  amount: Joi.number().greater(0).required().messages({
    'any.required': transferAmountInvalid,
    'number.base': transferAmountInvalid,
    'number.greater': transferAmountInvalid,
    'number.infinity': transferAmountInvalid,
  }),
  direction: Joi.string().valid(...CREDIT_TRANSFER_DIRECTIONS).required(),
});

/** Client sign-in with e-mail and password. */
export interface ClientLoginRequest {
  email: string;
  password: string;
  agencyId?: string;
}
const loginFieldsRequired = requiredMessages(MESSAGES.clients.loginFieldsRequired);
export const clientLoginRequestSchema = Joi.object<ClientLoginRequest, true>({
  email: Joi.string().trim().max(TEXT_LIMITS.email).required().messages(loginFieldsRequired),
  password: Joi.string().max(TEXT_LIMITS.name).required().messages(loginFieldsRequired),
  agencyId: documentId(),
});

/** Query string of the client login page: username and password, a token, or an agency admin's secret. */
export interface ClientLoginQuery {
  username?: string;
  password?: string;
  token?: string;
  secret?: string;
}
export const clientLoginQuerySchema = Joi.object<ClientLoginQuery, true>({
  username: Joi.string().max(TEXT_LIMITS.email),
  password: Joi.string().max(TEXT_LIMITS.name),
  token: Joi.string().max(TEXT_LIMITS.token),
  secret: Joi.string().max(TEXT_LIMITS.token),
})
  .and('username', 'password')
  .oxor('username', 'token', 'secret');

/** Procedure ssoClient (e-mail login code) and the client invite: email, optional code, agencyId. */
export interface ClientEmailCodeRequest {
  email: string;
  code?: string;
  agencyId: string;
}
export const clientEmailCodeRequestSchema = Joi.object<ClientEmailCodeRequest, true>({
  email: email().required(),
  code: Joi.string().trim().max(20),
  agencyId: documentId().required(),
});
/**
 * The spec answers with the client's dashboardPassword; the design never returns passwords,
 * so services answer a one-time loginToken instead and leave dashboardPassword out.
 */
export interface SsoClientResponse {
  clientData: { email: string; dashboardPassword?: string; loginToken?: string };
}

/** Procedure validateClientLoginToken. */
export interface ClientLoginTokenRequest {
  token: string;
}
export const clientLoginTokenRequestSchema = Joi.object<ClientLoginTokenRequest, true>({
  token: Joi.string().max(TEXT_LIMITS.token).required(),
});

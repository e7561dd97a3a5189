import Joi from 'joi';
import { ID_LENGTHS, SECRET_PREFIX } from '../constants/ids';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { WORKSPACE_DEFAULTS } from '../constants/workspace';
import {
  customPlanSchema,
  stripeConnectSchema,
  v2StripeConfigSchema,
  type CustomPlan,
  type StripeConnect,
  type V2StripeConfig,
} from './billing';
import { documentId, email, freeObject, generatedIdPattern, name, optionalUrl, region, requiredMessages, stringList, text, timestamp, url, type JsonObject, type Region } from './common';

/** `vg_` plus 20 characters of the id alphabet. */
export const WORKSPACE_SECRET_PATTERN = generatedIdPattern(ID_LENGTHS.workspaceSecret, SECRET_PREFIX);

/** Where a workspace posts its events, and which event types it wants. */
export interface WorkspaceEventsConfig {
  endpoint?: string;
  subscribedEvents?: string[];
}
export const workspaceEventsConfigSchema = Joi.object<WorkspaceEventsConfig, true>({
  endpoint: url().allow(''),
  subscribedEvents: stringList(),
});

export interface WorkspaceInternal {
  isNewUser?: boolean;
  isAgentOnboardingDone?: boolean;
  useNewPricing?: boolean;
  countryCode?: string;
  useMultipleStripes?: boolean;
  isPayAsYouGo?: boolean;
  utm_source?: string;
  customPlan?: CustomPlan;
  whitelabel_trial?: boolean;
  whitelabelTrialEndsAt?: number;
  autochargeCreditAmount?: number;
  autochargeCreditThreshold?: number;
  monthlyChargeLimit?: number;
  events?: WorkspaceEventsConfig;
}
export const workspaceInternalSchema = Joi.object<WorkspaceInternal, true>({
  isNewUser: Joi.boolean(),
  isAgentOnboardingDone: Joi.boolean(),
  useNewPricing: Joi.boolean(),
  countryCode: Joi.string().max(2).allow(''),
  useMultipleStripes: Joi.boolean(),
  isPayAsYouGo: Joi.boolean(),
  utm_source: text(TEXT_LIMITS.name),
  customPlan: customPlanSchema,
  whitelabel_trial: Joi.boolean(),
  whitelabelTrialEndsAt: timestamp(),
  autochargeCreditAmount: Joi.number().min(0),
  autochargeCreditThreshold: Joi.number().min(0),
  monthlyChargeLimit: Joi.number().min(0),
  events: workspaceEventsConfigSchema,
});

/** A workspace: the users/{uid} record, one per region. */
export interface Workspace {
  uid?: string;
  email?: string;
  joinedAt?: number;
  photoURL?: string;
  displayName?: string;
  location?: string;
  region?: Region;
  loadTokens?: number;
  freeLTsTS?: number;
  referredFrom?: string;
  hasEverPaid?: boolean;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  automaticBilling?: boolean;
  workspaceName?: string;
  workspaceSecret?: string;
  workspaceEmails?: string[];
  workspacePhotoURL?: string;
  stripeConnect?: StripeConnect;
  v2StripeConfig?: V2StripeConfig;
  meta?: { userAccessToken?: string };
  internal?: WorkspaceInternal;
}
const workspaceName = () => name().messages(requiredMessages(MESSAGES.workspace.nameRequired));
const memberEmails = () => Joi.array().items(email()).max(TEXT_LIMITS.list);

export const workspaceSchema = Joi.object<Workspace, true>({
  uid: documentId(),
  email: email(),
  joinedAt: timestamp(),
  photoURL: optionalUrl(),
  displayName: text(TEXT_LIMITS.name),
  location: text(TEXT_LIMITS.shortText),
  region: region(),
  loadTokens: Joi.number(),
  freeLTsTS: timestamp(),
  referredFrom: text(TEXT_LIMITS.name),
  hasEverPaid: Joi.boolean(),
  stripeCustomerId: text(TEXT_LIMITS.id),
  stripeSubscriptionId: text(TEXT_LIMITS.id),
  automaticBilling: Joi.boolean(),
  workspaceName: workspaceName(),
  workspaceSecret: Joi.string().pattern(WORKSPACE_SECRET_PATTERN),
  workspaceEmails: memberEmails(),
  workspacePhotoURL: optionalUrl(),
  stripeConnect: stripeConnectSchema,
  v2StripeConfig: v2StripeConfigSchema,
  meta: Joi.object({ userAccessToken: text(TEXT_LIMITS.token) }),
  internal: workspaceInternalSchema,
});

/** Seats of a workspace: the default seat count plus the plan's extra seats. */
export const workspaceSeatLimit = (extraSeats = 0) => WORKSPACE_DEFAULTS.workspaceSeats + extraSeats;

/** New workspace from the switcher (the service sets uid, secret, credits and members). */
export interface CreateWorkspaceRequest {
  workspaceName: string;
  workspacePhotoURL?: string;
}
export const createWorkspaceRequestSchema = Joi.object<CreateWorkspaceRequest, true>({
  workspaceName: workspaceName().required(),
  workspacePhotoURL: optionalUrl(),
});

/** Internal flags the owner may set (onboarding progress, attribution, event subscriptions). */
export type OwnerEditableInternal = Pick<WorkspaceInternal, 'isNewUser' | 'isAgentOnboardingDone' | 'utm_source' | 'events'>;

/**
 * POST /v2/workspaces/{uid}: the workspace's editable fields, or workspaceName and internal
 * (onboarding). Credits, billing, secret and members are never taken from this body.
 */
export interface SaveWorkspaceRequest {
  workspaceName: string;
  workspacePhotoURL?: string;
  displayName?: string;
  photoURL?: string;
  location?: string;
  internal?: OwnerEditableInternal;
}
export const saveWorkspaceRequestSchema = Joi.object<SaveWorkspaceRequest, true>({
  workspaceName: workspaceName().required(),
  workspacePhotoURL: optionalUrl(),
  displayName: text(TEXT_LIMITS.name),
  photoURL: optionalUrl(),
  location: text(TEXT_LIMITS.shortText),
  internal: Joi.object<OwnerEditableInternal, true>({
    isNewUser: Joi.boolean(),
    isAgentOnboardingDone: Joi.boolean(),
    utm_source: text(TEXT_LIMITS.name),
    events: workspaceEventsConfigSchema,
  }),
});

/**
 * An invitee's e-mail: it must contain '@' and '.', and may not be the inviter's own
 * (pass `{ context: { selfEmail } }` to validate).
 */
export const inviteEmail = () =>
  Joi.string()
    .trim()
    .max(TEXT_LIMITS.email)
    .pattern(/^(?=[^\s]*@)(?=[^\s]*\.)[^\s]+$/)
    .insensitive()
    .invalid(Joi.ref('$selfEmail'))
    .messages({
      ...requiredMessages(MESSAGES.workspace.inviteEmailInvalid),
      'string.pattern.base': MESSAGES.workspace.inviteEmailInvalid,
      'string.max': MESSAGES.workspace.inviteEmailInvalid,
      'any.invalid': MESSAGES.workspace.inviteSelf,
    });

/** POST /v2/workspaces/{uid}/email: the invitation; subject and html default to the platform's own. */
export interface InviteToWorkspaceRequest {
  to: string;
  subject?: string;
  html?: string;
}
/** `subject` and `html` are the spec's request fields; the server accepts and ignores them (its own template is sent). */
export const inviteToWorkspaceRequestSchema = Joi.object<InviteToWorkspaceRequest, true>({
  to: inviteEmail().required(),
  subject: Joi.string().max(TEXT_LIMITS.shortText),
  html: Joi.string().max(TEXT_LIMITS.markup),
});

/** Query of the magic link /no-auth/workspaces/{uid}/invite. */
export interface WorkspaceInviteLinkQuery {
  secret: string;
  email: string;
}
export const workspaceInviteLinkQuerySchema = Joi.object<WorkspaceInviteLinkQuery, true>({
  secret: Joi.string().max(TEXT_LIMITS.token).required(),
  email: email().required(),
});

/** POST to the invitation link: the e-mail of the user joining. */
export interface JoinWorkspaceRequest {
  email: string;
}
export const joinWorkspaceRequestSchema = Joi.object<JoinWorkspaceRequest, true>({ email: email().required() });

/** Removing a member; a member cannot remove themselves (`{ context: { selfEmail } }`). */
export interface RemoveWorkspaceMemberRequest {
  email: string;
}
export const removeWorkspaceMemberRequestSchema = Joi.object<RemoveWorkspaceMemberRequest, true>({
  email: email()
    .required()
    .insensitive()
    .invalid(Joi.ref('$selfEmail'))
    .messages({ 'any.invalid': MESSAGES.workspace.cannotRemoveSelf }),
});

/** What a workspace's events endpoint receives, for subscribed event types only. */
export interface WorkspaceWebhookEvent {
  type: string;
  payload: { createdAt: number; workspaceSecret: string } & JsonObject;
}
export const workspaceWebhookEventSchema = Joi.object<WorkspaceWebhookEvent, true>({
  type: Joi.string().max(TEXT_LIMITS.name).required(),
  payload: Joi.object({ createdAt: timestamp().required(), workspaceSecret: Joi.string().pattern(WORKSPACE_SECRET_PATTERN).required() })
    .unknown(true)
    .required(),
});

/** POST /workspace/{userId}/logs of the logs API. */
export interface WorkspaceLogRequest {
  userId: string;
  agentId?: string;
  type: string;
  content?: string;
  channel?: string;
  metadata?: JsonObject;
  withEmail?: boolean;
  region?: Region;
}
export const workspaceLogRequestSchema = Joi.object<WorkspaceLogRequest, true>({
  userId: documentId().required(),
  agentId: documentId(),
  type: Joi.string().max(TEXT_LIMITS.name).required(),
  content: text(TEXT_LIMITS.longText),
  channel: Joi.string().max(TEXT_LIMITS.name),
  metadata: freeObject(),
  withEmail: Joi.boolean(),
  region: region(),
});

/** POST {region base}/events/new-user. */
export interface NewUserEventRequest {
  userData: JsonObject;
  ps_xid?: string;
  tolt_referral?: string;
}
export const newUserEventRequestSchema = Joi.object<NewUserEventRequest, true>({
  userData: freeObject().required(),
  ps_xid: text(TEXT_LIMITS.id),
  tolt_referral: text(TEXT_LIMITS.id),
});

/** Procedure tokenToUser: exchanges a sign-in token for an auth token. */
export interface TokenToUserRequest {
  token: string;
  createAccount?: boolean;
  utm_source?: string;
}
export const tokenToUserRequestSchema = Joi.object<TokenToUserRequest, true>({
  token: Joi.string().max(TEXT_LIMITS.token).required(),
  createAccount: Joi.boolean(),
  utm_source: text(TEXT_LIMITS.name),
});

/** Answer of GET /public/users/{userId}?agencyId={id}. */
export interface PublicUserResponse {
  data: { workspaceSecret?: string; hasEverPaid?: boolean; internal?: WorkspaceInternal };
}
export interface PublicUserQuery {
  agencyId: string;
}
export const publicUserQuerySchema = Joi.object<PublicUserQuery, true>({ agencyId: documentId().required() });

/** Permissions of one member of a workspace (permission names are not specified). */
export interface WorkspacePermissions {
  userId: string;
  permissions: string[];
}
export const workspacePermissionsSchema = Joi.object<WorkspacePermissions, true>({
  userId: documentId().required(),
  permissions: Joi.array().items(Joi.string().max(TEXT_LIMITS.name)).max(TEXT_LIMITS.list).required(),
});

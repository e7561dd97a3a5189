import Joi from 'joi';
import { CONNECTABLE_CHANNEL_TYPES, type ConnectableChannelType } from '../constants/channels';
import { TEXT_LIMITS } from '../constants/text-limits';
import { notificationSchema, type Notification } from '../entities/clients';
import { documentId, email, isoDate, name } from '../entities/common';
import { creditLogEntrySchema, type CreditLogEntry } from '../entities/credits';

/*
 * Data of the internal events. The spec names none of them; the design asks for these topics,
 * and these shapes are the platform's decision.
 */

/** channel.message-received: a message from a user on a connected channel. */
export interface ChannelMessageReceivedData {
  agentId: string;
  channelType: ConnectableChannelType;
  /** the channel record (Discord ID, Telegram bot id, Meta page id, WhatsApp phone id) */
  channelId: string;
  /** the sender on that channel: chat, phone number or user id */
  senderId: string;
  /** the provider's message id, to drop webhook retries */
  externalMessageId?: string;
  text: string;
  receivedAt: string;
}
export const channelMessageReceivedDataSchema = Joi.object<ChannelMessageReceivedData, true>({
  agentId: documentId().required(),
  channelType: Joi.string().valid(...CONNECTABLE_CHANNEL_TYPES).required(),
  channelId: Joi.string().max(TEXT_LIMITS.id).required(),
  senderId: Joi.string().max(TEXT_LIMITS.id).required(),
  externalMessageId: Joi.string().max(TEXT_LIMITS.shortText),
  text: Joi.string().max(TEXT_LIMITS.longText).allow('').required(),
  receivedAt: isoDate().required(),
});

/** The conversation a channel message belongs to: one per agent, channel record and sender. */
export const channelConversationKey = (data: Pick<ChannelMessageReceivedData, 'agentId' | 'channelId' | 'senderId'>) =>
  `${data.agentId}:${data.channelId}:${data.senderId}`;

/** channel.reply-requested: the runtime's answer to a channel message, for channels to send. */
export interface ChannelReplyRequestedData {
  agentId: string;
  channelType: ConnectableChannelType;
  channelId: string;
  /** who receives the reply: the senderId of the message answered */
  recipientId: string;
  /** the provider's id of the message answered, so a redelivered reply is sent once */
  inReplyTo?: string;
  conversationId: string;
  text: string;
}
export const channelReplyRequestedDataSchema = Joi.object<ChannelReplyRequestedData, true>({
  agentId: documentId().required(),
  channelType: Joi.string().valid(...CONNECTABLE_CHANNEL_TYPES).required(),
  channelId: Joi.string().max(TEXT_LIMITS.id).required(),
  recipientId: Joi.string().max(TEXT_LIMITS.id).required(),
  inReplyTo: Joi.string().max(TEXT_LIMITS.shortText),
  conversationId: Joi.string().max(TEXT_LIMITS.id).required(),
  text: Joi.string().max(TEXT_LIMITS.longText).required(),
});

/** credits.consumed: a credit log entry to apply to the workspace's (or organisation's) balance. */
export type CreditsConsumedData = CreditLogEntry & { orgId?: string };
export const creditsConsumedDataSchema = (creditLogEntrySchema as Joi.ObjectSchema).keys({ orgId: documentId() }) as Joi.ObjectSchema<CreditsConsumedData>;

/** notification.requested: an e-mail to send, or a notification for an organisation's clients. */
export interface EmailNotificationRequest {
  channel: 'email';
  to: string[];
  subject: string;
  html: string;
  fromDisplayName?: string;
}
export interface OrganizationNotificationRequest {
  channel: 'organization';
  orgId: string;
  notification: Notification;
}
export type NotificationRequestedData = EmailNotificationRequest | OrganizationNotificationRequest;
export const notificationRequestedDataSchema = Joi.object({
  channel: Joi.string().valid('email', 'organization').required(),
  to: Joi.array().items(email()).min(1).max(TEXT_LIMITS.list).when('channel', { is: 'email', then: Joi.required(), otherwise: Joi.forbidden() }),
  subject: Joi.string().max(TEXT_LIMITS.shortText).when('channel', { is: 'email', then: Joi.required(), otherwise: Joi.forbidden() }),
  html: Joi.string().max(TEXT_LIMITS.markup).when('channel', { is: 'email', then: Joi.required(), otherwise: Joi.forbidden() }),
  fromDisplayName: name().when('channel', { is: 'email', otherwise: Joi.forbidden() }),
  orgId: documentId().when('channel', { is: 'organization', then: Joi.required(), otherwise: Joi.forbidden() }),
  notification: notificationSchema.when('channel', { is: 'organization', then: Joi.required(), otherwise: Joi.forbidden() }),
}) as Joi.ObjectSchema<NotificationRequestedData>;

/** workspace.created */
export interface WorkspaceCreatedData {
  uid: string;
  email: string;
  workspaceName: string;
  /** the credits the workspace starts with: the opening balance of its credit account (billing, ADR 0014) */
  loadTokens?: number;
}
export const workspaceCreatedDataSchema = Joi.object<WorkspaceCreatedData, true>({
  uid: documentId().required(),
  email: email().required(),
  workspaceName: name().required(),
  loadTokens: Joi.number().min(0),
});

/** workspace.updated: which fields changed (the values stay in the workspace service). */
export interface WorkspaceUpdatedData {
  uid: string;
  changedFields: string[];
}
export const workspaceUpdatedDataSchema = Joi.object<WorkspaceUpdatedData, true>({
  uid: documentId().required(),
  changedFields: Joi.array().items(Joi.string().max(TEXT_LIMITS.name)).min(1).max(TEXT_LIMITS.list).required(),
});

/** workspace.deleted */
export interface WorkspaceDeletedData {
  uid: string;
}
export const workspaceDeletedDataSchema = Joi.object<WorkspaceDeletedData, true>({ uid: documentId().required() });

/** workspace.member-joined and workspace.member-removed */
export interface WorkspaceMemberData {
  uid: string;
  email: string;
}
export const workspaceMemberDataSchema = Joi.object<WorkspaceMemberData, true>({
  uid: documentId().required(),
  email: email().required(),
});

/*
 * Revocations (topic platform.credential-revocations): written by the owning service with the
 * change, read by every gateway replica to drop its cached verdicts. Ids only, never a secret.
 */

/** credentials.session-ended: a sign-out ended this session. */
export interface SessionEndedData {
  userId: string;
  sessionId: string;
}
export const sessionEndedDataSchema = Joi.object<SessionEndedData, true>({
  userId: documentId().required(),
  sessionId: documentId().required(),
});

/** credentials.user-sessions-ended: a new password ended every session of the user but the one that set it. */
export interface UserSessionsEndedData {
  userId: string;
  exceptSessionId?: string;
}
export const userSessionsEndedDataSchema = Joi.object<UserSessionsEndedData, true>({
  userId: documentId().required(),
  exceptSessionId: documentId(),
});

/** credentials.workspace-secret-rotated: the workspace's previous secret no longer works. */
export interface WorkspaceSecretRotatedData {
  uid: string;
}
export const workspaceSecretRotatedDataSchema = Joi.object<WorkspaceSecretRotatedData, true>({ uid: documentId().required() });

/** credentials.agent-secret-key-rotated: the agent's previous SECRET_API_KEY no longer works. */
export interface AgentSecretKeyRotatedData {
  agentId: string;
}
export const agentSecretKeyRotatedDataSchema = Joi.object<AgentSecretKeyRotatedData, true>({ agentId: documentId().required() });

/** credentials.agency-changed: the agency's secret, branding or hosts changed; gateways drop what they cached about it. */
export interface AgencyChangedData {
  agencyId: string;
  /** its hosts before and after the change (product subdomain, custom domain) */
  hosts: string[];
}
export const agencyChangedDataSchema = Joi.object<AgencyChangedData, true>({
  agencyId: documentId().required(),
  hosts: Joi.array().items(Joi.string().max(253)).max(10).required(),
});

/** platform.probe: a marker the infrastructure test looks for. */
export interface PlatformProbeData {
  probeId: string;
}
export const platformProbeDataSchema = Joi.object<PlatformProbeData, true>({ probeId: Joi.string().max(TEXT_LIMITS.id).required() });

/** conversation.human-requested: a visitor asked the agent for a person (the runtime's rule); key: agent id. */
export interface HumanRequestedData {
  agentId: string;
  conversationId: string;
  /** where the conversation happens: widget, test, or a channel type */
  channel: string;
  /** the visitor's message, cut to a short text */
  text: string;
}
export const humanRequestedDataSchema = Joi.object<HumanRequestedData, true>({
  agentId: documentId().required(),
  conversationId: Joi.string().max(TEXT_LIMITS.id).required(),
  channel: Joi.string().max(TEXT_LIMITS.name).required(),
  text: Joi.string().max(TEXT_LIMITS.shortText).allow('').required(),
});

/**
 * notification.created: an organisation notification was stored (by the notification
 * service); every instance pushes it to its open dashboards. The envelope's workspaceId is
 * the organisation's workspace. Key: organisation id.
 */
export interface NotificationCreatedData {
  orgId: string;
  notification: Notification & { ID: string; notificationLevel: 1 | 2; ts: number };
}
export const notificationCreatedDataSchema = Joi.object<NotificationCreatedData, true>({
  orgId: documentId().required(),
  notification: (notificationSchema as Joi.ObjectSchema).keys({ ID: documentId().required(), notificationLevel: Joi.number().valid(1, 2).required(), ts: Joi.number().min(0).required() }).required(),
});

/**
 * credits.low: a ledger account's balance crossed below its low-credit threshold (billing, once
 * per crossing, ADR 0026). The envelope's workspaceId is the workspace, or the organisation's
 * agency workspace; key: organisation id, else workspace id.
 */
export interface CreditsLowData {
  /** absent: the workspace's own credits */
  orgId?: string;
  balance: number;
  threshold: number;
}
export const creditsLowDataSchema = Joi.object<CreditsLowData, true>({
  orgId: documentId(),
  balance: Joi.number().required(),
  threshold: Joi.number().min(0).required(),
});

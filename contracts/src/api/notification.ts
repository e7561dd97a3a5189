import Joi from 'joi';
import { documentId } from '../entities/common';
import type { Notification, NotificationsSettings } from '../entities/clients';
import type { WorkspaceLogRequest } from '../entities/workspace';
import { endpoint, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

/** A stored organisation notification as the API answers it (ID, level and ts always set). */
export type StoredNotification = Notification & { ID: string; notificationLevel: 1 | 2; ts: number };

export interface NotificationListResponse extends SuccessResponse {
  /** the latest 5 of each level, newest first */
  notifications: StoredNotification[];
}

/** What the notification service answers for one delivery to a workspace's events endpoint. */
export interface EventDeliveryView {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: string;
  lastError?: string;
  lastStatus?: number;
}
export interface EventDeliveriesResponse extends SuccessResponse {
  deliveries: EventDeliveryView[];
}

/**
 * The events a workspace may subscribe to (internal.events.subscribedEvents), each the public
 * name of a platform event. The endpoint receives `{type, payload: {createdAt, workspaceSecret, ...data}}`.
 */
export const WORKSPACE_EVENT_TYPES = [
  { type: 'agent.created', label: 'Agent created', source: 'new-agent' },
  { type: 'channel.connected', label: 'Channel connected', source: 'new-channel-connection' },
  { type: 'conversation.human-requested', label: 'A visitor asks for a person', source: 'conversation.human-requested' },
  { type: 'member.joined', label: 'Member joined', source: 'workspace.member-joined' },
  { type: 'member.removed', label: 'Member removed', source: 'workspace.member-removed' },
  { type: 'credits.low', label: 'Credits running low', source: 'credits.low' },
] as const;
export type WorkspaceEventType = (typeof WORKSPACE_EVENT_TYPES)[number]['type'];
/** Sent by "Send test event" whatever the subscription, so a workspace can check its endpoint. */
export const TEST_EVENT_TYPE = 'test';

/**
 * Headers of a delivery: `t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the
 * workspace secret (the receiver knows it), and the delivery id (the same on every retry).
 */
export const EVENT_SIGNATURE_HEADER = 'x-platform-signature';
export const EVENT_ID_HEADER = 'x-platform-event-id';

export const NOTIFICATION_MESSAGES = {
  humanRequestedTitle: 'A visitor asks for a person',
  endpointFailedSubject: 'Your events endpoint is not answering',
  testEventQueued: 'Test event sent.',
  noEndpoint: 'Set an events endpoint first.',
  notificationNotFound: 'Notification not found.',
  eventsSaved: 'Events settings saved.',
  eventsSaveFailed: 'Failed to save the events settings.',
  autoRechargeFailedTitle: 'Auto-recharge failed',
  autoRechargeFailedBody: (amountUsd: number, reason: string) => `We could not charge $${amountUsd} to your saved card: ${reason} Your auto-recharge settings are kept; update your payment method to recharge again.`,
  pushUnavailable: 'Browser notifications are not available.',
  pushEnabled: 'Browser notifications are on.',
  pushDisabled: 'Browser notifications are off.',
  pushBlocked: 'Notifications are blocked for this site: allow them in your browser settings, then turn the switch on again.',
  pushUnsupported: 'This browser cannot receive push notifications.',
  pushRefused: (reason: string) => `Your browser could not subscribe to notifications: ${reason}`,
  creditsLowTitle: 'Credits running low',
  /** Not in the spec's words: the logs API's answer ('not shown') and the e-mail of a log sent withEmail. */
  logSaved: 'Log saved.',
  logUserMismatch: 'The log names another workspace.',
  logEmailSubject: (type: string) => `Workspace log: ${type}`,
  creditsLowBody: (balance: number) => `Only ${Math.max(0, Math.floor(balance)).toLocaleString('en-US')} credits are left. Buy credits so your agents keep answering.`,
} as const;

/** Where a notification sends the client: the conversation in the dashboard's Chats page. */
export const NOTIFICATION_PATHS = {
  conversation: (agentId: string, conversationId: string) => `/convos?agentId=${encodeURIComponent(agentId)}&conversationId=${encodeURIComponent(conversationId)}`,
} as const;

/** Which levels a client sees (spec §4.8): all → 1 and 2, requestsOnly → 2, none → none. */
export function visibleLevels(notifyIf: NotificationsSettings['notifyIf'] = 'requestsOnly'): Array<1 | 2> {
  if (notifyIf === 'all') return [1, 2];
  if (notifyIf === 'requestsOnly') return [2];
  return [];
}
/** Whether a client who chose `notifyThrough` gets notifications by e-mail. */
export const notifiesByEmail = (notifyThrough: NotificationsSettings['notifyThrough'] = 'all') => notifyThrough === 'email' || notifyThrough === 'all';

/** Whether a client who chose `notifyThrough` gets notifications as browser push messages. */
export const notifiesByPush = (notifyThrough: NotificationsSettings['notifyThrough'] = 'all') => notifyThrough === 'push' || notifyThrough === 'all';

/** A browser's push subscription (PushSubscription.toJSON()): where its push service takes messages and the keys that encrypt them (RFC 8291). */
export interface WebPushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}
const base64url = (max: number) => Joi.string().pattern(/^[A-Za-z0-9_-]+={0,2}$/).max(max);
export const pushEndpointSchema = Joi.string().uri({ scheme: ['https', 'http'] }).max(2048);
export const webPushSubscriptionSchema = Joi.object<WebPushSubscription, true>({
  endpoint: pushEndpointSchema.required(),
  expirationTime: Joi.number().integer().allow(null),
  keys: Joi.object({ p256dh: base64url(200).required(), auth: base64url(100).required() }).required(),
});

/** GET /v2/client/notifications/push-key: the platform's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe. */
export interface PushKeyResponse extends SuccessResponse {
  publicKey: string;
}

type OrgParams = { uid: string; orgId: string };
export const orgNotificationParamsSchema = Joi.object({ uid: documentId().required(), orgId: documentId().required() });
export const notificationParamsSchema = orgNotificationParamsSchema.keys({ notificationId: documentId().required() });
export const clientNotificationParamsSchema = Joi.object({ notificationId: documentId().required() });

/** Every endpoint of the notification service (services/notification/README.md). */
export const NOTIFICATION_API = {
  listOrgNotifications: endpoint<OrgParams, NoQuery, undefined, NotificationListResponse>()({
    service: 'notification',
    operationId: 'listOrgNotifications',
    method: 'get',
    path: '/v2/workspaces/:uid/orgs/:orgId/notifications',
  }),
  streamOrgNotifications: endpoint<OrgParams, NoQuery, undefined, never>()({
    service: 'notification',
    operationId: 'streamOrgNotifications',
    method: 'get',
    path: '/v2/workspaces/:uid/orgs/:orgId/notifications/stream',
  }),
  markNotificationSeen: endpoint<OrgParams & { notificationId: string }, NoQuery, undefined, SuccessResponse>()({
    service: 'notification',
    operationId: 'markNotificationSeen',
    method: 'post',
    path: '/v2/workspaces/:uid/orgs/:orgId/notifications/:notificationId/seen',
  }),
  markNotificationRead: endpoint<OrgParams & { notificationId: string }, NoQuery, undefined, SuccessResponse>()({
    service: 'notification',
    operationId: 'markNotificationRead',
    method: 'delete',
    path: '/v2/workspaces/:uid/orgs/:orgId/notifications/:notificationId',
  }),
  markAllNotificationsRead: endpoint<OrgParams, NoQuery, undefined, SuccessResponse & { deleted: number }>()({
    service: 'notification',
    operationId: 'markAllNotificationsRead',
    method: 'delete',
    path: '/v2/workspaces/:uid/orgs/:orgId/notifications',
  }),
  // The signed-in agency client: their own organisation's notifications.
  listClientNotifications: endpoint<NoParams, NoQuery, undefined, NotificationListResponse>()({
    service: 'notification',
    operationId: 'listClientNotifications',
    method: 'get',
    path: '/v2/client/notifications',
  }),
  streamClientNotifications: endpoint<NoParams, NoQuery, undefined, never>()({
    service: 'notification',
    operationId: 'streamClientNotifications',
    method: 'get',
    path: '/v2/client/notifications/stream',
  }),
  markClientNotificationSeen: endpoint<{ notificationId: string }, NoQuery, undefined, SuccessResponse>()({
    service: 'notification',
    operationId: 'markClientNotificationSeen',
    method: 'post',
    path: '/v2/client/notifications/:notificationId/seen',
  }),
  markClientNotificationRead: endpoint<{ notificationId: string }, NoQuery, undefined, SuccessResponse>()({
    service: 'notification',
    operationId: 'markClientNotificationRead',
    method: 'delete',
    path: '/v2/client/notifications/:notificationId',
  }),
  markAllClientNotificationsRead: endpoint<NoParams, NoQuery, undefined, SuccessResponse & { deleted: number }>()({
    service: 'notification',
    operationId: 'markAllClientNotificationsRead',
    method: 'delete',
    path: '/v2/client/notifications',
  }),
  getPushKey: endpoint<NoParams, NoQuery, undefined, PushKeyResponse>()({
    service: 'notification',
    operationId: 'getPushKey',
    method: 'get',
    path: '/v2/client/notifications/push-key',
  }),
  listEventDeliveries: endpoint<{ uid: string }, NoQuery, undefined, EventDeliveriesResponse>()({
    service: 'notification',
    operationId: 'listEventDeliveries',
    method: 'get',
    path: '/v2/workspaces/:uid/events/deliveries',
  }),
  sendTestEvent: endpoint<{ uid: string }, NoQuery, undefined, SuccessResponse & { message: string }>()({
    service: 'notification',
    operationId: 'sendTestEvent',
    method: 'post',
    path: '/v2/workspaces/:uid/events/test',
  }),
  /** The logs API (spec §7 POST /workspace/{userId}/logs): a workspace's log line, e-mailed to its members withEmail. */
  saveWorkspaceLog: endpoint<{ uid: string }, NoQuery, WorkspaceLogRequest, SuccessResponse & { message: string; id: string }>()({
    service: 'notification',
    operationId: 'saveWorkspaceLog',
    method: 'post',
    path: '/workspace/:uid/logs',
  }),
} as const;

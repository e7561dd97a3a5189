import type { Request, Response } from 'express';
import Joi from 'joi';
import { NOTIFICATION_API, NOTIFICATION_MESSAGES, documentId, notificationParamsSchema, orgNotificationParamsSchema, routeOf, type ResponseOf, type StoredNotification } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { EventDeliveries } from '../usecases/event-deliveries';
import type { LiveNotifications } from '../usecases/live-notifications';
import type { OrgNotifications } from '../usecases/org-notifications';
import type { NotificationPolicy, WorkspaceGrant } from '../usecases/access';

/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** The organisation a request names, inside the workspace the caller was granted (the tenant boundary). */
const orgOf = (req: Request, grant: WorkspaceGrant) => ({ workspaceId: grant.workspaceId, orgId: req.params.orgId! });
const workspaceOf = (req: Request) => req.params.uid!;

function streamNotifications(req: Request, res: Response, live: LiveNotifications, grant: WorkspaceGrant): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
  res.write(': connected\n\n');
  const send = (notification: StoredNotification) => res.write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`);
  const unsubscribe = live.subscribe(req.region, orgOf(req, grant), send);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

/**
 * Members of the workspace that owns the organisations (agency users, or the workspace secret)
 * read and clear an organisation's notifications; every query is bounded by that workspace.
 */
export function notificationRoutes(notifications: OrgNotifications, live: LiveNotifications, deliveries: EventDeliveries): RouteSpec<NotificationPolicy>[] {
  const uidParams = Joi.object({ uid: documentId().required() });
  return [
    {
      ...routeOf(NOTIFICATION_API.listOrgNotifications),
      summary: "The organisation's latest 5 notifications of each level, newest first",
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: orgNotificationParamsSchema },
      success: { status: 200, description: '{success, notifications}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, notifications: await notifications.latest(req.region, orgOf(req, grant)) } satisfies ResponseOf<typeof NOTIFICATION_API.listOrgNotifications>);
      },
    },
    {
      ...routeOf(NOTIFICATION_API.streamOrgNotifications),
      summary: 'Server-sent events: each new notification of the organisation as `event: notification`, pushed while the dashboard is open',
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: orgNotificationParamsSchema },
      success: { status: 200, description: 'text/event-stream' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => streamNotifications(req, res, live, grant),
    },
    {
      ...routeOf(NOTIFICATION_API.markNotificationSeen),
      summary: 'Marks a notification seen (its popup was shown)',
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: notificationParamsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        await notifications.markSeen(req.region, orgOf(req, grant), req.params.notificationId!);
        res.json({ success: true });
      },
    },
    {
      ...routeOf(NOTIFICATION_API.markNotificationRead),
      summary: 'Marks a notification read: it is deleted (spec §4.8)',
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: notificationParamsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        await notifications.markRead(req.region, orgOf(req, grant), req.params.notificationId!);
        res.json({ success: true });
      },
    },
    {
      ...routeOf(NOTIFICATION_API.markAllNotificationsRead),
      summary: "Mark all as Read: deletes the organisation's notifications",
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: orgNotificationParamsSchema },
      success: { status: 200, description: '{success, deleted}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, deleted: await notifications.markAllRead(req.region, orgOf(req, grant)) } satisfies ResponseOf<typeof NOTIFICATION_API.markAllNotificationsRead>);
      },
    },
    {
      ...routeOf(NOTIFICATION_API.listEventDeliveries),
      summary: "The workspace's latest 20 deliveries to its events endpoint (status, attempts, last error)",
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: uidParams },
      success: { status: 200, description: '{success, deliveries}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, deliveries: await deliveries.latest(req.region, grant.workspaceId) } satisfies ResponseOf<typeof NOTIFICATION_API.listEventDeliveries>);
      },
    },
    {
      ...routeOf(NOTIFICATION_API.sendTestEvent),
      summary: "Queues a signed `test` event to the workspace's endpoint (whatever its subscriptions)",
      access: 'member',
      workspace: workspaceOf,
      schemas: { params: uidParams },
      success: { status: 200, description: '{success, message}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        await deliveries.sendTest(req.region, grant.workspaceId);
        res.json({ success: true, message: NOTIFICATION_MESSAGES.testEventQueued });
      },
    },
  ];
}

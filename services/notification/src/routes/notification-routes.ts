import type { Request, Response } from 'express';
import Joi from 'joi';
import {
  NOTIFICATION_API,
  NOTIFICATION_MESSAGES,
  clientNotificationParamsSchema,
  documentId,
  notificationParamsSchema,
  orgNotificationParamsSchema,
  routeOf,
  workspaceLogRequestSchema,
  type Region,
  type ResponseOf,
  type StoredNotification,
} from '@platform/contracts';
import { HttpError, type ClientCaller, type RouteSpec } from '@platform/kit';
import type { OrgRef } from '../store/notifications';
import type { NotificationPolicy, WorkspaceGrant } from '../usecases/access';
import type { EventDeliveries } from '../usecases/event-deliveries';
import type { LiveNotifications } from '../usecases/live-notifications';
import type { OrgNotifications } from '../usecases/org-notifications';
import type { WorkspaceLogs } from '../usecases/workspace-logs';

/** A comment line keeps proxies from closing an idle stream (the gateway's proxy gives up after 30 s of silence). */
const HEARTBEAT_MS = 15_000;

function streamNotifications(req: Request, res: Response, live: LiveNotifications, region: Region, org: OrgRef): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
  res.write(': connected\n\n');
  const send = (notification: StoredNotification) => res.write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`);
  const unsubscribe = live.subscribe(region, org, send);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

type Scoped = { region: Region; org: OrgRef };
type OrgHandlers = {
  list: (scope: Scoped, res: Response) => Promise<void>;
  stream: (scope: Scoped, req: Request, res: Response) => void;
  seen: (scope: Scoped, id: string, res: Response) => Promise<void>;
  read: (scope: Scoped, id: string, res: Response) => Promise<void>;
  readAll: (scope: Scoped, res: Response) => Promise<void>;
};

function orgHandlers(notifications: OrgNotifications, live: LiveNotifications): OrgHandlers {
  return {
    list: async ({ region, org }, res) => {
      res.json({ success: true, notifications: await notifications.latest(region, org) } satisfies ResponseOf<typeof NOTIFICATION_API.listOrgNotifications>);
    },
    stream: ({ region, org }, req, res) => streamNotifications(req, res, live, region, org),
    seen: async ({ region, org }, id, res) => {
      await notifications.markSeen(region, org, id);
      res.json({ success: true });
    },
    read: async ({ region, org }, id, res) => {
      await notifications.markRead(region, org, id);
      res.json({ success: true });
    },
    readAll: async ({ region, org }, res) => {
      res.json({ success: true, deleted: await notifications.markAllRead(region, org) } satisfies ResponseOf<typeof NOTIFICATION_API.markAllNotificationsRead>);
    },
  };
}

/**
 * Members of the workspace that owns the organisations (agency users, or the workspace secret)
 * reach any of its organisations; every query is bounded by that workspace.
 */
function memberRoutes(on: OrgHandlers): RouteSpec<NotificationPolicy>[] {
  const scope = (req: Request, grant: WorkspaceGrant): Scoped => ({ region: req.region, org: { workspaceId: grant.workspaceId, orgId: req.params.orgId! } });
  const workspaceOf = (req: Request) => req.params.uid!;
  return [
    {
      ...routeOf(NOTIFICATION_API.listOrgNotifications),
      access: 'member',
      workspace: workspaceOf,
      summary: "The organisation's latest 5 notifications of each level, newest first",
      schemas: { params: orgNotificationParamsSchema },
      success: { status: 200, description: '{success, notifications}' },
      failures: [400, 401, 403],
      handler: (req, res, grant) => on.list(scope(req, grant), res),
    },
    {
      ...routeOf(NOTIFICATION_API.streamOrgNotifications),
      access: 'member',
      workspace: workspaceOf,
      summary: 'Server-sent events: each new notification of the organisation as `event: notification`, pushed while the dashboard is open',
      schemas: { params: orgNotificationParamsSchema },
      success: { status: 200, description: 'text/event-stream' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => on.stream(scope(req, grant), req, res),
    },
    {
      ...routeOf(NOTIFICATION_API.markNotificationSeen),
      access: 'member',
      workspace: workspaceOf,
      summary: 'Marks a notification seen (its popup was shown)',
      schemas: { params: notificationParamsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: (req, res, grant) => on.seen(scope(req, grant), req.params.notificationId!, res),
    },
    {
      ...routeOf(NOTIFICATION_API.markNotificationRead),
      access: 'member',
      workspace: workspaceOf,
      summary: 'Marks a notification read: it is deleted (spec §4.8)',
      schemas: { params: notificationParamsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: (req, res, grant) => on.read(scope(req, grant), req.params.notificationId!, res),
    },
    {
      ...routeOf(NOTIFICATION_API.markAllNotificationsRead),
      access: 'member',
      workspace: workspaceOf,
      summary: "Mark all as Read: deletes the organisation's notifications",
      schemas: { params: orgNotificationParamsSchema },
      success: { status: 200, description: '{success, deleted}' },
      failures: [400, 401, 403],
      handler: (req, res, grant) => on.readAll(scope(req, grant), res),
    },
  ];
}

/** A signed-in agency client reaches only their own organisation, in their organisation's workspace and region. */
function clientRoutes(on: OrgHandlers): RouteSpec<NotificationPolicy>[] {
  const scope = (caller: ClientCaller): Scoped => ({ region: caller.region as Region, org: { workspaceId: caller.workspaceId, orgId: caller.orgId } });
  return [
    {
      ...routeOf(NOTIFICATION_API.listClientNotifications),
      access: 'client',
      summary: "The client's organisation's latest 5 notifications of each level, newest first",
      success: { status: 200, description: '{success, notifications}' },
      failures: [401, 403],
      handler: (_req, res, caller) => on.list(scope(caller), res),
    },
    {
      ...routeOf(NOTIFICATION_API.streamClientNotifications),
      access: 'client',
      summary: "Server-sent events: each new notification of the client's organisation, pushed while the dashboard is open",
      success: { status: 200, description: 'text/event-stream' },
      failures: [401, 403],
      handler: async (req, res, caller) => on.stream(scope(caller), req, res),
    },
    {
      ...routeOf(NOTIFICATION_API.markClientNotificationSeen),
      access: 'client',
      summary: 'Marks a notification of the organisation seen (its popup was shown)',
      schemas: { params: clientNotificationParamsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: (req, res, caller) => on.seen(scope(caller), req.params.notificationId!, res),
    },
    {
      ...routeOf(NOTIFICATION_API.markClientNotificationRead),
      access: 'client',
      summary: 'Marks a notification of the organisation read: it is deleted',
      schemas: { params: clientNotificationParamsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: (req, res, caller) => on.read(scope(caller), req.params.notificationId!, res),
    },
    {
      ...routeOf(NOTIFICATION_API.markAllClientNotificationsRead),
      access: 'client',
      summary: "Mark all as Read: deletes the organisation's notifications",
      success: { status: 200, description: '{success, deleted}' },
      failures: [401, 403],
      handler: (_req, res, caller) => on.readAll(scope(caller), res),
    },
  ];
}

function eventRoutes(deliveries: EventDeliveries): RouteSpec<NotificationPolicy>[] {
  const uidParams = Joi.object({ uid: documentId().required() });
  return [
    {
      ...routeOf(NOTIFICATION_API.listEventDeliveries),
      summary: "The workspace's latest 20 deliveries to its events endpoint (status, attempts, last error)",
      access: 'member',
      workspace: (req) => req.params.uid!,
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
      workspace: (req) => req.params.uid!,
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

/** The logs API (spec §7): a member or the workspace secret writes a line of its workspace's log. */
function logRoutes(logs: WorkspaceLogs): RouteSpec<NotificationPolicy>[] {
  return [
    {
      ...routeOf(NOTIFICATION_API.saveWorkspaceLog),
      summary: "Stores a line of the workspace's log (userId, agentId, type, content, channel, metadata); withEmail, its members get it by e-mail",
      access: 'member',
      workspace: (req) => req.params.uid!,
      schemas: { params: Joi.object({ uid: documentId().required() }), body: workspaceLogRequestSchema },
      success: { status: 200, description: '{success, message, id}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        if (req.body.userId !== grant.workspaceId) throw new HttpError(400, NOTIFICATION_MESSAGES.logUserMismatch);
        const id = await logs.save(req.region, grant.workspaceId, req.body);
        res.json({ success: true, message: NOTIFICATION_MESSAGES.logSaved, id } satisfies ResponseOf<typeof NOTIFICATION_API.saveWorkspaceLog>);
      },
    },
  ];
}

/** The Browser Notifications switch: the key the browser subscribes with (the subscription itself is the client's record, agency-domain). */
function pushRoutes(notifications: OrgNotifications): RouteSpec<NotificationPolicy>[] {
  return [
    {
      ...routeOf(NOTIFICATION_API.getPushKey),
      access: 'client',
      summary: "The platform's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe",
      success: { status: 200, description: '{success, publicKey}' },
      failures: [401, 403, 404],
      handler: async (_req, res) => {
        res.json({ success: true, publicKey: notifications.pushKey() } satisfies ResponseOf<typeof NOTIFICATION_API.getPushKey>);
      },
    },
  ];
}

export function notificationRoutes(notifications: OrgNotifications, live: LiveNotifications, deliveries: EventDeliveries, logs: WorkspaceLogs): RouteSpec<NotificationPolicy>[] {
  const on = orgHandlers(notifications, live);
  return [...memberRoutes(on), ...clientRoutes(on), ...pushRoutes(notifications), ...eventRoutes(deliveries), ...logRoutes(logs)];
}

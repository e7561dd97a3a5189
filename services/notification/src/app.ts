import type { Express } from 'express';
import { SafeHttpClient, createApp, serviceRouter, type Logger, type ReadinessCheck, type RegionalMongo } from '@platform/kit';
import { smtpMailer, type Mailer } from '@platform/kit';
import { HttpOrganizationDirectory, type OrganizationDirectory } from './clients/organizations';
import { WebPushSender } from './clients/web-push';
import { HttpWorkspaceDirectory, type WorkspaceDirectory } from './clients/workspace';
import type { NotificationConfig } from './config';
import { notificationRoutes } from './routes/notification-routes';
import { DeliveryStore } from './store/deliveries';
import { NotificationStore } from './store/notifications';
import { NotificationAccess, type NotificationPolicy } from './usecases/access';
import { EventDeliveries } from './usecases/event-deliveries';
import { LiveNotifications } from './usecases/live-notifications';
import { OrgNotifications } from './usecases/org-notifications';
import { WorkspaceLogs } from './usecases/workspace-logs';
import { WorkspaceLogStore } from './store/workspace-logs';

export const OPENAPI_INFO = {
  title: 'Notification service',
  description: "Organisation notifications (stored per level, pushed live to open dashboards, e-mailed) and delivery of workspace events to the workspace's endpoint.",
  tag: 'notification',
};

export interface AppDeps {
  config: NotificationConfig;
  mongo: RegionalMongo;
  logger: Logger;
  /** default: the workspace service over HTTP */
  workspaces?: WorkspaceDirectory;
  /** default: agency-domain's organisations over HTTP */
  organizations?: OrganizationDirectory;
  mailer?: Mailer;
  readiness?: ReadinessCheck[];
  eventsWritten?: () => void;
}

/** The service's one assembly: use cases wired to their stores and clients, the route table and its authoriser. */
export function assemble(deps: AppDeps) {
  const { config, logger } = deps;
  const client = (baseUrl: string) => ({ baseUrl, signingSecret: config.platform.internalSigningSecret, timeoutMs: config.serviceCallTimeoutMs, logger });
  const workspaces = deps.workspaces ?? new HttpWorkspaceDirectory(client(config.workspaceServiceUrl));
  const mailer = deps.mailer ?? smtpMailer(config.smtpUrl, config.mailFrom);
  const live = new LiveNotifications();
  const notifications = new OrgNotifications({
    store: new NotificationStore(deps.mongo),
    organizations: deps.organizations ?? new HttpOrganizationDirectory(client(config.agencyServiceUrl)),
    mailer,
    // Push endpoints are browser-given URLs: the same SSRF-safe client as events endpoints.
    push: config.vapid ? new WebPushSender(config.vapid, new SafeHttpClient({ ...config.outbound, maxResponseBytes: 4_000 })) : null,
    logger,
    publicUrl: config.publicUrl,
    eventsWritten: deps.eventsWritten ?? (() => undefined),
  });
  const deliveries = new EventDeliveries({ store: new DeliveryStore(deps.mongo), workspaces, http: new SafeHttpClient(config.outbound), mailer, logger, retry: config.retry, publicUrl: config.publicUrl });
  const logs = new WorkspaceLogs({ store: new WorkspaceLogStore(deps.mongo), workspaces, mailer, logger });
  const routes = notificationRoutes(notifications, live, deliveries, logs);
  return { routes, access: new NotificationAccess(workspaces), live, notifications, deliveries, mailer };
}

export function buildApp(deps: AppDeps, assembled = assemble(deps)): Express {
  const router = serviceRouter<NotificationPolicy>({ routes: assembled.routes, authorizer: assembled.access, openApi: OPENAPI_INFO, signingSecret: deps.config.platform.internalSigningSecret });
  return createApp({ name: 'notification', logger: deps.logger, routes: router, readiness: deps.readiness });
}

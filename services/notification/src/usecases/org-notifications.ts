import { NOTIFICATION_MESSAGES, type CreditsLowData, type EmailNotificationRequest, type HumanRequestedData, type Notification, type Region, type StoredNotification } from '@platform/contracts';
import { catalogOutboxEntry, notFound, type Logger } from '@platform/kit';
import type { Mailer } from '@platform/kit';
import type { OrganizationDirectory, AgentOrganization } from '../clients/organizations';
import type { WebPushSender } from '../clients/web-push';
import { creditsLowNotification, emailRecipients, humanRequestNotification, notificationEmail, notificationId, pushPayload, pushRecipients } from '../domain/org-notification';
import type { NotificationStore, OrgRef } from '../store/notifications';

export interface OrgNotificationDeps {
  store: NotificationStore;
  organizations: OrganizationDirectory;
  mailer: Mailer;
  /** null: no VAPID keys configured, no push messages */
  push: WebPushSender | null;
  logger: Logger;
  publicUrl: string;
  /** nudges the outbox relay */
  eventsWritten: () => void;
  now?: () => number;
}

/** Organisation notifications: created from events, read, marked seen and read (deleted). */
export class OrgNotifications {
  constructor(private readonly deps: OrgNotificationDeps) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** A visitor asks for a person: a level-2 notification in every organisation of the agent. */
  async humanRequested(region: Region, eventId: string, data: HumanRequestedData): Promise<void> {
    const organizations = await this.deps.organizations.byAgent(region, data.agentId);
    for (const org of organizations) await this.create(region, org, humanRequestNotification(eventId, org.ID, data, this.now()));
  }

  /** An organisation's credits are running low (billing's credits.low): a level-1 notification, e-mailed by its clients' settings. */
  async creditsLow(region: Region, eventId: string, workspaceId: string, data: CreditsLowData & { orgId: string }): Promise<void> {
    const found = await this.deps.organizations.byId(region, data.orgId);
    // The organisation's workspace is billing's word; agency-domain's answer only adds the clients to e-mail.
    const org = { ID: data.orgId, workspaceId, clients: found?.workspaceId === workspaceId ? found.clients : [] };
    await this.create(region, org, creditsLowNotification(eventId, data.orgId, data, this.now()));
  }

  /** A notification asked for by another service (notification.requested, organisation channel). */
  async requested(region: Region, eventId: string, workspaceId: string, orgId: string, notification: Notification): Promise<void> {
    const stored: StoredNotification = { seen: false, ...notification, ID: notification.ID ?? notificationId(eventId, orgId), ts: notification.ts ?? this.now(), notificationLevel: notification.notificationLevel ?? 1 };
    await this.create(region, { ID: orgId, workspaceId, clients: [] }, stored);
  }

  private async create(region: Region, org: AgentOrganization, notification: StoredNotification): Promise<void> {
    const ref = { workspaceId: org.workspaceId, orgId: org.ID };
    const event = catalogOutboxEntry('notification.created', { region, workspaceId: org.workspaceId, data: { orgId: org.ID, notification } });
    const isNew = await this.deps.store.insert(region, ref, notification, [event]);
    if (!isNew) return;
    this.deps.eventsWritten();
    const to = emailRecipients(notification, org.clients);
    // At most once: a redelivered event finds the notification stored and sends nothing again.
    if (to.length) await this.send({ channel: 'email', to, ...notificationEmail(notification, this.deps.publicUrl) });
    await this.pushTo(region, org, notification);
  }

  /** A browser push message to every client whose settings let it through and who turned Browser Notifications on. */
  private async pushTo(region: Region, org: AgentOrganization, notification: StoredNotification): Promise<void> {
    const push = this.deps.push;
    if (!push) return;
    const payload = pushPayload(notification, region);
    const urgency = notification.notificationLevel === 2 ? 'high' : 'normal';
    await Promise.all(
      pushRecipients(notification, org.clients).map(async ({ clientId, subscription }) => {
        const outcome = await push.send(subscription, payload, urgency);
        if (outcome.result === 'failed') return this.deps.logger.warn({ clientId, reason: outcome.reason }, 'push message not sent');
        if (outcome.result === 'gone') {
          await this.deps.organizations.pushTokenGone(region, clientId, subscription.endpoint).catch((err: unknown) => this.deps.logger.warn({ err, clientId }, 'gone push token not dropped'));
        }
      }),
    );
  }

  /** The platform's VAPID public key for the browser's PushManager.subscribe. */
  pushKey(): string {
    if (!this.deps.push) throw notFound(NOTIFICATION_MESSAGES.pushUnavailable);
    return this.deps.push.publicKey;
  }

  async send(request: EmailNotificationRequest): Promise<void> {
    try {
      await this.deps.mailer.send(request);
    } catch (err) {
      this.deps.logger.warn({ err, subject: request.subject }, 'notification e-mail not sent');
    }
  }

  latest(region: Region, org: OrgRef) {
    return this.deps.store.latest(region, org);
  }

  async markSeen(region: Region, org: OrgRef, id: string) {
    if (!(await this.deps.store.markSeen(region, org, id))) throw notFound(NOTIFICATION_MESSAGES.notificationNotFound);
  }

  async markRead(region: Region, org: OrgRef, id: string) {
    if (!(await this.deps.store.remove(region, org, id))) throw notFound(NOTIFICATION_MESSAGES.notificationNotFound);
  }

  markAllRead(region: Region, org: OrgRef) {
    return this.deps.store.removeAll(region, org);
  }
}

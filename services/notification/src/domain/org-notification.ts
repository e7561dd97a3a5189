import { createHash } from 'node:crypto';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  notifiesByEmail,
  notifiesByPush,
  webPushSubscriptionSchema,
  visibleLevels,
  type CreditsLowData,
  type HumanRequestedData,
  type NotificationsSettings,
  type Region,
  type StoredNotification,
  type WebPushSubscription,
} from '@platform/contracts';

/** A client who may receive an organisation's notifications by e-mail. */
export interface OrgRecipient {
  ID: string;
  email: string;
  notificationsSettings?: NotificationsSettings;
  /** FB_PUSH_TOKEN: the browser's push subscription as JSON (the Browser Notifications switch) */
  pushToken?: string;
}

/** An id derived from the event and the organisation, so a redelivered event stores nothing new. */
export function notificationId(eventId: string, orgId: string): string {
  return createHash('sha256').update(`${eventId}:${orgId}`).digest('base64url').slice(0, 20);
}

/** Level 2 (a request): a visitor asks for a person; opens the conversation. */
export function humanRequestNotification(eventId: string, orgId: string, data: HumanRequestedData, nowMs: number): StoredNotification {
  return {
    ID: notificationId(eventId, orgId),
    title: NOTIFICATION_MESSAGES.humanRequestedTitle,
    body: data.text,
    ts: nowMs,
    urlPathname: NOTIFICATION_PATHS.conversation(data.agentId, data.conversationId),
    seen: false,
    notificationLevel: 2,
  };
}

/**
 * Level 1 (not a request, spec §4.8: requestsOnly shows level 2 only): the organisation's credits
 * crossed below their low-credit threshold; opens the dashboard, where the billing modal is.
 */
export function creditsLowNotification(eventId: string, orgId: string, data: CreditsLowData, nowMs: number): StoredNotification {
  return {
    ID: notificationId(eventId, orgId),
    title: NOTIFICATION_MESSAGES.creditsLowTitle,
    body: NOTIFICATION_MESSAGES.creditsLowBody(data.balance),
    ts: nowMs,
    seen: false,
    notificationLevel: 1,
  };
}

/** Whether the client is among those the notification is for (no notifyOnly: everyone). */
export const isAddressedTo = (notification: Pick<StoredNotification, 'notifyOnly'>, clientId: string) =>
  !notification.notifyOnly?.length || notification.notifyOnly.includes(clientId);

/** Addressed to them and a level their notifyIf shows: the filter every delivery shares. */
const letsThrough = (notification: StoredNotification, client: OrgRecipient) =>
  isAddressedTo(notification, client.ID) && visibleLevels(client.notificationsSettings?.notifyIf).includes(notification.notificationLevel);

/** Who gets it by e-mail: the shared filter, and notifyThrough email or all. */
export function emailRecipients(notification: StoredNotification, clients: OrgRecipient[]): string[] {
  return clients
    .filter((client) => letsThrough(notification, client))
    .filter((client) => notifiesByEmail(client.notificationsSettings?.notifyThrough))
    .map((client) => client.email);
}

/** The stored push token as a subscription, or null when there is none or it is not one. */
export function pushSubscriptionOf(token: string | undefined): WebPushSubscription | null {
  if (!token) return null;
  try {
    const { value, error } = webPushSubscriptionSchema.validate(JSON.parse(token), { stripUnknown: true });
    return error ? null : value;
  } catch {
    return null;
  }
}

/** Who gets it as a browser push message: the shared filter, notifyThrough push or all, and a subscription. */
export function pushRecipients(notification: StoredNotification, clients: OrgRecipient[]): Array<{ clientId: string; subscription: WebPushSubscription }> {
  return clients
    .filter((client) => letsThrough(notification, client))
    .filter((client) => notifiesByPush(client.notificationsSettings?.notifyThrough))
    .flatMap((client) => {
      const subscription = pushSubscriptionOf(client.pushToken);
      return subscription ? [{ clientId: client.ID, subscription }] : [];
    });
}

/** What the service worker shows (title, body) and opens on a click (urlPathname, in the region's dashboard). */
export const pushPayload = (notification: StoredNotification, region: Region) =>
  JSON.stringify({ ID: notification.ID, title: notification.title ?? '', body: notification.body ?? '', urlPathname: notification.urlPathname ?? '/', notificationLevel: notification.notificationLevel, region });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail of a notification: its title, body and a link to its page on the dashboard. */
export function notificationEmail(notification: StoredNotification, dashboardUrl: string): { subject: string; html: string } {
  const link = `${dashboardUrl}${notification.urlPathname ?? '/'}`;
  return {
    subject: notification.title ?? NOTIFICATION_MESSAGES.humanRequestedTitle,
    html: `<p><strong>${escapeHtml(notification.title ?? '')}</strong></p><p>${escapeHtml(notification.body ?? '')}</p><p><a href="${escapeHtml(link)}">Open</a></p>`,
  };
}

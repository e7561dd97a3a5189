/*
 * The client dashboard's service worker (ADR 0032): shows each push message of the notification
 * service (title, body) and opens its page on a click. Built on its own (webpack.config.js) as
 * /remotes/client_dashboard/push-sw.js; push messages reach it whatever pages its scope covers.
 */
import { REGIONS, type Region } from '@platform/contracts';
import { notificationHref } from '../logic/tabs';

/** What the notification service sends (services/notification pushPayload). */
interface PushedNotification {
  ID?: string;
  title?: string;
  body?: string;
  urlPathname?: string;
  region?: Region;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
}
const worker = self as unknown as WorkerScope;

function read(event: PushEvent): PushedNotification {
  try {
    return (event.data?.json() ?? {}) as PushedNotification;
  } catch {
    return {};
  }
}

/** The dashboard page of a notification's path; anything that is not a path of this origin opens the dashboard's home. */
function pageOf(data: PushedNotification): string {
  const path = typeof data.urlPathname === 'string' && data.urlPathname.startsWith('/') && !data.urlPathname.startsWith('//') ? data.urlPathname : '/';
  const href = data.region && REGIONS.includes(data.region) ? notificationHref(data.region, path) : path;
  const url = new URL(href, worker.location.origin);
  return url.origin === worker.location.origin ? url.href : worker.location.origin;
}

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener('push', (event) => {
  const data = read(event);
  event.waitUntil(worker.registration.showNotification(data.title || 'Notification', { body: data.body ?? '', tag: data.ID, data: { page: pageOf(data) } }));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const page = (event.notification.data as { page?: string } | null)?.page ?? worker.location.origin;
  event.waitUntil(worker.clients.openWindow(page));
});

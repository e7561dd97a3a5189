import { CLIENTS_API, NOTIFICATION_API, NOTIFICATION_MESSAGES, type Region, type WebPushSubscription } from '@platform/contracts';
import { callApi } from '../api/client';

/**
 * The Browser Notifications switch of a signed-in client (ADR 0032): the dashboard's service
 * worker is registered, the browser subscribes to its vendor's push service with the platform's
 * VAPID key, and the subscription is stored as the client's FB_PUSH_TOKEN. Every refusal throws
 * an Error whose message the panel shows; the switch then stays off.
 */
export interface PushWorker {
  /** the service worker script, same origin as the dashboard */
  url: string;
  /** its scope: the script's folder (push messages reach a worker whatever pages it controls) */
  scope: string;
}

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The worker's registration once it is active (PushManager.subscribe needs an active worker). */
async function activeRegistration(worker: PushWorker): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(worker.url, { scope: worker.scope });
  const installing = registration.installing ?? registration.waiting;
  if (!registration.active && installing) {
    await new Promise<void>((resolve) => {
      installing.addEventListener('statechange', () => installing.state === 'activated' && resolve());
    });
  }
  return registration;
}

/** Whether this browser holds a push subscription of the worker (the switch's state when the page opens). */
export async function hasPushSubscription(worker: PushWorker): Promise<boolean> {
  if (!supported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration(worker.scope);
  return Boolean(await registration?.pushManager.getSubscription());
}

export async function turnOnPush(region: Region, worker: PushWorker): Promise<void> {
  if (!supported()) throw new Error(NOTIFICATION_MESSAGES.pushUnsupported);
  if (Notification.permission !== 'granted' && (await Notification.requestPermission()) !== 'granted') throw new Error(NOTIFICATION_MESSAGES.pushBlocked);
  const { publicKey } = await callApi(NOTIFICATION_API.getPushKey, { region });
  const registration = await activeRegistration(worker);
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch (err) {
    throw new Error(NOTIFICATION_MESSAGES.pushRefused((err as Error).message || String(err)));
  }
  await callApi(CLIENTS_API.savePushToken, { region, body: { subscription: subscription.toJSON() as WebPushSubscription } });
}

export async function turnOffPush(region: Region, worker: PushWorker): Promise<void> {
  if (supported()) {
    const registration = await navigator.serviceWorker.getRegistration(worker.scope);
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  }
  await callApi(CLIENTS_API.removePushToken, { region });
}

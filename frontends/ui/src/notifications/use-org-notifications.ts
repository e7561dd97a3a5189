import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTIFICATION_API, gatewayPath, type Region, type StoredNotification } from '@platform/contracts';
import { callApi } from '../api/client';
import { readStored, writeStored } from '../logic/storage';
import { playChime } from './chime';
import { hasPushSubscription, turnOffPush, turnOnPush, type PushWorker } from './push-subscription';
import { POPUP_MS, isOnPage, popupCandidate, soundSchedule, visibleNotifications, withNotification, type NotifyIf } from './notification-rules';

export interface OrgNotificationsOptions {
  region: Region;
  /** an agency user viewing an organisation: its workspace and id; absent for a signed-in client (their own organisation) */
  workspaceId?: string;
  orgId?: string;
  clientId?: string;
  notifyIf?: NotifyIf;
  /** replaceable in tests */
  sound?: () => void;
  /** told of each notification pushed live (the dashboard re-reads what it announces, e.g. the balance) */
  onNotification?: (notification: StoredNotification) => void;
  /** a signed-in client's dashboard: the switch subscribes this browser to push messages through this worker */
  pushWorker?: PushWorker;
}

const BROWSER_NOTIFICATIONS_KEY = 'notifications.browser';

/** The agency user's calls for one organisation of their workspace, or the signed-in client's for their own. */
function notificationCalls(region: Region, workspaceId?: string, orgId?: string) {
  if (workspaceId && orgId) {
    const params = { uid: workspaceId, orgId };
    return {
      list: () => callApi(NOTIFICATION_API.listOrgNotifications, { region, params }),
      streamPath: gatewayPath(NOTIFICATION_API.streamOrgNotifications, params, region),
      seen: (notificationId: string) => callApi(NOTIFICATION_API.markNotificationSeen, { region, params: { ...params, notificationId } }),
      read: (notificationId: string) => callApi(NOTIFICATION_API.markNotificationRead, { region, params: { ...params, notificationId } }),
      readAll: () => callApi(NOTIFICATION_API.markAllNotificationsRead, { region, params }),
    };
  }
  return {
    list: () => callApi(NOTIFICATION_API.listClientNotifications, { region }),
    streamPath: gatewayPath(NOTIFICATION_API.streamClientNotifications, {}, region),
    seen: (notificationId: string) => callApi(NOTIFICATION_API.markClientNotificationSeen, { region, params: { notificationId } }),
    read: (notificationId: string) => callApi(NOTIFICATION_API.markClientNotificationRead, { region, params: { notificationId } }),
    readAll: () => callApi(NOTIFICATION_API.markAllClientNotificationsRead, { region }),
  };
}

/**
 * An organisation's notifications for the bell: read once, then pushed live (SSE through the
 * gateway, never polled); the newest unseen one pops up for 5 s with its sound and is then marked seen.
 */
export function useOrgNotifications({ region, workspaceId, orgId, clientId, notifyIf = 'requestsOnly', sound = playChime, onNotification, pushWorker }: OrgNotificationsOptions) {
  const [all, setAll] = useState<StoredNotification[]>([]);
  const [popup, setPopup] = useState<StoredNotification | null>(null);
  const [browserNotifications, setBrowserNotificationsState] = useState<boolean>(() => readStored(BROWSER_NOTIFICATIONS_KEY, false));
  const [browserNotificationsError, setBrowserNotificationsError] = useState<string | null>(null);
  const popped = useRef(new Set<string>());
  const api = notificationCalls(region, workspaceId, orgId);
  // The latest callback without opening a new stream when it changes.
  const announce = useRef(onNotification);
  announce.current = onNotification;

  useEffect(() => {
    let closed = false;
    api
      .list()
      .then((answer) => !closed && setAll(answer.notifications))
      .catch(() => undefined);
    const source = new EventSource(api.streamPath, { withCredentials: true });
    source.addEventListener('notification', (message) => {
      const notification = JSON.parse((message as MessageEvent<string>).data) as StoredNotification;
      setAll((list) => withNotification(list, notification));
      announce.current?.(notification);
    });
    return () => {
      closed = true;
      source.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [region, workspaceId, orgId]);

  const markSeen = useCallback(
    (id: string) => {
      setAll((list) => list.map((n) => (n.ID === id ? { ...n, seen: true } : n)));
      void api.seen(id).catch(() => undefined);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [region, workspaceId, orgId],
  );

  // With push, the switch shows whether this browser holds a subscription.
  useEffect(() => {
    if (!pushWorker) return;
    let current = true;
    hasPushSubscription(pushWorker)
      .then((on) => current && setBrowserNotificationsState(on))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pushWorker?.url, pushWorker?.scope]);

  // The popup: the newest notification, when it qualifies, once.
  useEffect(() => {
    const candidate = popupCandidate(all, { nowMs: Date.now(), clientId, notifyIf, pathname: window.location.pathname });
    if (!candidate || popped.current.has(candidate.ID)) return;
    popped.current.add(candidate.ID);
    setPopup(candidate);
    const timers = soundSchedule(candidate.notificationLevel, notifyIf, isOnPage(candidate.urlPathname, window.location.pathname)).map((delay) => setTimeout(sound, delay));
    if (browserNotifications && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      new Notification(candidate.title ?? '', { body: candidate.body, tag: candidate.ID });
    }
    timers.push(
      setTimeout(() => {
        setPopup((shown) => (shown?.ID === candidate.ID ? null : shown));
        markSeen(candidate.ID);
      }, POPUP_MS),
    );
  }, [all, clientId, notifyIf, sound, browserNotifications, markSeen]);

  const markRead = async (id: string) => {
    setAll((list) => list.filter((n) => n.ID !== id));
    setPopup((shown) => (shown?.ID === id ? null : shown));
    await api.read(id).catch(() => undefined);
  };
  const markAllRead = async () => {
    setAll([]);
    setPopup(null);
    await api.readAll().catch(() => undefined);
  };
  /** On: asks the browser's permission first (and, for a client, subscribes to push); refused, the switch stays off and says why. */
  const setBrowserNotifications = async (on: boolean) => {
    setBrowserNotificationsError(null);
    if (pushWorker) {
      try {
        await (on ? turnOnPush(region, pushWorker) : turnOffPush(region, pushWorker));
        writeStored(BROWSER_NOTIFICATIONS_KEY, on);
        setBrowserNotificationsState(on);
      } catch (err) {
        setBrowserNotificationsError((err as Error).message);
        setBrowserNotificationsState(false);
      }
      return;
    }
    let allowed = on;
    if (on && typeof Notification !== 'undefined' && Notification.permission !== 'granted') allowed = (await Notification.requestPermission()) === 'granted';
    writeStored(BROWSER_NOTIFICATIONS_KEY, allowed);
    setBrowserNotificationsState(allowed);
  };

  return { notifications: visibleNotifications(all, notifyIf), popup, markRead, markAllRead, browserNotifications, browserNotificationsError, setBrowserNotifications };
}

import { visibleLevels, type NotificationsSettings, type StoredNotification } from '@platform/contracts';

/** Spec §4.8 and §9: the popup shows for 5 s; notifications older than 180 s never pop up; level 2 sounds twice, 2 s apart. */
export const POPUP_MS = 5_000;
export const IGNORED_AFTER_MS = 180_000;
export const SECOND_SOUND_AFTER_MS = 2_000;
export const PANEL_SIZE = { width: 350, height: 500 } as const;

export type NotifyIf = NonNullable<NotificationsSettings['notifyIf']>;

/** The notifications the client's notifyIf shows, newest first. */
export function visibleNotifications(list: StoredNotification[], notifyIf: NotifyIf = 'requestsOnly'): StoredNotification[] {
  const levels = visibleLevels(notifyIf);
  return list.filter((notification) => levels.includes(notification.notificationLevel)).sort((a, b) => b.ts - a.ts);
}

const addressedTo = (notification: StoredNotification, clientId?: string) =>
  !clientId || !notification.notifyOnly?.length || notification.notifyOnly.includes(clientId);

/**
 * The one notification to pop up (spec §4.8): only the newest is considered; it is ignored when
 * older than 180 s, when notifyOnly excludes the client, or when it was already seen. It pops up
 * when notifyIf shows its level, and a level-1 one also when its page is open (the page rule of
 * the level-1 sound: "plays when notifyIf is all or the page matches").
 */
export function popupCandidate(list: StoredNotification[], options: { nowMs: number; clientId?: string; notifyIf?: NotifyIf; pathname?: string }): StoredNotification | null {
  const [newest] = [...list].sort((a, b) => b.ts - a.ts);
  if (!newest || newest.seen) return null;
  if (options.nowMs - newest.ts > IGNORED_AFTER_MS) return null;
  if (!addressedTo(newest, options.clientId)) return null;
  const shown = visibleNotifications([newest], options.notifyIf).length > 0;
  const onItsPage = newest.notificationLevel === 1 && options.pathname !== undefined && isOnPage(newest.urlPathname, options.pathname);
  return shown || onItsPage ? newest : null;
}

/** Whether the notification's page is the one open (level 1 then sounds even under requestsOnly). */
export function isOnPage(urlPathname: string | undefined, currentPathname: string): boolean {
  if (!urlPathname) return false;
  const path = urlPathname.split('?')[0]!;
  return currentPathname === path || currentPathname.endsWith(path);
}

/**
 * When to play the sound, in ms after the popup: level 1 once when notifyIf is all or its page
 * is open; level 2 twice, 2 s apart, when notifyIf is all or requestsOnly; else silence.
 */
export function soundSchedule(level: 1 | 2, notifyIf: NotifyIf, pageMatches: boolean): number[] {
  if (level === 1) return notifyIf === 'all' || pageMatches ? [0] : [];
  return notifyIf === 'all' || notifyIf === 'requestsOnly' ? [0, SECOND_SOUND_AFTER_MS] : [];
}

/** The list with a notification added or replaced (the stream may repeat what the list read). */
export function withNotification(list: StoredNotification[], notification: StoredNotification): StoredNotification[] {
  return [notification, ...list.filter((existing) => existing.ID !== notification.ID)].sort((a, b) => b.ts - a.ts);
}

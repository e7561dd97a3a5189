import type { Region, StoredNotification } from '@platform/contracts';
import type { OrgRef } from '../store/notifications';

export type NotificationListener = (notification: StoredNotification) => void;

/**
 * The open dashboards of this instance, by organisation. Every instance reads every
 * notification.created (its own consumer group), so a dashboard gets it whichever instance
 * stored it and whichever instance holds its stream.
 */
export class LiveNotifications {
  private readonly listeners = new Map<string, Set<NotificationListener>>();

  private static key(region: Region, org: OrgRef) {
    return `${region}:${org.workspaceId}:${org.orgId}`;
  }

  subscribe(region: Region, org: OrgRef, listener: NotificationListener): () => void {
    const key = LiveNotifications.key(region, org);
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(key);
    };
  }

  publish(region: Region, org: OrgRef, notification: StoredNotification): void {
    for (const listener of this.listeners.get(LiveNotifications.key(region, org)) ?? []) listener(notification);
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}

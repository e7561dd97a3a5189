import type { Region, StoredNotification } from '@platform/contracts';
import { OUTBOX_PROJECTION, insertWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import { NOTIFICATION_COLLECTIONS } from './collections';

/** The spec's query limit: the latest 5 notifications of each level. */
export const NOTIFICATIONS_PER_LEVEL = 5;
const LEVELS = [1, 2] as const;

interface NotificationDocument extends Omit<StoredNotification, 'ID'> {
  _id: string;
  orgId: string;
  workspaceId: string;
}

const toView = ({ _id, orgId: _orgId, workspaceId: _workspaceId, ...rest }: NotificationDocument): StoredNotification => ({ ID: _id, ...rest });

/** An organisation's notifications, always read and changed within its workspace (the tenant). */
export interface OrgRef {
  workspaceId: string;
  orgId: string;
}

export class NotificationStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private collection(region: Region, level: 1 | 2) {
    return this.mongo.collection<NotificationDocument>(region, NOTIFICATION_COLLECTIONS[level]);
  }

  /** Stores it with its notification.created event; false when it was stored before (same ID). */
  async insert(region: Region, org: OrgRef, notification: StoredNotification, events: OutboxEntry[]): Promise<boolean> {
    const { ID, ...fields } = notification;
    try {
      await this.collection(region, notification.notificationLevel).insertOne(insertWithOutbox({ _id: ID, ...org, ...fields }, events));
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  /** The latest 5 of each level, newest first. */
  async latest(region: Region, org: OrgRef): Promise<StoredNotification[]> {
    const perLevel = await Promise.all(
      LEVELS.map((level) =>
        this.collection(region, level).find({ workspaceId: org.workspaceId, orgId: org.orgId }, { projection: OUTBOX_PROJECTION, sort: { ts: -1 }, limit: NOTIFICATIONS_PER_LEVEL }).toArray(),
      ),
    );
    return perLevel.flat().map(toView).sort((a, b) => b.ts - a.ts);
  }

  async markSeen(region: Region, org: OrgRef, id: string): Promise<boolean> {
    const results = await Promise.all(LEVELS.map((level) => this.collection(region, level).updateOne({ _id: id, ...org }, { $set: { seen: true } })));
    return results.some((result) => result.matchedCount > 0);
  }

  /** Read means deleted (spec §4.8). */
  async remove(region: Region, org: OrgRef, id: string): Promise<boolean> {
    const results = await Promise.all(LEVELS.map((level) => this.collection(region, level).deleteOne({ _id: id, ...org })));
    return results.some((result) => result.deletedCount > 0);
  }

  async removeAll(region: Region, org: OrgRef): Promise<number> {
    const results = await Promise.all(LEVELS.map((level) => this.collection(region, level).deleteMany({ workspaceId: org.workspaceId, orgId: org.orgId })));
    return results.reduce((sum, result) => sum + result.deletedCount, 0);
  }
}

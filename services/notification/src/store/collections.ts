import { COLLECTIONS } from '@platform/contracts';
import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

/**
 * The spec's orgs/{id}/notifications-1 and notifications-2 are two collections, one per level,
 * named like sub-collections (`orgs.notifications-1`, as GridFS names `fs.files`); each
 * document carries its orgId and the organisation's workspace (ADR 0021).
 */
export const NOTIFICATION_COLLECTIONS = {
  1: `${COLLECTIONS.organizations}.${COLLECTIONS.notificationsByLevel[1]}`,
  2: `${COLLECTIONS.organizations}.${COLLECTIONS.notificationsByLevel[2]}`,
} as const;

export const COLLECTION = {
  /** one document per delivery of an event to a workspace's endpoint */
  eventDeliveries: 'event_deliveries',
  /** one document per event e-mailed to a workspace's members (its id), so a redelivered event mails nothing again */
  memberNotices: 'workspace_member_notices',
  /** the logs API's lines, per workspace */
  workspaceLogs: 'workspace_logs',
} as const;

const byOrgNewest = { key: { workspaceId: 1, orgId: 1, ts: -1 }, name: 'notifications_by_org_newest' };

export const INDEXES: CollectionIndexes[] = [
  { collection: NOTIFICATION_COLLECTIONS[1], indexes: [byOrgNewest, OUTBOX_INDEX] },
  { collection: NOTIFICATION_COLLECTIONS[2], indexes: [byOrgNewest, OUTBOX_INDEX] },
  {
    collection: COLLECTION.eventDeliveries,
    indexes: [
      // The worker's due deliveries, oldest first.
      { key: { status: 1, nextAttemptAt: 1 }, name: 'deliveries_due' },
      // The Events screen: a workspace's latest deliveries.
      { key: { workspaceId: 1, createdAt: -1 }, name: 'deliveries_by_workspace_newest' },
    ],
  },
  { collection: COLLECTION.workspaceLogs, indexes: [{ key: { workspaceId: 1, createdAt: -1 }, name: 'logs_by_workspace_newest' }] },
];

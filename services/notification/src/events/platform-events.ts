import type { Kafka, Producer } from 'kafkajs';
import { TOPICS, validateEvent, type EventEnvelope } from '@platform/contracts';
import { BroadcastConsumer, startIdempotentConsumer, type Logger, type RegionalMongo } from '@platform/kit';
import type { EventDeliveries } from '../usecases/event-deliveries';
import type { LiveNotifications } from '../usecases/live-notifications';
import type { OrgNotifications } from '../usecases/org-notifications';

/** The topics whose events become notifications or deliveries to workspace endpoints. */
export const CONSUMED_TOPICS = [TOPICS.notificationRequests.name, TOPICS.newAgent.name, TOPICS.newChannelConnection.name, TOPICS.workspaceEvents.name];

/** One event, once per consumer group: notifications to create or send, and the workspace's endpoint. */
export async function handlePlatformEvent(event: EventEnvelope, notifications: OrgNotifications, deliveries: EventDeliveries): Promise<void> {
  const { value: typed, error } = validateEvent(event);
  // The envelope was valid (the consumer checked it); data that breaks its type's contract is not ours to act on.
  if (error) return;
  switch (typed.type) {
    case 'notification.created':
      return; // pushed live by every instance (keepPushingNotifications)
    case 'notification.requested':
      if (typed.data.channel === 'email') return notifications.send(typed.data);
      return notifications.requested(typed.region, typed.id, typed.workspaceId, typed.data.orgId, typed.data.notification);
    case 'conversation.human-requested':
      await notifications.humanRequested(typed.region, typed.id, typed.data);
      return deliveries.onPlatformEvent(typed);
    case 'credits.low':
      if (typed.data.orgId) await notifications.creditsLow(typed.region, typed.id, typed.workspaceId, { ...typed.data, orgId: typed.data.orgId });
      else await deliveries.emailMembersCreditsLow(typed);
      return deliveries.onPlatformEvent(typed);
    default:
      return deliveries.onPlatformEvent(typed);
  }
}

export function startPlatformEventConsumer(options: { kafka: Kafka; producer: Producer; mongo: RegionalMongo; logger: Logger; notifications: OrgNotifications; deliveries: EventDeliveries; groupId?: string }) {
  return startIdempotentConsumer({
    kafka: options.kafka,
    producer: options.producer,
    mongo: options.mongo,
    logger: options.logger,
    groupId: options.groupId ?? 'notification',
    topics: CONSUMED_TOPICS,
    partitionsConsumedConcurrently: 3,
    // A neighbour restarting (workspace, agency-domain) is waited for about two minutes before the event is dead-lettered.
    maxAttempts: 8,
    baseBackoffMs: 1_000,
    handle: ({ event }) => handlePlatformEvent(event, options.notifications, options.deliveries),
  });
}

/** Every instance reads every notification.created and pushes it to its open dashboards. */
export function keepPushingNotifications(options: { kafka: Kafka; logger: Logger; live: LiveNotifications }): BroadcastConsumer {
  return new BroadcastConsumer({
    kafka: options.kafka,
    groupPrefix: 'notification-live',
    topics: [TOPICS.notificationRequests.name],
    logger: options.logger,
    handle: (event) => {
      const { value: typed, error } = validateEvent(event);
      if (error || typed.type !== 'notification.created') return;
      options.live.publish(typed.region, { workspaceId: typed.workspaceId, orgId: typed.data.orgId }, typed.data.notification);
    },
  }).start();
}

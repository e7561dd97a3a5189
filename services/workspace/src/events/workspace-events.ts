import { eventRoute, makeEvent, type EventDataMap, type EventEnvelope, type Region } from '@platform/contracts';
import { outboxEntry, type OutboxEntry } from '@platform/kit';

export type WorkspaceEventType = Extract<keyof EventDataMap, `workspace.${string}`>;

/** An outbox entry for the workspace.events topic, keyed by the workspace so its events stay in order. */
export function workspaceEvent<T extends WorkspaceEventType>(type: T, region: Region, uid: string, data: EventDataMap[T]): OutboxEntry {
  const event = makeEvent(type, { region, workspaceId: uid, data });
  const { topic, key } = eventRoute(event);
  // The outbox stores any envelope; the typed data was checked above.
  return outboxEntry(topic, key, event as unknown as EventEnvelope);
}

import type { Document, UpdateFilter } from 'mongodb';
import { eventRoute, makeEvent, type EventDataMap, type EventEnvelope, type EventType } from '@platform/contracts';

/**
 * The outbox lives inside the aggregate's own document: the state change and the events
 * it causes are one single-document write, atomic on every MongoDB-compatible server.
 * The relay publishes `_outbox` in array order and removes what it sent.
 */
export interface OutboxEntry {
  id: string;
  topic: string;
  /** Kafka key: the aggregate id, so one aggregate's events stay in order. */
  key: string;
  envelope: EventEnvelope;
}

export interface OutboxFields {
  _outbox?: OutboxEntry[];
  /** When the oldest pending event was written; set only while events are pending. */
  _outboxAt?: Date;
  /** Until when a relay instance has claimed this document. */
  _outboxLease?: Date;
}

/** Hide these from API responses. */
export const OUTBOX_PROJECTION = { _outbox: 0, _outboxAt: 0, _outboxLease: 0 } as const;

export function outboxEntry(topic: string, key: string, envelope: EventEnvelope): OutboxEntry {
  return { id: envelope.id, topic, key, envelope };
}

/** An outbox entry for a catalogued event type: a fresh envelope, sent on its topic with its key. */
export function catalogOutboxEntry<T extends EventType>(
  type: T,
  fields: Pick<EventEnvelope<T, EventDataMap[T]>, 'region' | 'workspaceId' | 'data'>,
): OutboxEntry {
  const event = makeEvent(type, fields);
  const { topic, key } = eventRoute(event);
  // The outbox stores any envelope; the typed data was checked above.
  return outboxEntry(topic, key, event as unknown as EventEnvelope);
}

/** A new document together with the events its creation causes. */
export function insertWithOutbox<T extends Document>(doc: T, entries: OutboxEntry[], now = new Date()): T & OutboxFields {
  return entries.length ? { ...doc, _outbox: entries, _outboxAt: now } : doc;
}

/** Extends an update so it also appends the events the change causes. */
export function updateWithOutbox<T extends Document>(
  update: UpdateFilter<T>,
  entries: OutboxEntry[],
  now = new Date(),
): UpdateFilter<T> {
  if (!entries.length) return update;
  const merged: Document = { ...update };
  merged.$push = { ...(update.$push as Document | undefined), _outbox: { $each: entries } };
  merged.$min = { ...(update.$min as Document | undefined), _outboxAt: now };
  return merged as UpdateFilter<T>;
}

import type { EventDeliveryView, Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { COLLECTION } from './collections';

/** One event on its way to a workspace's endpoint. The workspace secret is never stored here: it is read when sending. */
export interface DeliveryDocument {
  _id: string;
  workspaceId: string;
  type: string;
  /** the event's data, without the secret */
  data: Record<string, unknown>;
  createdAt: string;
  status: EventDeliveryView['status'];
  attempts: number;
  /** when the worker may try next; moved ahead while an attempt runs (the claim) */
  nextAttemptAt: Date;
  lastError?: string;
  lastStatus?: number;
}

const SHOWN = 20;

export class DeliveryStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private collection(region: Region) {
    return this.mongo.collection<DeliveryDocument>(region, COLLECTION.eventDeliveries);
  }

  /** False when this event was queued before. */
  async enqueue(region: Region, delivery: DeliveryDocument): Promise<boolean> {
    try {
      await this.collection(region).insertOne(delivery);
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  /** Claims the oldest due delivery for `claimMs` (another worker skips it meanwhile). */
  async claimDue(region: Region, now: Date, claimMs: number): Promise<DeliveryDocument | null> {
    return this.collection(region).findOneAndUpdate(
      { status: 'pending', nextAttemptAt: { $lte: now } },
      { $set: { nextAttemptAt: new Date(now.getTime() + claimMs) } },
      { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
    );
  }

  async record(region: Region, id: string, change: Pick<DeliveryDocument, 'status' | 'attempts' | 'nextAttemptAt'> & { lastError?: string; lastStatus?: number }): Promise<void> {
    const { lastError, lastStatus, ...set } = change;
    await this.collection(region).updateOne({ _id: id }, { $set: { ...set, ...(lastError === undefined ? {} : { lastError }), ...(lastStatus === undefined ? {} : { lastStatus }) } });
  }

  /** True the first time an event's e-mail to the workspace's members is claimed (at most once). */
  async claimMemberNotice(region: Region, eventId: string, workspaceId: string, type: string, now: Date): Promise<boolean> {
    try {
      await this.mongo.collection<{ _id: string; workspaceId: string; type: string; sentAt: Date }>(region, COLLECTION.memberNotices).insertOne({ _id: eventId, workspaceId, type, sentAt: now });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  async latest(region: Region, workspaceId: string): Promise<EventDeliveryView[]> {
    const docs = await this.collection(region).find({ workspaceId }, { sort: { createdAt: -1 }, limit: SHOWN }).toArray();
    return docs.map((doc) => ({ id: doc._id, type: doc.type, status: doc.status, attempts: doc.attempts, createdAt: doc.createdAt, ...(doc.lastError ? { lastError: doc.lastError } : {}), ...(doc.lastStatus ? { lastStatus: doc.lastStatus } : {}) }));
  }
}

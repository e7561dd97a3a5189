import type { Filter } from 'mongodb';
import type { Region } from '@platform/contracts';
import { OUTBOX_PROJECTION, insertWithOutbox, updateWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import { seatLimit } from '../domain/seats';
import { tombstoneUnset, type WorkspaceRecord } from '../domain/workspace-record';
import { COLLECTION } from './collections';

/** Deleted workspaces stay as tombstones until their events are out; reads never see them. */
const LIVE = { deletedAt: { $exists: false } } as const;

/** Every write carries the events it causes in the same document (outbox, ADR 0003). */
export class WorkspaceStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private workspaces(region: Region) {
    return this.mongo.collection<WorkspaceRecord>(region, COLLECTION.workspaces);
  }

  async insert(record: WorkspaceRecord, events: OutboxEntry[]): Promise<void> {
    await this.workspaces(record.region).insertOne(insertWithOutbox(record, events));
  }

  /** Creates the record unless it exists; true when it was created (retried sign-ins repair, never duplicate). */
  async insertIfMissing(record: WorkspaceRecord, events: OutboxEntry[]): Promise<boolean> {
    const { _id, ...fields } = insertWithOutbox(record, events);
    const result = await this.workspaces(record.region).updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
    return result.upsertedCount === 1;
  }

  find(region: Region, uid: string) {
    return this.workspaces(region).findOne({ _id: uid, ...LIVE }, { projection: OUTBOX_PROJECTION });
  }

  findBySecret(region: Region, workspaceSecret: string) {
    return this.workspaces(region).findOne({ workspaceSecret, ...LIVE }, { projection: OUTBOX_PROJECTION });
  }

  /** The user's own workspace and every workspace listing their e-mail. */
  listForUser(region: Region, user: { userId: string; email: string }) {
    return this.workspaces(region)
      .find({ $or: [{ _id: user.userId }, { workspaceEmails: user.email }], ...LIVE }, { projection: OUTBOX_PROJECTION, sort: { joinedAt: 1 } })
      .toArray();
  }

  /** The updated record (with its outbox: FerretDB has no projection on findAndModify; views strip it). */
  update(region: Region, uid: string, set: Record<string, unknown>, events: OutboxEntry[]) {
    return this.workspaces(region).findOneAndUpdate({ _id: uid, ...LIVE }, updateWithOutbox<WorkspaceRecord>({ $set: set }, events), {
      returnDocument: 'after',
    });
  }

  /** Strips the workspace down to a tombstone that keeps its pending events; guarded by the owner. */
  async tombstone(seen: WorkspaceRecord, events: OutboxEntry[], now = new Date()): Promise<boolean> {
    const update = updateWithOutbox<WorkspaceRecord>({ $set: { deletedAt: now }, $unset: tombstoneUnset(seen) }, events, now);
    const result = await this.workspaces(seen.region).updateOne({ _id: seen._id, ownerUserId: seen.ownerUserId, ...LIVE }, update);
    return result.modifiedCount === 1;
  }

  /**
   * Adds a member only while a seat is free, judged on the document being written: the filter
   * requires the seat index past the limit to be empty and the plan's seats to be unchanged,
   * so concurrent joins can never exceed the seats.
   */
  async addMember(seen: WorkspaceRecord, email: string, events: OutboxEntry[]): Promise<boolean> {
    const extra = seen.internal?.customPlan?.limits?.workspaceSeats;
    const filter: Filter<WorkspaceRecord> = {
      _id: seen._id,
      ...LIVE,
      workspaceEmails: { $ne: email },
      [`workspaceEmails.${seatLimit(seen) - 1}`]: { $exists: false },
      'internal.customPlan.limits.workspaceSeats': extra === undefined ? { $exists: false } : extra,
    };
    const result = await this.workspaces(seen.region).updateOne(filter, updateWithOutbox<WorkspaceRecord>({ $push: { workspaceEmails: email } }, events));
    return result.modifiedCount === 1;
  }

  async removeMember(region: Region, uid: string, email: string, events: OutboxEntry[]): Promise<boolean> {
    const result = await this.workspaces(region).updateOne(
      { _id: uid, ...LIVE, workspaceEmails: email },
      updateWithOutbox<WorkspaceRecord>({ $pull: { workspaceEmails: email } }, events),
    );
    return result.modifiedCount === 1;
  }
}

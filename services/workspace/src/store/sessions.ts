import type { Region } from '@platform/contracts';
import { updateWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import type { SessionRecord } from '../domain/sessions';
import { COLLECTION } from './collections';

/**
 * Sessions, next to the accounts (one directory for both regions). A sign-out marks its
 * session ended with the revocation event in the same write (outbox); the record goes once
 * the event is out.
 */
export class SessionStore {
  constructor(private readonly mongo: RegionalMongo, private readonly region: Region) {}

  private get sessions() {
    return this.mongo.collection<SessionRecord>(this.region, COLLECTION.sessions);
  }

  async insert(record: SessionRecord): Promise<void> {
    await this.sessions.insertOne(record);
  }

  /** Whether the user's session exists, has not ended and has not expired. */
  async isActive(sessionId: string, userId: string, now: Date): Promise<boolean> {
    const live = { _id: sessionId, userId, endedAt: { $exists: false }, expiresAt: { $gt: now } };
    return (await this.sessions.countDocuments(live, { limit: 1 })) > 0;
  }

  /** false: no such live session (already ended), so no event either. */
  async end(sessionId: string, userId: string, now: Date, events: OutboxEntry[]): Promise<boolean> {
    const result = await this.sessions.updateOne(
      { _id: sessionId, userId, endedAt: { $exists: false } },
      updateWithOutbox<SessionRecord>({ $set: { endedAt: now } }, events, now),
    );
    return result.modifiedCount === 1;
  }

  /** Ends every session of the user but `keep` (the one that asked), and the expired ones. */
  async endOthers(userId: string, keep: string | undefined): Promise<void> {
    await this.sessions.deleteMany(keep ? { userId, _id: { $ne: keep } } : { userId });
  }

  /** Removes the user's expired sessions and the ended ones whose revocation has been sent. */
  async pruneExpired(userId: string, now: Date): Promise<void> {
    await this.sessions.deleteMany({
      userId,
      $or: [{ expiresAt: { $lte: now } }, { endedAt: { $exists: true }, _outboxAt: { $exists: false } }],
    } as never);
  }
}

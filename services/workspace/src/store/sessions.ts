import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { SessionRecord } from '../domain/sessions';
import { COLLECTION } from './collections';

/** Live sessions, next to the accounts (one directory for both regions). Ending one deletes it. */
export class SessionStore {
  constructor(private readonly mongo: RegionalMongo, private readonly region: Region) {}

  private get sessions() {
    return this.mongo.collection<SessionRecord>(this.region, COLLECTION.sessions);
  }

  async insert(record: SessionRecord): Promise<void> {
    await this.sessions.insertOne(record);
  }

  /** Whether the user's session exists and has not expired. */
  async isActive(sessionId: string, userId: string, now: Date): Promise<boolean> {
    return (await this.sessions.countDocuments({ _id: sessionId, userId, expiresAt: { $gt: now } }, { limit: 1 })) > 0;
  }

  async end(sessionId: string, userId: string): Promise<void> {
    await this.sessions.deleteOne({ _id: sessionId, userId });
  }

  /** Ends every session of the user but `keep` (the one that asked), and the expired ones. */
  async endOthers(userId: string, keep: string | undefined): Promise<void> {
    await this.sessions.deleteMany(keep ? { userId, _id: { $ne: keep } } : { userId });
  }

  async pruneExpired(userId: string, now: Date): Promise<void> {
    await this.sessions.deleteMany({ userId, expiresAt: { $lte: now } });
  }
}

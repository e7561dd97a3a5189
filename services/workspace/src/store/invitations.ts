import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { InvitationRecord } from '../domain/invitations';
import { COLLECTION } from './collections';

/** Invitations live in the region of their workspace. */
export class InvitationStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private invitations(region: Region) {
    return this.mongo.collection<InvitationRecord>(region, COLLECTION.invitations);
  }

  async insert(region: Region, record: InvitationRecord): Promise<void> {
    await this.invitations(region).insertOne(record);
  }

  find(region: Region, id: string) {
    return this.invitations(region).findOne({ _id: id });
  }

  async markAccepted(region: Region, id: string, at: Date): Promise<void> {
    await this.invitations(region).updateOne({ _id: id, acceptedAt: { $exists: false } }, { $set: { acceptedAt: at } });
  }

  async remove(region: Region, id: string): Promise<void> {
    await this.invitations(region).deleteOne({ _id: id });
  }

  /** Unused invitations of a workspace (optionally of one e-mail) stop working. */
  async removePending(region: Region, uid: string, email?: string): Promise<void> {
    await this.invitations(region).deleteMany({ uid, ...(email ? { email } : {}), acceptedAt: { $exists: false } });
  }
}

import type { Region } from '@platform/contracts';
import { GroupedInserts, type RegionalMongo } from '@platform/kit';
import { prunedThrough, type AgentVersionRecord } from '../domain/versions';
import { COLLECTION } from './collections';

/** How many saves apart the history is pruned: at most 20 + PRUNE_EVERY - 1 versions stay stored. */
export const PRUNE_EVERY = 10;

/** The version history: one document per save, the last 20 per agent listed. */
export class VersionStore {
  /** Concurrent saves keep their versions in one insert (ADR 0035). */
  private readonly inserts = new Map<Region, GroupedInserts<AgentVersionRecord>>();

  constructor(private readonly mongo: RegionalMongo) {}

  private versions(region: Region) {
    return this.mongo.collection<AgentVersionRecord>(region, COLLECTION.versions);
  }

  /**
   * Keeps the version; every PRUNE_EVERY saves, drops the ones beyond the last 20 (listing
   * shows the last 20). A prune is a delete by a non-`_id` filter, which the local store
   * serializes with every write to the collection, so saves do it rarely (ADR 0011).
   */
  async add(region: Region, record: AgentVersionRecord): Promise<void> {
    let inserts = this.inserts.get(region);
    if (!inserts) this.inserts.set(region, (inserts = new GroupedInserts(this.versions(region))));
    await inserts.insert(record);
    if (record.version % PRUNE_EVERY === 0) {
      await this.versions(region).deleteMany({ agentId: record.agentId, version: { $lte: prunedThrough(record.version) } });
    }
  }

  list(region: Region, agentId: string, limit: number) {
    return this.versions(region).find({ agentId }, { sort: { version: -1 }, limit }).toArray();
  }

  find(region: Region, agentId: string, versionId: string) {
    return this.versions(region).findOne({ _id: versionId, agentId });
  }

  /** Marks a kept version as the backup of a publish; false when that version is gone. */
  async markBackup(region: Region, agentId: string, version: number, backup: NonNullable<AgentVersionRecord['backup']>): Promise<boolean> {
    const result = await this.versions(region).updateOne({ agentId, version }, { $set: { backup } });
    return result.matchedCount === 1;
  }
}

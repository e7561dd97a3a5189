import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { prunedThrough, type AgentVersionRecord } from '../domain/versions';
import { COLLECTION } from './collections';

/** The version history: one document per save, the last 20 per agent. */
export class VersionStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private versions(region: Region) {
    return this.mongo.collection<AgentVersionRecord>(region, COLLECTION.versions);
  }

  /** Keeps the version, then drops the ones beyond the last 20. */
  async add(region: Region, record: AgentVersionRecord): Promise<void> {
    await this.versions(region).insertOne(record);
    await this.versions(region).deleteMany({ agentId: record.agentId, version: { $lte: prunedThrough(record.version) } });
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

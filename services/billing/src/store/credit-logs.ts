import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { LogPosition, StoredCreditLog } from '../domain/ledger';
import { COLLECTION } from './collections';

interface WriteError {
  code?: number;
  index: number;
}

export class CreditLogStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private logs(region: Region) {
    return this.mongo.collection<StoredCreditLog>(region, COLLECTION.creditLogs);
  }

  /** Inserts the entries; answers the ids that already existed (written before, by this or another delivery). */
  async insertNew(region: Region, entries: StoredCreditLog[]): Promise<string[]> {
    if (!entries.length) return [];
    try {
      await this.logs(region).insertMany(entries, { ordered: false });
      return [];
    } catch (err) {
      const writeErrors = ((err as { writeErrors?: WriteError | WriteError[] }).writeErrors ?? []) as WriteError | WriteError[];
      const errors = Array.isArray(writeErrors) ? writeErrors : [writeErrors];
      if (!errors.length || errors.some((e) => e.code !== 11000)) throw err;
      return errors.map((e) => entries[e.index]!._id);
    }
  }

  async sources(region: Region, ids: string[]): Promise<Map<string, LogPosition | undefined>> {
    if (!ids.length) return new Map();
    const found = await this.logs(region).find({ _id: { $in: ids } }, { projection: { source: 1 } }).toArray();
    return new Map(found.map((log) => [log._id, log.source]));
  }

  /** A workspace's entries over a range (optionally one agent's), at most `limit`, newest first. */
  async inRange(region: Region, query: { workspaceId: string; from: number; to: number; agentId?: string }, limit: number): Promise<StoredCreditLog[]> {
    return this.logs(region)
      .find({ workspaceId: query.workspaceId, ts: { $gte: query.from, $lte: query.to }, ...(query.agentId ? { agentId: query.agentId } : {}) })
      .sort({ ts: -1 })
      .limit(limit)
      .toArray();
  }
}

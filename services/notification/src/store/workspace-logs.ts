import type { Region, WorkspaceLogRequest } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { COLLECTION } from './collections';

/** One line of a workspace's log (the logs API), kept with who it belongs to and when it came. */
export type WorkspaceLogDocument = Omit<WorkspaceLogRequest, 'region'> & { _id: string; workspaceId: string; createdAt: Date };

export class WorkspaceLogStore {
  constructor(private readonly mongo: RegionalMongo) {}

  async insert(region: Region, log: WorkspaceLogDocument): Promise<void> {
    await this.mongo.collection<WorkspaceLogDocument>(region, COLLECTION.workspaceLogs).insertOne(log);
  }
}

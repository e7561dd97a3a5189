import type { Region } from '@platform/contracts';
import { insertWithOutbox, updateWithOutbox, type OutboxEntry, type RegionalMongo, type SecretBox } from '@platform/kit';
import { COLLECTION } from './collections';

/** A page connected to an agent (metaPages, `_id` = pageId): the spec's fields, the page token sealed. */
export interface MetaPageRecord {
  _id: string;
  agentId: string;
  pageId: string;
  pageName: string;
  igPageName: string;
  igPageId: string;
  pageAccessToken: string;
  workspaceId: string;
  createdAt: Date;
}
export type MetaPageData = Omit<MetaPageRecord, '_id'>;
export type MetaPageView = Pick<MetaPageRecord, 'agentId' | 'pageId' | 'pageName' | 'igPageName' | 'igPageId'>;

const VIEW = { _id: 0, agentId: 1, pageId: 1, pageName: 1, igPageName: 1, igPageId: 1 } as const;

export class MetaPageStore {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly box: SecretBox,
  ) {}

  private collection(region: Region) {
    return this.mongo.collection<MetaPageRecord>(region, COLLECTION.metaPages);
  }

  /** Saves the page for the agent; `connected` (the events of a first connection) is written only when the page was not this agent's. */
  async save(region: Region, page: MetaPageData, connected: OutboxEntry[]): Promise<void> {
    const sealed = { ...page, pageAccessToken: this.box.seal(page.pageAccessToken) };
    const { createdAt: _createdAt, ...changes } = sealed;
    const same = await this.collection(region).updateOne({ _id: page.pageId, agentId: page.agentId }, { $set: changes });
    if (same.matchedCount) return;
    try {
      await this.collection(region).insertOne(insertWithOutbox({ _id: page.pageId, ...sealed }, connected));
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      await this.collection(region).updateOne({ _id: page.pageId }, updateWithOutbox({ $set: sealed }, connected));
    }
  }

  /** Every record of the workspace's agents (the workspace is kept with each record when it is connected). */
  listForWorkspace(region: Region, workspaceId: string): Promise<MetaPageView[]> {
    return this.collection(region).find({ workspaceId }, { projection: VIEW }).toArray();
  }

  listForAgent(region: Region, agentId: string): Promise<MetaPageView[]> {
    return this.collection(region).find({ agentId }, { projection: VIEW }).toArray();
  }

  /** The page by its id or its Instagram account's id, in whichever region holds it (Meta's app webhook names no region). */
  async findAnywhere(field: 'pageId' | 'igPageId', id: string): Promise<{ region: Region; page: MetaPageData } | undefined> {
    for (const region of this.mongo.regions()) {
      const found = await this.collection(region).findOne(field === 'pageId' ? { _id: id } : { igPageId: id });
      if (found) {
        const { _id, ...page } = found;
        return { region, page: { ...page, pageAccessToken: this.box.open(page.pageAccessToken) } };
      }
    }
    return undefined;
  }

  async find(region: Region, pageId: string): Promise<MetaPageData | undefined> {
    const found = await this.collection(region).findOne({ _id: pageId });
    if (!found) return undefined;
    const { _id, ...page } = found;
    return { ...page, pageAccessToken: this.box.open(page.pageAccessToken) };
  }

  async remove(region: Region, agentId: string, pageId: string): Promise<boolean> {
    return (await this.collection(region).deleteOne({ _id: pageId, agentId })).deletedCount === 1;
  }
}

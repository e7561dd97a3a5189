import type { KnowledgeRefreshRate, KnowledgeSource, KnowledgeSourceStatus, KnowledgeSourceView, Region } from '@platform/contracts';
import type { CollectionIndexes, RegionalMongo } from '@platform/kit';

export const SOURCES_COLLECTION = 'knowledgeSources';

/** Never due: a source whose refresh rate is never, or one waiting for nothing. */
export const NOT_DUE = Number.MAX_SAFE_INTEGER;

/**
 * A source with its read job: the job queue is the collection itself (dueAt, leaseUntil),
 * so a source created or due survives a crash and is taken again once its lease ends.
 */
export interface SourceDocument extends Omit<KnowledgeSource, 'content' | 'chunkIds'> {
  _id: string;
  agentId: string;
  workspaceId: string;
  status: KnowledgeSourceStatus;
  error?: string;
  chunkCount: number;
  pageCount?: number;
  /** vgOptions.maxChunkSize of the agent when the source was added */
  maxChunkSize?: number;
  /** the chunks of the last successful read carry this number; older ones are removed */
  generation: number;
  /** when the next read is due (unix ms); NOT_DUE when none is */
  dueAt: number;
  /**
   * dueAt !== NOT_DUE, kept by this store: the workers' claim matches it by equality, which the
   * local store (FerretDB) answers from an index where a range on dueAt alone is a full scan.
   */
  scheduled?: boolean;
  /** a worker holds the read until then */
  leaseUntil: number;
  attempts: number;
  createdAt: number;
  updatedAt: number;
}

export const SOURCES_INDEXES: CollectionIndexes[] = [
  {
    collection: SOURCES_COLLECTION,
    indexes: [
      { key: { agentId: 1, createdAt: -1 }, name: 'knowledge_sources_by_agent' },
      { key: { scheduled: 1, dueAt: 1 }, name: 'knowledge_sources_scheduled' },
      // The Crawler page: a workspace's sources across its agents, newest first.
      { key: { workspaceId: 1, createdAt: -1 }, name: 'knowledge_sources_by_workspace' },
    ],
  },
];

export const viewOf = ({ _id, dueAt, scheduled: _scheduled, leaseUntil, attempts, generation, maxChunkSize, ...rest }: SourceDocument): KnowledgeSourceView => ({
  id: _id,
  ...rest,
  ...(dueAt !== NOT_DUE && rest.status === 'SUCCESS' ? { nextRefreshAt: dueAt } : {}),
});

/** The fields to set with `set`: its scheduled marker follows its dueAt. */
const withSchedule = <T extends { dueAt?: number }>(set: T): T & { scheduled?: boolean } => (set.dueAt === undefined ? set : { ...set, scheduled: set.dueAt !== NOT_DUE });

export class KnowledgeSourceStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private sources(region: Region) {
    return this.mongo.collection<SourceDocument>(region, SOURCES_COLLECTION);
  }

  async insert(region: Region, source: SourceDocument): Promise<void> {
    await this.sources(region).insertOne(withSchedule(source));
  }

  listForAgent(region: Region, agentId: string): Promise<SourceDocument[]> {
    return this.sources(region).find({ agentId }, { sort: { createdAt: -1, _id: 1 }, limit: 1000 }).toArray();
  }

  /** The workspace's sources across its agents, newest first (the Crawler page). */
  listForWorkspace(region: Region, workspaceId: string, limit: number): Promise<SourceDocument[]> {
    return this.sources(region).find({ workspaceId }, { sort: { createdAt: -1 }, limit }).toArray();
  }

  find(region: Region, agentId: string, id: string): Promise<SourceDocument | null> {
    return this.sources(region).findOne({ _id: id, agentId });
  }

  async update(region: Region, agentId: string, id: string, set: { refreshRate?: KnowledgeRefreshRate; tags?: string[]; dueAt?: number }, now: number): Promise<SourceDocument | null> {
    return this.sources(region).findOneAndUpdate({ _id: id, agentId }, { $set: { ...withSchedule(set), updatedAt: now } }, { returnDocument: 'after' });
  }

  async delete(region: Region, agentId: string, id: string): Promise<boolean> {
    return (await this.sources(region).deleteOne({ _id: id, agentId })).deletedCount === 1;
  }

  /** The characters the agent's other sources hold (the plan's maxKbDocsCharCount counts them all). */
  async charCount(region: Region, agentId: string, except?: string): Promise<number> {
    const sources = await this.sources(region).find({ agentId }).toArray();
    return sources.filter((source) => source._id !== except).reduce((sum, source) => sum + (source.charCount ?? 0), 0);
  }

  /** Takes the next due source for `leaseMs` (status PENDING), or null when none is due. */
  claimDue(region: Region, now: number, leaseMs: number): Promise<SourceDocument | null> {
    return this.sources(region).findOneAndUpdate(
      { scheduled: true, dueAt: { $lte: now }, leaseUntil: { $lte: now } },
      { $set: { leaseUntil: now + leaseMs, status: 'PENDING', updatedAt: now }, $inc: { attempts: 1 } },
      { sort: { dueAt: 1 }, returnDocument: 'after' },
    );
  }

  /** Ends a read this worker holds (its lease unchanged); false when the source was deleted or taken over. */
  async finish(region: Region, held: SourceDocument, set: Partial<SourceDocument>, unset: Array<keyof SourceDocument> = []): Promise<boolean> {
    const result = await this.sources(region).updateOne(
      { _id: held._id, leaseUntil: held.leaseUntil },
      { $set: { ...withSchedule(set), leaseUntil: 0 }, ...(unset.length ? { $unset: Object.fromEntries(unset.map((key) => [key, ''])) } : {}) },
    );
    return result.matchedCount === 1;
  }

  /** The ids and generations of the agent's readable sources (for the vector index). */
  async liveGenerations(region: Region, agentId: string): Promise<Map<string, SourceDocument>> {
    const sources = await this.sources(region).find({ agentId }).toArray();
    return new Map(sources.filter((source) => source.chunkCount > 0).map((source) => [source._id, source]));
  }
}

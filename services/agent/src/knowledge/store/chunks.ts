import type { Region } from '@platform/contracts';
import type { CollectionIndexes, RegionalMongo } from '@platform/kit';
import { Binary } from 'mongodb';

export const CHUNKS_COLLECTION = 'knowledgeChunks';

/** One chunk of a source with its embedding (float32 bytes: a quarter of a BSON number array). */
export interface ChunkDocument {
  _id: string;
  agentId: string;
  sourceId: string;
  generation: number;
  index: number;
  text: string;
  url?: string;
  title?: string;
  vector: Binary;
}

export interface StoredChunk extends Omit<ChunkDocument, 'vector'> {
  vector: Float32Array;
}

export const CHUNKS_INDEXES: CollectionIndexes[] = [
  {
    collection: CHUNKS_COLLECTION,
    indexes: [
      { key: { agentId: 1 }, name: 'knowledge_chunks_by_agent' },
      { key: { sourceId: 1 }, name: 'knowledge_chunks_by_source' },
    ],
  },
];

const toBinary = (vector: ArrayLike<number>) => new Binary(Buffer.from(Float32Array.from(vector).buffer));
const fromBinary = (binary: Binary) => {
  const bytes = binary.buffer;
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

export class KnowledgeChunkStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private chunks(region: Region) {
    return this.mongo.collection<ChunkDocument>(region, CHUNKS_COLLECTION);
  }

  async insert(region: Region, chunks: Array<Omit<StoredChunk, '_id'>>): Promise<void> {
    for (let at = 0; at < chunks.length; at += 200) {
      const batch = chunks.slice(at, at + 200).map((chunk) => ({ ...chunk, _id: `${chunk.sourceId}:${chunk.generation}:${chunk.index}`, vector: toBinary(chunk.vector) }));
      await this.chunks(region).insertMany(batch, { ordered: false });
    }
  }

  /** Removes the source's chunks of other generations (all of them when `keep` is absent). */
  async deleteForSource(region: Region, sourceId: string, keep?: number): Promise<void> {
    await this.chunks(region).deleteMany(keep === undefined ? { sourceId } : { sourceId, generation: { $ne: keep } });
  }

  async forAgent(region: Region, agentId: string): Promise<StoredChunk[]> {
    const docs = await this.chunks(region).find({ agentId }).toArray();
    return docs.map((doc) => ({ ...doc, vector: fromBinary(doc.vector) }));
  }
}

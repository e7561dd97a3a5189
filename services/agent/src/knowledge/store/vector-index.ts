import type { Region } from '@platform/contracts';
import { topK } from '../domain/similarity';
import type { KnowledgeChunkStore, StoredChunk } from './chunks';
import type { KnowledgeSourceStore } from './sources';

export type IndexedChunk = Omit<StoredChunk, 'vector'>;
export interface VectorHit {
  chunk: IndexedChunk;
  score: number;
}

/** Nearest chunks of an agent's knowledge to a query vector (cosine). */
export interface VectorIndex {
  search(region: Region, agentId: string, query: Float32Array, k: number, minScore: number): Promise<VectorHit[]>;
  /** Whether the agent has any chunk to search (no embedding is asked for an agent without knowledge). */
  has(region: Region, agentId: string): Promise<boolean>;
  /** The agent's chunks changed (a source read or deleted). */
  invalidate(region: Region, agentId: string): void;
}

/**
 * Exact search over one agent's chunks held as one contiguous Float32Array of unit vectors, so
 * a query is a dot product per chunk: 10,000 chunks of 1536 dimensions in a few milliseconds.
 */
export class FlatVectorIndex {
  private readonly matrix: Float32Array;
  readonly dimensions: number;

  constructor(private readonly chunks: Array<IndexedChunk & { vector: Float32Array }>) {
    this.dimensions = chunks[0]?.vector.length ?? 0;
    this.matrix = new Float32Array(chunks.length * this.dimensions);
    chunks.forEach((chunk, row) => {
      let norm = 0;
      for (const v of chunk.vector) norm += v * v;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < this.dimensions; i += 1) this.matrix[row * this.dimensions + i] = chunk.vector[i]! / norm;
    });
  }

  get size(): number {
    return this.chunks.length;
  }

  search(query: Float32Array, k: number, minScore: number): VectorHit[] {
    if (query.length !== this.dimensions) return [];
    let norm = 0;
    for (const v of query) norm += v * v;
    norm = Math.sqrt(norm) || 1;
    const { matrix, dimensions } = this;
    const rows = this.chunks.length;
    // One tight loop over the matrix (no call per row): the scores first, then the best k.
    const scores = new Float32Array(rows);
    // Four running sums let the CPU overlap the multiply-adds; the tail takes what is left.
    const unrolled = dimensions - (dimensions % 4);
    for (let row = 0, offset = 0; row < rows; row += 1, offset += dimensions) {
      let d0 = 0;
      let d1 = 0;
      let d2 = 0;
      let d3 = 0;
      let i = 0;
      for (; i < unrolled; i += 4) {
        d0 += matrix[offset + i]! * query[i]!;
        d1 += matrix[offset + i + 1]! * query[i + 1]!;
        d2 += matrix[offset + i + 2]! * query[i + 2]!;
        d3 += matrix[offset + i + 3]! * query[i + 3]!;
      }
      for (; i < dimensions; i += 1) d0 += matrix[offset + i]! * query[i]!;
      scores[row] = (d0 + d1 + d2 + d3) / norm;
    }
    const score = (row: number) => scores[row]!;
    return topK(this.chunks.length, score, k, minScore).map(({ index, score: value }) => {
      const { vector: _vector, ...chunk } = this.chunks[index]!;
      return { chunk, score: value };
    });
  }
}

/**
 * The store-backed index: an agent's current chunks are read once into a FlatVectorIndex and
 * kept until they change here (invalidate) or `ttlMs` passes (a change made by another
 * instance of the service).
 */
export class StoreVectorIndex implements VectorIndex {
  private readonly cache = new Map<string, { index: FlatVectorIndex; until: number }>();

  constructor(private readonly deps: { chunks: KnowledgeChunkStore; sources: KnowledgeSourceStore; ttlMs: number; maxAgents: number; now: () => number }) {}

  async search(region: Region, agentId: string, query: Float32Array, k: number, minScore: number): Promise<VectorHit[]> {
    return (await this.indexOf(region, agentId)).search(query, k, minScore);
  }

  async has(region: Region, agentId: string): Promise<boolean> {
    return (await this.indexOf(region, agentId)).size > 0;
  }

  invalidate(region: Region, agentId: string): void {
    this.cache.delete(`${region}:${agentId}`);
  }

  private async indexOf(region: Region, agentId: string): Promise<FlatVectorIndex> {
    const key = `${region}:${agentId}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > this.deps.now()) return cached.index;
    const [live, chunks] = await Promise.all([this.deps.sources.liveGenerations(region, agentId), this.deps.chunks.forAgent(region, agentId)]);
    // Chunks of a generation being replaced, or of a deleted source, are not answered from.
    const current = chunks.filter((chunk) => live.get(chunk.sourceId)?.generation === chunk.generation);
    const index = new FlatVectorIndex(current);
    if (this.cache.size >= this.deps.maxAgents) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { index, until: this.deps.now() + this.deps.ttlMs });
    return index;
  }
}

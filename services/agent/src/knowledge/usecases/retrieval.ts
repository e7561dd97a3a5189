import { AGENT_LIMITS, type KnowledgeChunkHit, type Region } from '@platform/contracts';
import type { AgentRecord } from '../../domain/agent-record';
import type { KnowledgeDeps } from './deps';

/** How many chunks an answer gets when vg_kbTopChunks is not set. */
export const DEFAULT_TOP_CHUNKS = 3;
/** Chunks less similar than this to the question are not used (they share no meaning with it). */
export const MIN_SIMILARITY = 0.1;
const DEFAULT_SEARCH_PROMPT = "Rewrite the user's question as a short search query for the company's knowledge base. Answer with the query only.";

export type KnowledgeAgent = Pick<AgentRecord, 'ID' | 'vg_kbTopChunks' | 'vg_kbDefaultDimension' | 'vg_kb_llm'>;

/** What the runtime asks before it answers: the chunks of the agent's knowledge for a message. */
export interface KnowledgeRetriever {
  retrieve(region: Region, agent: KnowledgeAgent, question: string): Promise<KnowledgeChunkHit[]>;
}

/**
 * Retrieval: vg_kb_llm.searchMethod 'smart' rewrites the question through the model first
 * (searchPrompt, modelId, temprature, maxTokens), 'simple' (the default) searches the question as
 * asked; the vg_kbTopChunks most similar chunks above MIN_SIMILARITY are answered.
 */
export class KnowledgeRetrieval implements KnowledgeRetriever {
  constructor(private readonly deps: Pick<KnowledgeDeps, 'index' | 'embeddings' | 'chat' | 'logger'>) {}

  async search(region: Region, agent: KnowledgeAgent, question: string): Promise<{ searchQuery: string; chunks: KnowledgeChunkHit[] }> {
    if (!(await this.deps.index.has(region, agent.ID))) return { searchQuery: question, chunks: [] };
    const searchQuery = await this.searchQuery(agent, question);
    const dimensions = agent.vg_kbDefaultDimension ?? AGENT_LIMITS.defaultKbDimension;
    const [vector] = await this.deps.embeddings.embed([searchQuery], dimensions);
    const hits = await this.deps.index.search(region, agent.ID, Float32Array.from(vector!), agent.vg_kbTopChunks ?? DEFAULT_TOP_CHUNKS, MIN_SIMILARITY);
    return {
      searchQuery,
      chunks: hits.map(({ chunk, score }) => ({
        sourceId: chunk.sourceId,
        chunkId: chunk._id,
        name: chunk.title ?? chunk.url ?? chunk.sourceId,
        ...(chunk.url ? { url: chunk.url } : {}),
        text: chunk.text,
        score: Math.round(score * 1000) / 1000,
      })),
    };
  }

  /** For the runtime: a failed search answers without knowledge rather than not at all. */
  async retrieve(region: Region, agent: KnowledgeAgent, question: string): Promise<KnowledgeChunkHit[]> {
    try {
      return (await this.search(region, agent, question)).chunks;
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message, agentId: agent.ID }, 'knowledge retrieval failed; answering without it');
      return [];
    }
  }

  private async searchQuery(agent: KnowledgeAgent, question: string): Promise<string> {
    const settings = agent.vg_kb_llm;
    if (settings?.searchMethod !== 'smart') return question;
    try {
      const answer = await this.deps.chat.complete(
        [
          { role: 'system', content: settings.searchPrompt?.trim() || DEFAULT_SEARCH_PROMPT },
          { role: 'user', content: question },
        ],
        { ...(settings.modelId ? { model: settings.modelId } : {}), ...(settings.temprature !== undefined ? { temperature: settings.temprature } : {}), maxTokens: settings.maxTokens ?? 100 },
      );
      return answer.content.trim() || question;
    } catch {
      return question;
    }
  }
}

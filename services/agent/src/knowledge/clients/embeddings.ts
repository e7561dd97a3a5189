import type { LlmConfig } from '../../clients/llm-client';

/** Turns texts into vectors of one dimension. */
export interface EmbeddingsClient {
  embed(texts: string[], dimensions: number): Promise<number[][]>;
}

export class EmbeddingsFailed extends Error {}

/** The embedding model (EMBEDDINGS_MODEL) of the OpenAI-compatible provider at LLM_API_BASE. */
export const DEFAULT_EMBEDDINGS_MODEL = 'text-embedding-3-small';
// OpenAI takes up to 2048 inputs a request; smaller batches keep each request short.
const BATCH = 64;

/** POST {apiBase}/embeddings of the OpenAI API, in batches, answers in input order. */
export class OpenAiEmbeddingsClient implements EmbeddingsClient {
  constructor(private readonly config: Pick<LlmConfig, 'apiBase' | 'apiKey' | 'timeoutMs'> & { model: string }) {}

  async embed(texts: string[], dimensions: number): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let at = 0; at < texts.length; at += BATCH) vectors.push(...(await this.batch(texts.slice(at, at + BATCH), dimensions)));
    return vectors;
  }

  private async batch(input: string[], dimensions: number): Promise<number[][]> {
    const send = () =>
      fetch(`${this.config.apiBase}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
        body: JSON.stringify({ model: this.config.model, input, dimensions }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    let response: Response;
    try {
      // A kept-alive connection the provider closed while idle fails at once: sent again on a new one.
      response = await send().catch((err: Error) => (err.name === 'TimeoutError' ? Promise.reject(err) : send()));
    } catch (err) {
      throw new EmbeddingsFailed(`embeddings request failed: ${(err as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as { data?: Array<{ index: number; embedding: number[] }>; error?: { message?: string } } | null;
    if (!response.ok || !body?.data) throw new EmbeddingsFailed(`embeddings answered ${response.status}: ${body?.error?.message ?? 'no data'}`);
    const ordered = [...body.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
    if (ordered.length !== input.length || ordered.some((vector) => vector.length !== dimensions)) throw new EmbeddingsFailed('embeddings answered with the wrong count or dimension');
    return ordered;
  }
}

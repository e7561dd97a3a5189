import { AGENT_LIMITS, KNOWLEDGE_MESSAGES, type Region } from '@platform/contracts';
import { Readable } from 'node:stream';
import { documentText } from '../clients/document-text';
import { EmbeddingsFailed } from '../clients/embeddings';
import { chunkText } from '../domain/chunking';
import { nextRefreshAt } from '../domain/refresh';
import { NOT_DUE, type SourceDocument } from '../store/sources';
import { uploadNameOf } from './sources';
import type { KnowledgeDeps } from './deps';

interface SourceText {
  url?: string;
  title?: string;
  text: string;
}

type ReadResult = { ok: true; parts: SourceText[]; pageCount?: number } | { ok: false; reason: string };

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The read worker's step: takes a due source (its lease in the store), reads the website or the
 * file, chunks and embeds the text and stores the chunks, then marks the source SUCCESS (due
 * again at its refresh rate) or ERROR with the reason. A source whose worker died is taken again
 * once its lease ends.
 */
export class KnowledgeIngest {
  constructor(private readonly deps: KnowledgeDeps) {}

  /** Reads every source due in the region; answers how many were taken. */
  async runDue(region: Region): Promise<number> {
    let taken = 0;
    for (;;) {
      const source = await this.deps.sources.claimDue(region, this.deps.now(), this.deps.settings.leaseMs);
      if (!source) return taken;
      taken += 1;
      await this.read(region, source);
    }
  }

  private async read(region: Region, source: SourceDocument): Promise<void> {
    const { logger } = this.deps;
    try {
      const read = await this.readText(region, source);
      if (!read.ok) return void (await this.fail(region, source, read.reason));
      const charCount = read.parts.reduce((sum, part) => sum + part.text.length, 0);
      if (!charCount) return void (await this.fail(region, source, KNOWLEDGE_MESSAGES.noText));
      const [maxChars, others] = await Promise.all([this.deps.maxChars(region, source.workspaceId), this.deps.sources.charCount(region, source.agentId, source._id)]);
      if (others + charCount > maxChars) return void (await this.fail(region, source, KNOWLEDGE_MESSAGES.charLimitReached(maxChars), { charCount }));

      const size = source.maxChunkSize ?? AGENT_LIMITS.defaultMaxChunkSize;
      const pieces = read.parts.flatMap((part) => chunkText(part.text, size).map((text) => ({ text, url: part.url, title: part.title ?? source.name })));
      const dimensions = source.dimensions ?? AGENT_LIMITS.defaultKbDimension;
      let vectors: number[][];
      try {
        vectors = await this.deps.embeddings.embed(pieces.map((piece) => piece.text), dimensions);
      } catch (err) {
        if (!(err instanceof EmbeddingsFailed)) throw err;
        logger.warn({ err: err.message, sourceId: source._id }, 'knowledge embeddings failed');
        return void (await this.retryOrFail(region, source, KNOWLEDGE_MESSAGES.embeddingsFailed));
      }
      const generation = source.generation + 1;
      await this.deps.chunks.insert(
        region,
        pieces.map((piece, index) => ({ agentId: source.agentId, sourceId: source._id, generation, index, text: piece.text, ...(piece.url ? { url: piece.url } : {}), ...(piece.title ? { title: piece.title } : {}), vector: Float32Array.from(vectors[index]!) })),
      );
      const now = this.deps.now();
      const finished = await this.deps.sources.finish(
        region,
        source,
        { status: 'SUCCESS', charCount, chunkCount: pieces.length, ...(read.pageCount !== undefined ? { pageCount: read.pageCount } : {}), generation, attempts: 0, dueAt: nextRefreshAt(source.refreshRate, now) ?? NOT_DUE, updatedAt: now },
        ['error'],
      );
      // Deleted while it was read: its new chunks go too. Otherwise the previous read's chunks go.
      await this.deps.chunks.deleteForSource(region, source._id, finished ? generation : undefined);
      this.deps.index.invalidate(region, source.agentId);
      logger.info({ sourceId: source._id, agentId: source.agentId, chunks: pieces.length, charCount }, 'knowledge source read');
    } catch (err) {
      logger.error({ err, sourceId: source._id }, 'knowledge source read failed');
      await this.fail(region, source, `The source could not be read: ${(err as Error).message}`);
    }
  }

  private async readText(region: Region, source: SourceDocument): Promise<ReadResult> {
    if (source.sourceType === 'url') {
      const crawled = await this.deps.crawler.crawl(source.url!);
      if (!crawled.ok) return crawled;
      return { ok: true, parts: crawled.pages.map((page) => ({ url: page.url, title: page.title, text: page.text })), pageCount: crawled.pages.length };
    }
    const name = uploadNameOf(source.contentURL ?? '');
    const file = name ? await this.deps.files.get(region, name) : null;
    if (!file) return { ok: false, reason: KNOWLEDGE_MESSAGES.fileNotFound };
    const parsed = await documentText(source.name && /\.[a-z0-9]+$/i.test(source.name) ? source.name : file.name, await readAll(file.stream));
    return parsed.ok ? { ok: true, parts: [{ text: parsed.text }] } : parsed;
  }

  private async fail(region: Region, source: SourceDocument, reason: string, extra: Partial<SourceDocument> = {}): Promise<void> {
    const now = this.deps.now();
    // A failed website is tried again at its refresh rate (it may be back); a failed file is not.
    const dueAt = source.sourceType === 'url' ? (nextRefreshAt(source.refreshRate, now) ?? NOT_DUE) : NOT_DUE;
    await this.deps.sources.finish(region, source, { status: 'ERROR', error: reason, attempts: 0, dueAt, updatedAt: now, ...extra });
  }

  private async retryOrFail(region: Region, source: SourceDocument, reason: string): Promise<void> {
    if (source.attempts >= this.deps.settings.maxAttempts) return this.fail(region, source, reason);
    const now = this.deps.now();
    await this.deps.sources.finish(region, source, { status: 'PENDING', error: reason, dueAt: now + this.deps.settings.retryMs * source.attempts, updatedAt: now });
  }
}

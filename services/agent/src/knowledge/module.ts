import type { Region } from '@platform/contracts';
import type { Logger, RegionalMongo } from '@platform/kit';
import type { ChatClient, LlmConfig } from '../clients/llm-client';
import type { FileStorage } from '../store/files-storage';
import type { AgentRouteSpec } from '../routes/params';
import { WebsiteCrawler } from './clients/crawler';
import { OpenAiEmbeddingsClient, type EmbeddingsClient } from './clients/embeddings';
import type { CrawlLimits } from './domain/crawl-rules';
import { knowledgeRoutes } from './routes/knowledge-routes';
import { KnowledgeChunkStore } from './store/chunks';
import { KnowledgeSourceStore } from './store/sources';
import { StoreVectorIndex } from './store/vector-index';
import type { KnowledgeSettings } from './usecases/deps';
import { KnowledgeIngest } from './usecases/ingest';
import { KnowledgeRetrieval } from './usecases/retrieval';
import { KnowledgeSourceUseCases } from './usecases/sources';

export { CHUNKS_INDEXES } from './store/chunks';
export { SOURCES_INDEXES } from './store/sources';

/** KNOWLEDGE_* settings of the agent service. */
export interface KnowledgeConfig extends KnowledgeSettings {
  crawl: CrawlLimits;
  embeddingsModel: string;
  /** how often the worker looks for refreshes due and ended leases */
  pollMs: number;
  /** an agent's chunks are re-read from the store at least this often (changes made by another instance) */
  indexTtlMs: number;
  allowLoopback: boolean;
}

export interface KnowledgeModule {
  routes: AgentRouteSpec[];
  retrieval: KnowledgeRetrieval;
  ingest: KnowledgeIngest;
  sources: KnowledgeSourceUseCases;
  /** set by the worker: wakes it when a source is added */
  onSourceAdded(listener: () => void): void;
}

export function knowledgeModule(deps: {
  config: KnowledgeConfig;
  llm: Pick<LlmConfig, 'apiBase' | 'apiKey' | 'timeoutMs'>;
  mongo: RegionalMongo;
  files: FileStorage;
  chat: ChatClient;
  logger: Logger;
  /** the workspace plan's maxKbDocsCharCount (billing's entitlements) */
  maxChars: (region: Region, workspaceId: string) => Promise<number>;
  embeddings?: EmbeddingsClient;
  now?: () => number;
}): KnowledgeModule {
  const now = deps.now ?? Date.now;
  const sources = new KnowledgeSourceStore(deps.mongo);
  const chunks = new KnowledgeChunkStore(deps.mongo);
  const listeners: Array<() => void> = [];
  const shared = {
    sources,
    chunks,
    index: new StoreVectorIndex({ sources, chunks, ttlMs: deps.config.indexTtlMs, maxAgents: 500, now }),
    embeddings: deps.embeddings ?? new OpenAiEmbeddingsClient({ ...deps.llm, model: deps.config.embeddingsModel }),
    crawler: new WebsiteCrawler({ allowLoopback: deps.config.allowLoopback, limits: deps.config.crawl }),
    files: deps.files,
    chat: deps.chat,
    maxChars: deps.maxChars,
    settings: deps.config,
    logger: deps.logger,
    now,
    sourceAdded: () => listeners.forEach((listener) => listener()),
  };
  const retrieval = new KnowledgeRetrieval(shared);
  const sourceUseCases = new KnowledgeSourceUseCases(shared);
  return {
    routes: knowledgeRoutes(sourceUseCases, retrieval),
    retrieval,
    ingest: new KnowledgeIngest(shared),
    sources: sourceUseCases,
    onSourceAdded: (listener) => listeners.push(listener),
  };
}

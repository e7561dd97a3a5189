import type { Region } from '@platform/contracts';
import type { Logger } from '@platform/kit';
import type { ChatClient } from '../../clients/llm-client';
import type { FileStorage } from '../../store/files-storage';
import type { WebsiteCrawler } from '../clients/crawler';
import type { EmbeddingsClient } from '../clients/embeddings';
import type { KnowledgeChunkStore } from '../store/chunks';
import type { KnowledgeSourceStore } from '../store/sources';
import type { VectorIndex } from '../store/vector-index';

export interface KnowledgeSettings {
  /** a worker holds a source this long; after a crash it is read again once the lease ends */
  leaseMs: number;
  /** an embeddings failure is retried after attempts × retryMs, up to maxAttempts */
  retryMs: number;
  maxAttempts: number;
}

export interface KnowledgeDeps {
  sources: KnowledgeSourceStore;
  chunks: KnowledgeChunkStore;
  index: VectorIndex;
  embeddings: EmbeddingsClient;
  crawler: Pick<WebsiteCrawler, 'crawl'>;
  files: FileStorage;
  /** the smart search rewrites the question through the model (vg_kb_llm) */
  chat: ChatClient;
  /** the plan's maxKbDocsCharCount for a workspace */
  maxChars: (region: Region, workspaceId: string) => Promise<number>;
  settings: KnowledgeSettings;
  logger: Logger;
  now: () => number;
  /** wakes the read worker after a source was added */
  sourceAdded: () => void;
}

import { env, outboundOptionsFromEnv, platformConfig, secretEnv, type PlatformConfig } from '@platform/kit';
import { DEFAULT_CRAWL_LIMITS } from './knowledge/domain/crawl-rules';
import { DEFAULT_EMBEDDINGS_MODEL } from './knowledge/clients/embeddings';
import type { KnowledgeConfig } from './knowledge/module';
import { loadLlmConfig, type LlmConfig } from './clients/llm-client';

export interface AgentConfig {
  port: number;
  platform: PlatformConfig;
  /** Seals channel credentials at rest (AES-256-GCM, ADR 0009). */
  channelCredentialsKey: string;
  /** Where the workspace service answers POST /internal/access/check. */
  workspaceServiceUrl: string;
  /** Where billing publishes plan limits (SERVICE_URL_BILLING); empty: agent limits are not enforced. */
  billingServiceUrl: string;
  /** Where agency-domain answers what an agency client may reach (SERVICE_URL_AGENCY_DOMAIN, ADR 0019). */
  agencyDomainServiceUrl: string;
  /** Timeout of calls to other services. */
  serviceCallTimeoutMs: number;
  /** How long a membership answer is reused: yes answers, and no answers (shorter, so a new member gets in fast). */
  accessCache: { ttlMs: number; negativeTtlMs: number; maxEntries: number };
  /** Origin of the public links to uploaded files (PUBLIC_URL). */
  publicUrl: string;
  /** The AI style assistant's provider (LLM_API_BASE, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_MAX_TOKENS). */
  llm: LlmConfig;
  /** The public widget's message budgets per window (WIDGET_RATE_WINDOW_MS, WIDGET_RATE_PER_AGENT, WIDGET_RATE_PER_VISITOR). */
  widgetRateLimit: { windowMs: number; perAgent: number; perVisitor: number };
  /** Knowledge sources: crawl limits (KNOWLEDGE_CRAWL_*), embeddings (EMBEDDINGS_MODEL), the read worker; loopback websites only with OUTBOUND_ALLOW_LOOPBACK=true. */
  knowledge: KnowledgeConfig;
  /** The voice-tool test's timeout (TOOL_TEST_TIMEOUT_MS). */
  toolTestTimeoutMs: number;
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};

export function loadConfig(): AgentConfig {
  return {
    port: int('PORT', 4002),
    platform: platformConfig(),
    channelCredentialsKey: secretEnv('CHANNEL_CREDENTIALS_KEY'),
    workspaceServiceUrl: env('SERVICE_URL_WORKSPACE', 'http://127.0.0.1:4001').replace(/\/+$/, ''),
    billingServiceUrl: env('SERVICE_URL_BILLING', '').replace(/\/+$/, ''),
    agencyDomainServiceUrl: env('SERVICE_URL_AGENCY_DOMAIN', 'http://127.0.0.1:4004').replace(/\/+$/, ''),
    serviceCallTimeoutMs: int('SERVICE_CALL_TIMEOUT_MS', 3000),
    accessCache: {
      ttlMs: int('ACCESS_CACHE_TTL_MS', 10_000),
      negativeTtlMs: int('ACCESS_CACHE_NEGATIVE_TTL_MS', 2_000),
      maxEntries: int('ACCESS_CACHE_MAX_ENTRIES', 10_000),
    },
    publicUrl: env('PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, ''),
    llm: loadLlmConfig(),
    widgetRateLimit: {
      windowMs: int('WIDGET_RATE_WINDOW_MS', 60_000),
      perAgent: int('WIDGET_RATE_PER_AGENT', 600),
      perVisitor: int('WIDGET_RATE_PER_VISITOR', 20),
    },
    knowledge: {
      crawl: {
        maxPages: int('KNOWLEDGE_CRAWL_MAX_PAGES', DEFAULT_CRAWL_LIMITS.maxPages),
        maxDepth: int('KNOWLEDGE_CRAWL_MAX_DEPTH', DEFAULT_CRAWL_LIMITS.maxDepth),
        maxPageBytes: int('KNOWLEDGE_CRAWL_MAX_PAGE_BYTES', DEFAULT_CRAWL_LIMITS.maxPageBytes),
        maxDurationMs: int('KNOWLEDGE_CRAWL_MAX_MS', DEFAULT_CRAWL_LIMITS.maxDurationMs),
      },
      embeddingsModel: env('EMBEDDINGS_MODEL', DEFAULT_EMBEDDINGS_MODEL),
      pollMs: int('KNOWLEDGE_POLL_MS', 5_000),
      indexTtlMs: int('KNOWLEDGE_INDEX_TTL_MS', 30_000),
      leaseMs: int('KNOWLEDGE_LEASE_MS', 300_000),
      retryMs: int('KNOWLEDGE_RETRY_MS', 30_000),
      maxAttempts: int('KNOWLEDGE_MAX_ATTEMPTS', 5),
      allowLoopback: outboundOptionsFromEnv().allowLoopback,
    },
    toolTestTimeoutMs: int('TOOL_TEST_TIMEOUT_MS', 10_000),
  };
}

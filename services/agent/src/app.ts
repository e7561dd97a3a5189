import type { Express } from 'express';
import { AGENT_API, PLAN_EXTRA_LIMITS, UPLOAD } from '@platform/contracts';
import { RecentAgents } from './usecases/recent-agents';
import { createApp, serviceFastRoutes, serviceRouter, type InsertedOutbox, type Logger, type ReadinessCheck, type RegionalMongo } from '@platform/kit';
import { MemoryStore } from 'express-rate-limit';
import { HttpPlanLimits, type PlanLimits } from './clients/plan-limits';
import { HttpWorkspaceDirectory, type CreditBalance, type WorkspaceDirectory } from './clients/workspace-directory';
import { HttpOrganizationDirectory, type OrganizationDirectory } from './clients/organizations';
import { HttpCreditPayers, type CreditPayers } from './clients/credit-payers';
import type { AgentConfig } from './config';
import { agentRoutes } from './routes/agent-routes';
import { cssAssistantRoutes } from './routes/css-assistant-routes';
import type { AgentRouteSpec } from './routes/params';
import { procedureRoutes } from './routes/procedure-routes';
import { whatsappLegacyRoutes } from './routes/whatsapp-legacy-routes';
import { themesRoutes } from './routes/themes-routes';
import { translateRoutes } from './routes/translate-routes';
import { uploadsRoutes } from './routes/uploads-routes';
import { GridFsFileStorage, type FileStorage } from './store/files-storage';
import { createChatClient, type ChatClient, type StreamingChatClient } from './clients/llm-client';
import { runtimeRoutes } from './routes/runtime-routes';
import { ConversationStore } from './store/conversations';
import { ConversationRuntime } from './usecases/runtime';
import { RuntimeUseCases } from './usecases/runtime-chat';
import { ThemeStore } from './store/themes';
import { AgentAccess, type AgentPolicy } from './usecases/access';
import { AgentWriter } from './usecases/agent-writer';
import { AgentUseCases } from './usecases/agents';
import { CssAssistantUseCases } from './usecases/css-assistant';
import type { UseCaseDeps } from './usecases/deps';
import { SecretKeyUseCases } from './usecases/secret-key';
import { secretKeyRoutes } from './routes/secret-key-routes';
import { protectedStores } from './store/sealed-stores';
import { TemplateUseCases } from './usecases/templates';
import { ThemeUseCases } from './usecases/themes';
import { UploadUseCases } from './usecases/uploads';
import { VersionUseCases } from './usecases/versions';
import { knowledgeModule, type KnowledgeModule } from './knowledge/module';
import type { EmbeddingsClient } from './knowledge/clients/embeddings';
import { toolsRoutes } from './tools/routes/tools-routes';
import { ToolTestUseCases } from './tools/usecases/tool-test';

export const OPENAPI_INFO = {
  title: 'Agent service',
  description: 'Agents: create and save, list, templates, export and import, versions, agent secret keys; media and style tools.',
  tag: 'agent',
};

/**
 * The JSON body limit: an upload of UPLOAD.maxBytes (20 MB) is about 26.7 million base64
 * characters; every other route keeps the kit's default.
 */
const BODY_LIMITS = [{ path: /^\/procedures\/uploadFile$/, limit: UPLOAD.requestBodyLimit }];

export interface AppDeps {
  config: AgentConfig;
  mongo: RegionalMongo;
  logger: Logger;
  /** default: the workspace service's POST /internal/access/check over HTTP */
  directory?: WorkspaceDirectory;
  /** default: agency-domain's internal organisation routes over HTTP (agency clients, ADR 0019) */
  organizations?: OrganizationDirectory;
  /** default: billing's plan limits over HTTP when config.billingServiceUrl is set */
  planLimits?: PlanLimits;
  /** default: GridFS in each regional database (bucket 'uploads') */
  files?: FileStorage;
  /** default: the OpenAI-compatible client built from config.llm */
  chat?: ChatClient;
  /** default: the OpenAI-compatible client built from config.llm (the runtime streams) */
  llm?: StreamingChatClient;
  /** default: billing's balance when SERVICE_URL_BILLING is set, else the workspace's loadTokens */
  credits?: CreditBalance;
  /** default: agency-domain's organisations of an agent, when billing (which keeps organisations' credits) is set */
  payers?: CreditPayers;
  readiness?: ReadinessCheck[];
  /** default: built here (main.ts builds it to run its read worker beside the routes) */
  knowledge?: KnowledgeModule;
  /** default: the OpenAI-compatible embeddings of config.llm's provider */
  embeddings?: EmbeddingsClient;
  /** Nudges the outbox relay after writes that queued events (hands it an inserted document). */
  eventsWritten?: (inserted?: InsertedOutbox) => void;
  now?: () => Date;
}

export function defaultDirectory(config: AgentConfig, logger: Logger): HttpWorkspaceDirectory {
  return new HttpWorkspaceDirectory({
    baseUrl: config.workspaceServiceUrl,
    signingSecret: config.platform.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    cache: config.accessCache,
    logger,
  });
}

function widgetBudget(windowMs: number, limit: number) {
  const store = new MemoryStore();
  store.init({ windowMs } as Parameters<MemoryStore['init']>[0]);
  return { store, limit };
}

/** The knowledge sources module: its routes, the runtime's retrieval and the read worker's step. */
export function defaultKnowledge(deps: Pick<AppDeps, 'config' | 'mongo' | 'logger' | 'files' | 'chat' | 'embeddings' | 'planLimits' | 'now'>): KnowledgeModule {
  const planLimits = deps.planLimits ?? defaultPlanLimits(deps.config, deps.logger);
  return knowledgeModule({
    config: deps.config.knowledge,
    llm: deps.config.llm,
    mongo: deps.mongo,
    files: deps.files ?? new GridFsFileStorage(deps.mongo),
    chat: deps.chat ?? createChatClient(deps.config.llm),
    logger: deps.logger,
    // the plan's limit from billing; a service run without billing (tests of it alone) has the free plan's
    maxChars: (region, workspaceId) => planLimits?.maxKnowledgeChars(region, workspaceId) ?? Promise.resolve(PLAN_EXTRA_LIMITS.free.maxKbDocsCharCount),
    ...(deps.embeddings ? { embeddings: deps.embeddings } : {}),
    ...(deps.now ? { now: () => deps.now!().getTime() } : {}),
  });
}

/** The conversation engine, shared by the HTTP routes and the channel-message consumer. */
export function conversationRuntime(deps: AppDeps, credits: CreditBalance, knowledge?: KnowledgeModule): ConversationRuntime {
  const payers = deps.payers ?? defaultPayers(deps.config, deps.logger);
  return new ConversationRuntime({
    conversations: new ConversationStore(deps.mongo),
    credits,
    ...(payers ? { payers } : {}),
    ...(knowledge ? { knowledge: knowledge.retrieval } : {}),
    llm: deps.llm ?? createChatClient(deps.config.llm),
    logger: deps.logger,
    eventsWritten: deps.eventsWritten ?? (() => undefined),
    now: deps.now ?? (() => new Date()),
  });
}

/** Organisations' credits live in billing: without a billing service every agent spends its workspace's loadTokens. */
function defaultPayers(config: AgentConfig, logger: Logger): CreditPayers | undefined {
  if (!config.billingServiceUrl || !config.agencyDomainServiceUrl) return undefined;
  return new HttpCreditPayers({
    baseUrl: config.agencyDomainServiceUrl,
    signingSecret: config.platform.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    ttlMs: config.accessCache.ttlMs,
    maxEntries: config.accessCache.maxEntries,
    logger,
  });
}

/** Billing's ledger owns the balance (ADR 0014); without a billing service, the workspace's loadTokens. */
export function defaultCredits(config: AgentConfig, logger: Logger): CreditBalance {
  return defaultPlanLimits(config, logger) ?? defaultDirectory(config, logger);
}

function defaultPlanLimits(config: AgentConfig, logger: Logger): HttpPlanLimits | undefined {
  if (!config.billingServiceUrl) return undefined;
  return new HttpPlanLimits({
    baseUrl: config.billingServiceUrl,
    signingSecret: config.platform.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    logger,
    openingBalance: defaultDirectory(config, logger),
  });
}

/** The service's one assembly: use cases wired to their stores and clients, the route table built from them, and its authoriser. */
export function routeTable(deps: AppDeps): { routes: AgentRouteSpec[]; access: AgentAccess } {
  const now = deps.now ?? (() => new Date());
  const stores = protectedStores(deps.mongo, deps.config.channelCredentialsKey);
  const directory = deps.directory ?? defaultDirectory(deps.config, deps.logger);
  const planLimits = deps.planLimits ?? defaultPlanLimits(deps.config, deps.logger);
  const credits = deps.credits ?? (planLimits instanceof HttpPlanLimits ? planLimits : directory instanceof HttpWorkspaceDirectory ? directory : defaultCredits(deps.config, deps.logger));
  const { windowMs, perAgent, perVisitor } = deps.config.widgetRateLimit;
  const knowledge = deps.knowledge ?? defaultKnowledge({ ...deps, ...(planLimits ? { planLimits } : {}) });
  const runtime = new RuntimeUseCases({
    agents: stores.agents,
    conversations: new ConversationStore(deps.mongo),
    runtime: conversationRuntime(deps, credits, knowledge),
    limits: { perAgent: widgetBudget(windowMs, perAgent), perVisitor: widgetBudget(windowMs, perVisitor) },
  });
  const useCaseDeps: UseCaseDeps = {
    ...stores,
    directory,
    organizations:
      deps.organizations ??
      new HttpOrganizationDirectory({
        baseUrl: deps.config.agencyDomainServiceUrl,
        signingSecret: deps.config.platform.internalSigningSecret,
        timeoutMs: deps.config.serviceCallTimeoutMs,
        ttlMs: deps.config.accessCache.negativeTtlMs,
        maxEntries: deps.config.accessCache.maxEntries,
        logger: deps.logger,
      }),
    planLimits,
    logger: deps.logger,
    eventsWritten: deps.eventsWritten ?? (() => undefined),
    recent: new RecentAgents(),
    now,
  };
  const access = new AgentAccess(useCaseDeps);
  const writer = new AgentWriter(useCaseDeps);
  const agents = new AgentUseCases(useCaseDeps, access);
  const versions = new VersionUseCases(useCaseDeps, writer);
  const templates = new TemplateUseCases(writer);
  const secretKeys = new SecretKeyUseCases(stores.agents, useCaseDeps.eventsWritten);
  const uploads = new UploadUseCases({
    files: deps.files ?? new GridFsFileStorage(deps.mongo),
    publicUrl: deps.config.publicUrl,
    regions: () => deps.mongo.regions(),
    logger: deps.logger,
  });
  const assistant = new CssAssistantUseCases({ chat: deps.chat ?? createChatClient(deps.config.llm), logger: deps.logger });
  const themes = new ThemeUseCases({ themes: new ThemeStore(deps.mongo), now });
  const routes = [
    ...agentRoutes(agents, versions),
    ...procedureRoutes(templates, versions, agents),
    ...uploadsRoutes(uploads),
    ...cssAssistantRoutes(assistant),
    ...translateRoutes(),
    ...themesRoutes(themes),
    ...secretKeyRoutes(secretKeys),
    ...runtimeRoutes(runtime),
    ...whatsappLegacyRoutes(agents),
    ...knowledge.routes,
    ...toolsRoutes(new ToolTestUseCases({ allowLoopback: deps.config.knowledge.allowLoopback, timeoutMs: deps.config.toolTestTimeoutMs }), stores.agents),
  ];
  return { routes, access };
}

/** The service's hot route, answered in front of express with the same access rule and run (ADR 0038): an agent save. */
const FAST_ROUTES = [AGENT_API.saveAgent];
const isFastRoute = (route: AgentRouteSpec) => FAST_ROUTES.some((endpoint) => endpoint.method === route.method && endpoint.path === route.path);

export function buildApp(deps: AppDeps): Express {
  const { routes, access } = routeTable(deps);
  const signingSecret = deps.config.platform.internalSigningSecret;
  const router = serviceRouter<AgentPolicy>({ routes, authorizer: access, openApi: OPENAPI_INFO, signingSecret });
  const fastPath = serviceFastRoutes<AgentPolicy>({ routes: routes.filter(isFastRoute), authorizer: access, signingSecret });
  return createApp({ name: 'agent', logger: deps.logger, routes: router, readiness: deps.readiness, bodyLimits: BODY_LIMITS, fastPath });
}

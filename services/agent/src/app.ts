import { Router, type Express } from 'express';
import { createApp, gatewayContext, mountRoutes, openApiDocument, type Logger, type ReadinessCheck, type RegionalMongo, type RouteSpec } from '@platform/kit';
import { HttpWorkspaceDirectory, type WorkspaceDirectory } from './clients/workspace-directory';
import type { AgentConfig } from './config';
import { agentRoutes } from './routes/agent-routes';
import { MEDIA_BODY_LIMIT, createMediaRouter, mediaRoutes, type MediaDeps } from './routes/media-routes';
import { procedureRoutes } from './routes/procedure-routes';
import { secretKeyRoutes } from './routes/secret-key-routes';
import { protectedStores } from './store/sealed-stores';
import { AgentAccess } from './usecases/access';
import { AgentWriter } from './usecases/agent-writer';
import { AgentUseCases } from './usecases/agents';
import type { UseCaseDeps } from './usecases/deps';
import { SecretKeyUseCases } from './usecases/secret-key';
import { TemplateUseCases } from './usecases/templates';
import { VersionUseCases } from './usecases/versions';

export const OPENAPI_INFO = {
  title: 'Agent service',
  description: 'Agents: create and save, list, templates, export and import, versions, agent secret keys; media and style tools.',
  tag: 'agent',
};

export interface AppDeps {
  config: AgentConfig;
  mongo: RegionalMongo;
  logger: Logger;
  /** default: the workspace service's POST /internal/access/check over HTTP */
  directory?: WorkspaceDirectory;
  readiness?: ReadinessCheck[];
  /** Nudges the outbox relay after writes that queued events. */
  eventsWritten?: () => void;
  now?: () => Date;
  /** Media module overrides (file storage, chat client) for tests. */
  media?: Partial<MediaDeps>;
}

export function defaultDirectory(config: AgentConfig, logger: Logger): WorkspaceDirectory {
  return new HttpWorkspaceDirectory({
    baseUrl: config.workspaceServiceUrl,
    signingSecret: config.platform.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    cache: config.accessCache,
    logger,
  });
}

/** The use cases wired to their stores, and the route table built from them. */
export function routeTable(deps: AppDeps): { routes: RouteSpec[]; access: AgentAccess } {
  const stores = protectedStores(deps.mongo, deps.config.channelCredentialsKey);
  const useCaseDeps: UseCaseDeps = {
    ...stores,
    directory: deps.directory ?? defaultDirectory(deps.config, deps.logger),
    logger: deps.logger,
    eventsWritten: deps.eventsWritten ?? (() => undefined),
    now: deps.now ?? (() => new Date()),
  };
  const access = new AgentAccess(useCaseDeps);
  const writer = new AgentWriter(useCaseDeps);
  const agents = new AgentUseCases(useCaseDeps, access);
  const versions = new VersionUseCases(useCaseDeps, access, writer);
  const templates = new TemplateUseCases(access, writer);
  const secretKeys = new SecretKeyUseCases(stores.agents, access);
  return { routes: [...agentRoutes(agents, versions), ...procedureRoutes(templates, versions, agents), ...secretKeyRoutes(secretKeys)], access };
}

export function buildApp(deps: AppDeps): Express {
  const { routes, access } = routeTable(deps);
  const mediaDeps: MediaDeps = {
    mongo: deps.mongo,
    logger: deps.logger,
    now: deps.now,
    canAccessAgent: (identity, region, agentId) => access.canAccessAgent(identity, region, agentId),
    ...deps.media,
  };
  const document = openApiDocument([...routes, ...mediaRoutes(mediaDeps)], OPENAPI_INFO);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  // Everything else is reachable only through the gateway, which signs who is calling.
  router.use(gatewayContext(deps.config.platform.internalSigningSecret));
  router.use(mountRoutes(routes));
  router.use(createMediaRouter(mediaDeps));
  // Uploads arrive as base64 JSON (up to 20 MB), so the media module sets the body limit.
  return createApp({ name: 'agent', logger: deps.logger, routes: router, readiness: deps.readiness, bodyLimit: MEDIA_BODY_LIMIT });
}

import { Router } from 'express';
import { AUTH_MESSAGES, UPLOAD, type Region } from '@platform/contracts';
import { env, forbidden, unauthorized, validate, type CollectionIndexes, type Identity, type Logger, type RegionalMongo, type RouteSpec } from '@platform/kit';
import { FILES_INDEXES, GridFsFileStorage, type FileStorage } from '../store/files-storage';
import { createChatClient, loadLlmConfig, type ChatClient, type LlmConfig } from '../store/llm-client';
import { THEMES_INDEXES, ThemeStore } from '../store/themes';
import { cssAssistantRoutes } from './css-assistant-routes';
import { themesRoutes } from './themes-routes';
import { translateRoutes } from './translate-routes';
import { uploadsRoutes } from './uploads-routes';

/*
 * Media and style tools of the agent service: uploads (GridFS behind FileStorage), the AI
 * style assistant, the translation language list and custom colour themes. The service's
 * app mounts createMediaRouter(deps) after gatewayContext (every route reads req.identity).
 */

/** One media route: the kit's RouteSpec, so the service's /openapi.json can describe it. */
export type MediaRouteSpec = RouteSpec;

/** The core's agent access rule (ownership, workspace, client canAccess); false answers 403. */
export type AgentAccessCheck = (identity: Identity, region: Region, agentId: string) => Promise<boolean>;

export interface MediaConfig {
  /** Origin of the public links to uploaded files (PUBLIC_URL, default http://localhost:8080). */
  publicUrl: string;
  llm: LlmConfig;
}

export function loadMediaConfig(): MediaConfig {
  return { publicUrl: env('PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, ''), llm: loadLlmConfig() };
}

/** What the agent service passes to createMediaRouter. */
export interface MediaDeps {
  mongo: RegionalMongo;
  logger: Logger;
  /** default loadMediaConfig() (PUBLIC_URL, LLM_API_BASE, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_MAX_TOKENS) */
  config?: MediaConfig;
  /** default GridFS in each regional database (bucket 'uploads') */
  files?: FileStorage;
  /** default the OpenAI-compatible client built from config.llm */
  chat?: ChatClient;
  /**
   * The agent access rule. When given, an upload or CSS request naming an agent must pass
   * it; without it any signed-in caller may name any agent (an agent key only its own).
   */
  canAccessAgent?: AgentAccessCheck;
  now?: () => Date;
}

/**
 * The JSON body limit the agent app must give createApp (`bodyLimit`): an upload of
 * UPLOAD.maxBytes (20 MB) is about 26.7 million base64 characters.
 */
export const MEDIA_BODY_LIMIT = UPLOAD.requestBodyLimit;

/** Indexes of the media collections; the app may create them at start (the file store also does on first write). */
export const MEDIA_INDEXES: CollectionIndexes[] = [...FILES_INDEXES, ...THEMES_INDEXES];

/** Who is calling, for the record; anonymous callers are refused (401), the gateway itself too (403). */
export function requireCaller(identity: Identity | undefined): { kind: Identity['kind']; id: string } {
  switch (identity?.kind) {
    case 'user':
      return { kind: 'user', id: identity.userId };
    case 'workspace':
      return { kind: 'workspace', id: identity.workspaceId };
    case 'agent':
      return { kind: 'agent', id: identity.agentId };
    case 'agency':
      return { kind: 'agency', id: identity.agencyId };
    case 'gateway':
      throw forbidden();
    default:
      throw unauthorized(AUTH_MESSAGES.signInRequired);
  }
}

/** An agent key acts for its own agent only; other callers are checked by the core's rule when there is one. */
export async function assertAgentAccess(identity: Identity, region: Region, agentId: string, check?: AgentAccessCheck): Promise<void> {
  if (identity.kind === 'agent' && identity.agentId !== agentId) throw forbidden();
  if (check && !(await check(identity, region, agentId))) throw forbidden();
}

/** Every media route, e.g. for the service's OpenAPI document (kit openApiDocument). */
export function mediaRoutes(deps: MediaDeps): MediaRouteSpec[] {
  const config = deps.config ?? loadMediaConfig();
  return [
    ...uploadsRoutes({
      files: deps.files ?? new GridFsFileStorage(deps.mongo),
      publicUrl: config.publicUrl,
      regions: deps.mongo.regions(),
      logger: deps.logger,
      canAccessAgent: deps.canAccessAgent,
    }),
    ...cssAssistantRoutes({ chat: deps.chat ?? createChatClient(config.llm), logger: deps.logger, canAccessAgent: deps.canAccessAgent }),
    ...translateRoutes(),
    ...themesRoutes({ themes: new ThemeStore(deps.mongo), now: deps.now ?? (() => new Date()) }),
  ];
}

/** The routes mounted with their contract validation; async failures go to the error handler. */
export function mountMediaRoutes(routes: readonly MediaRouteSpec[]): Router {
  const router = Router();
  for (const route of routes) {
    router[route.method](
      route.path,
      // mounted after gatewayContext; without it nothing here may run
      (req, _res, next) => next(req.identity ? undefined : unauthorized('Request did not come through the gateway')),
      validate(route.schemas ?? {}),
      (req, res, next) => {
        route.handler(req, res).catch(next);
      },
    );
  }
  return router;
}

export function createMediaRouter(deps: MediaDeps): Router {
  return mountMediaRoutes(mediaRoutes(deps));
}

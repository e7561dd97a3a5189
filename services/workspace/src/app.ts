import type { Express } from 'express';
import { createApp, serviceRouter, type Logger, type ReadinessCheck, type RegionalMongo } from '@platform/kit';
import type { WorkspaceConfig } from './config';
import type { Mailer } from '@platform/kit';
import { authRoutes } from './routes/auth-routes';
import { credentialRoutes } from './routes/credential-routes';
import { workspaceRoutes } from './routes/workspace-routes';
import { workspaceAuthorizer, type WorkspacePolicy, type WorkspaceRouteSpec } from './usecases/access';
import { AuthUseCases } from './usecases/auth';
import { createStores } from './usecases/deps';
import { InvitationUseCases } from './usecases/invitations';
import { WorkspaceUseCases } from './usecases/workspaces';

/** How /openapi.json introduces this service. */
export const OPENAPI_INFO = { title: 'Workspace service', description: 'Accounts, sign-in, sessions, workspaces, members and invitations.', tag: 'workspace' };

export interface AppDeps {
  config: WorkspaceConfig;
  mongo: RegionalMongo;
  mailer: Mailer;
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Nudges the outbox relay after writes that queued events. */
  eventsWritten?: () => void;
  now?: () => Date;
}

/** Every route of the service, in one table (the router and /openapi.json both come from it). */
export function routeTable(deps: AppDeps): { routes: WorkspaceRouteSpec[]; access: ReturnType<typeof workspaceAuthorizer> } {
  const useCaseDeps = {
    ...createStores(deps.mongo, deps.config),
    config: deps.config,
    mailer: deps.mailer,
    logger: deps.logger,
    eventsWritten: deps.eventsWritten ?? (() => undefined),
    now: deps.now ?? (() => new Date()),
  };
  const workspaces = new WorkspaceUseCases(useCaseDeps);
  const cookie = { jwtSecret: deps.config.platform.jwtSecret, secure: deps.config.cookieSecure };
  const routes = [...authRoutes(new AuthUseCases(useCaseDeps), cookie), ...workspaceRoutes(workspaces, new InvitationUseCases(useCaseDeps)), ...credentialRoutes(workspaces)];
  return { routes, access: workspaceAuthorizer(workspaces) };
}

export function buildApp(deps: AppDeps): Express {
  const { routes, access } = routeTable(deps);
  const router = serviceRouter<WorkspacePolicy>({ routes, authorizer: access, openApi: OPENAPI_INFO, signingSecret: deps.config.platform.internalSigningSecret });
  return createApp({ name: 'workspace', logger: deps.logger, routes: router, readiness: deps.readiness });
}

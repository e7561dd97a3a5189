/**
 * One source for paths: every route a service mounts is an endpoint of the catalog in contracts
 * (WORKSPACE_API, AGENT_API) with the same method and path, and every endpoint of the catalog is
 * mounted by its service, so the typed API client cannot call a path nobody serves.
 */
import { API_CATALOG } from '@platform/contracts';
import { createLogger, type RegionalMongo, type RouteDescription } from '@platform/kit';
import { routeTable as agentRoutes } from '../../../services/agent/src/app';
import { loadConfig as loadAgentConfig } from '../../../services/agent/src/config';
import { routeTable as workspaceRoutes } from '../../../services/workspace/src/app';
import { routeTable as channelsRoutes } from '../../../services/channels/src/app';
import { loadConfig as loadChannelsConfig } from '../../../services/channels/src/config';
import type { WorkspaceConfig } from '../../../services/workspace/src/config';
import { routeTable as agencyDomainRoutes } from '../../../services/agency-domain/src/app';
import { loadConfig as loadAgencyDomainConfig } from '../../../services/agency-domain/src/config';
import { routeTable as billingRoutes } from '../../../services/billing/src/app';
import type { BillingConfig } from '../../../services/billing/src/config';
import { routeTable as onboardingRoutes } from '../../../services/onboarding/src/app';
import { loadConfig as loadOnboardingConfig } from '../../../services/onboarding/src/config';
import { assemble as notificationRoutes } from '../../../services/notification/src/app';
import { loadConfig as loadNotificationConfig } from '../../../services/notification/src/config';

// Tables are only built, never served: stores stay unused.
const logger = createLogger('test', 'silent');
const mongo = {} as RegionalMongo;
const mounted: Record<string, RouteDescription[]> = {
  workspace: workspaceRoutes({
    config: { platform: { jwtSecret: 'x' }, cookieSecure: false } as WorkspaceConfig,
    mongo,
    mailer: { send: async () => undefined, close: async () => undefined },
    logger,
  }).routes,
  agent: agentRoutes({ config: loadAgentConfig(), mongo, logger }).routes,
  channels: channelsRoutes({ config: loadChannelsConfig(), mongo, logger, producer: {} as never }).routes,
  'agency-domain': agencyDomainRoutes({ config: loadAgencyDomainConfig(), mongo: { regions: () => [] } as unknown as RegionalMongo, logger }).routes,
  billing: billingRoutes({ config: { platform: { internalSigningSecret: 'x' }, stripe: { apiBase: 'http://127.0.0.1', secretKey: 'x', webhookSecret: 'x', connectWebhookSecret: 'x' } } as BillingConfig, mongo, logger }).routes,
  onboarding: onboardingRoutes({ config: loadOnboardingConfig(), logger }).routes,
  notification: notificationRoutes({ config: loadNotificationConfig(), mongo, logger, mailer: { send: async () => undefined, close: async () => undefined } }).routes,
};

const key = (service: string, route: Pick<RouteDescription, 'operationId' | 'method' | 'path'>) => `${service} ${route.operationId} ${route.method.toUpperCase()} ${route.path}`;

describe('the API catalog in contracts and the route tables', () => {
  it('are the same endpoints', () => {
    const served = Object.entries(mounted).flatMap(([service, routes]) => routes.map((route) => key(service, route)));
    const catalogued = API_CATALOG.map((endpoint) => key(endpoint.service, endpoint));
    expect(served.sort()).toEqual(catalogued.sort());
  });
});

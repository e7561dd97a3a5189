import { REGIONS, UPLOAD } from '@platform/contracts';
import { Router, type Express } from 'express';
import { createApp, type Logger } from '@platform/kit';
import type { GatewayConfig } from './config';
import { CredentialVerifier } from './clients/credential-verifier';
import { ServiceCatalog } from './clients/service-catalog';
import { SessionVerifier } from './clients/session-verifier';
import { authenticate } from './routes/auth';
import { resolveRoute, stripPlatformHeaders } from './routes/context';
import { corsForOrigins } from './routes/cors';
import { frontendRoutes } from './routes/frontend';
import { platformRoutes } from './routes/platform';
import { serviceProxy } from './routes/proxy';
import { rateLimits } from './routes/rate-limit';

/** Uploads carry base64 files; only their route gets the large body limit. */
const UPLOAD_ROUTE = new RegExp(`^/api/(?:(?:${REGIONS.join('|')})/)?agent${UPLOAD.procedurePath}$`);

/** The gateway app: CORS, rate limits, authentication, the service proxy and the frontends. */
export function createGateway(config: GatewayConfig, logger: Logger): Express {
  const verifier = new CredentialVerifier({
    serviceUrls: config.serviceUrls,
    signingSecret: config.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    ...config.credentialCache,
  });
  const sessions = new SessionVerifier({
    workspaceUrl: config.serviceUrls.workspace,
    region: config.defaultRegion,
    signingSecret: config.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    ...config.sessionCache,
  });
  const catalog = new ServiceCatalog({
    serviceUrls: config.serviceUrls,
    signingSecret: config.internalSigningSecret,
    region: config.defaultRegion,
    timeoutMs: config.serviceCallTimeoutMs,
    openApiCacheMs: config.openApiCacheMs,
  });

  const routes = Router();
  routes.use(corsForOrigins(config.allowedOrigins));
  routes.use(stripPlatformHeaders);
  routes.use('/api', ...rateLimits(config.rateLimit));
  routes.use(platformRoutes(catalog));
  routes.use(
    '/api',
    resolveRoute(config.serviceUrls, config.defaultRegion),
    authenticate({ jwtSecret: config.jwtSecret, verifier, sessions }),
    serviceProxy({ signingSecret: config.internalSigningSecret, timeoutMs: config.proxyTimeoutMs }),
  );
  routes.use(frontendRoutes(config.frontendDist));

  const app = createApp({ name: 'gateway', logger, routes, bodyLimits: [{ path: UPLOAD_ROUTE, limit: UPLOAD.requestBodyLimit }] });
  // createApp trusts loopback only; behind an ingress the real client IP needs more hops.
  app.set('trust proxy', config.trustProxy);
  return app;
}

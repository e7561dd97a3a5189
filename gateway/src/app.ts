import type { IncomingMessage, ServerResponse } from 'node:http';
import { REGIONS, UPLOAD } from '@platform/contracts';
import express, { Router, type Express, type Request } from 'express';
import { Metrics, createApp, metricsHandler, type FastRequestTools, type Logger } from '@platform/kit';
import type { GatewayConfig } from './config';
import { CredentialVerifier } from './clients/credential-verifier';
import { ServiceCatalog } from './clients/service-catalog';
import { SessionVerifier } from './clients/session-verifier';
import { applyRevocation } from './events/revocations';
import { agencyHostsFor } from './agency-hosts/wiring';
import { authenticate } from './routes/auth';
import { resolveRoute, stripPlatformHeaders } from './routes/context';
import { corsForOrigins, widgetCors } from './routes/cors';
import { frontendRoutes } from './routes/frontend';
import { openApiRoute, readinessRoute } from './routes/platform';
import { serviceProxy } from './routes/proxy';
import { rateLimits } from './routes/rate-limit';
import { SharedRateCounts } from './store/rate-counts';
import { fastPath } from './fast-path/handler';
import { FAST_ROUTES } from './fast-path/routes';
import { signedInFastPath } from './fast-path/signed-in';

/** Uploads carry base64 files; only their route gets the large body limit, and only for signed-in callers. */
const UPLOAD_ROUTE = new RegExp(`^/api/(?:(?:${REGIONS.join('|')})/)?agent${UPLOAD.procedurePath}$`);

export interface Gateway {
  /** The public app. */
  app: Express;
  /** /metrics and /readyz/services, for the internal port only. */
  admin: Express;
  rateCounts: SharedRateCounts;
  /** Drops the cached verdicts a revocation event makes wrong (fed by the revocation consumer); false: not a revocation. */
  applyRevocation: (event: unknown) => boolean;
}

export interface GatewayDeps {
  /** Shared between replicas; by default counts stay in this process. */
  rateCounts?: SharedRateCounts;
}

/** The gateway: CORS, rate limits, authentication, the streaming service proxy and the frontends. */
export function buildGateway(config: GatewayConfig, logger: Logger, deps: GatewayDeps = {}): Gateway {
  const verifier = new CredentialVerifier({
    serviceUrls: config.serviceUrls,
    signingSecret: config.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    ...config.credentialCache,
  });
  const sessions = new SessionVerifier({
    serviceUrl: config.serviceUrls.workspace,
    kind: 'user',
    region: config.defaultRegion,
    signingSecret: config.internalSigningSecret,
    timeoutMs: config.serviceCallTimeoutMs,
    ...config.sessionCache,
  });
  // Agency clients' sessions live in agency-domain (ADR 0019); checked and cached the same way.
  const clientSessions = new SessionVerifier({
    serviceUrl: config.serviceUrls['agency-domain'],
    kind: 'client',
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
  const rateCounts = deps.rateCounts ?? new SharedRateCounts({ windowMs: config.rateLimit.windowMs, syncMs: config.rateLimit.syncMs });
  const bodyLimit = (req: Request) => {
    if (req.identity.kind === 'anonymous') return config.bodyLimits.anonymous;
    return UPLOAD_ROUTE.test(req.originalUrl.split('?')[0]!) ? config.bodyLimits.upload : config.bodyLimits.authenticated;
  };

  const auth = { jwtSecret: config.jwtSecret, verifier, sessions, clientSessions };
  const routes = Router();
  // The widget API first: its preflight is answered for any origin before the product's own CORS runs.
  routes.use(widgetCors());
  routes.use(corsForOrigins(config.allowedOrigins));
  routes.use(stripPlatformHeaders);
  const agencyHosts = agencyHostsFor(config);
  routes.use(agencyHosts.routes);
  routes.use('/api', ...rateLimits(config.rateLimit, rateCounts));
  routes.use(openApiRoute(catalog));
  routes.use(
    '/api',
    resolveRoute(config.serviceUrls, config.defaultRegion),
    authenticate(auth),
    serviceProxy({ signingSecret: config.internalSigningSecret, timeoutMs: config.proxyTimeoutMs, bodyLimit }),
  );
  routes.use(frontendRoutes(config.frontendDist));

  const metrics = new Metrics('gateway');
  // Bodies are streamed to the services, never parsed here; /metrics is internal.
  // The fast routes are answered in front of express (createApp installs the handler), with the app's own request tools.
  const fast = (tools: FastRequestTools) => {
    const anonymous = fastPath({
      routes: FAST_ROUTES,
      serviceUrls: config.serviceUrls,
      defaultRegion: config.defaultRegion,
      signingSecret: config.internalSigningSecret,
      timeoutMs: config.proxyTimeoutMs,
      bodyLimit: config.bodyLimits.anonymous,
      rateLimit: config.rateLimit,
      counts: rateCounts,
      tools,
      logger,
    });
    // A save (ADR 0038): the credential's verdict read from the verifiers' caches.
    const signedIn = signedInFastPath({
      serviceUrls: config.serviceUrls,
      defaultRegion: config.defaultRegion,
      signingSecret: config.internalSigningSecret,
      timeoutMs: config.proxyTimeoutMs,
      bodyLimit: config.bodyLimits.authenticated,
      allowedOrigins: config.allowedOrigins,
      rateLimit: config.rateLimit,
      counts: rateCounts,
      auth,
      tools,
    });
    return (req: IncomingMessage, res: ServerResponse) => anonymous(req, res) || signedIn(req, res);
  };
  const app = createApp({ name: 'gateway', logger, routes, metrics, readBodies: false, exposeMetrics: false, fastPath: fast });
  app.set('trust proxy', config.trustProxy);

  const admin = express();
  admin.disable('x-powered-by');
  admin.get('/metrics', metricsHandler(metrics));
  admin.use(readinessRoute(catalog));
  return { app, admin, rateCounts, applyRevocation: (event) => applyRevocation({ sessions, verifier, agencyHosts: agencyHosts.lookup }, event) };
}

/** The public app alone, with in-process rate-limit counts. */
export function createGateway(config: GatewayConfig, logger: Logger, deps: GatewayDeps = {}): Express {
  return buildGateway(config, logger, deps).app;
}

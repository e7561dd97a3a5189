import bytes from 'bytes';
import express, { type Express, type Router } from 'express';
import type { Logger } from '../logger';
import { bodyReaders, type BodyLimit } from './body';
import { errorHandler, notFoundHandler } from './error-handler';
import { fastRequestTools, installFastPath, type FastPathFactory } from './fast-path';
import { Metrics } from './metrics';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';

export { REQUEST_ID_HEADER } from './request-log';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface AppOptions {
  name: string;
  logger: Logger;
  /** Mounted after the platform endpoints; its routes own their authorisation. */
  routes?: Router;
  readiness?: ReadinessCheck[];
  bodyLimit?: string;
  /** Larger limits for the few paths that carry big bodies (uploads); everything else keeps `bodyLimit`. */
  bodyLimits?: BodyLimit[];
  /** false: bodies are left unread for the routes to stream (the gateway's proxy). */
  readBodies?: boolean;
  metrics?: Metrics;
  /** false: no /metrics on this app (the gateway serves it on its internal port only). */
  exposeMetrics?: boolean;
  /** A handler in front of express for a few hot routes (ADR 0034): its requests get the same id, log line, headers and error answers. */
  fastPath?: FastPathFactory;
}

/** Prometheus text of a registry. */
export const metricsHandler =
  (metrics: Metrics): express.RequestHandler =>
  async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };

const DEFAULT_BODY_LIMIT = '1mb';
const CLIENT_IP = Symbol('client ip');
const expressIp = Object.getOwnPropertyDescriptor(express.request, 'ip')!.get!;
const PEER_TRUSTED = Symbol('peer trusted');
type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * The express app every service and the gateway start from: request ids, structured
 * logs, security headers, bodies read with a size limit and a shape check, health,
 * readiness and metrics endpoints, and the one error shape.
 */
export function createApp(options: AppOptions): Express {
  const app = express();
  // express works req.ip out (the forwarded chain against the trust-proxy rules) on every read,
  // and a request is read several times (rate limits, forwarding): once per request is enough.
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    get(this: express.Request & { [CLIENT_IP]?: string }) {
      return (this[CLIENT_IP] ??= expressIp.call(this) as string | undefined);
    },
  });
  // req.protocol (and req.secure) ask the trust-proxy rules about the peer (an address parse) on
  // every read, and a service behind the gateway reads it on every request (HSTS, forwarding):
  // the peer of a connection does not change, so its verdict is kept on the socket. As express:
  // the forwarded proto (its first value) only from a trusted peer.
  Object.defineProperty(app.request, 'protocol', {
    configurable: true,
    get(this: express.Request) {
      const socket = this.socket as typeof this.socket & { encrypted?: boolean; [PEER_TRUSTED]?: boolean };
      const own = socket.encrypted ? 'https' : 'http';
      if (!(socket[PEER_TRUSTED] ??= (this.app.get('trust proxy fn') as TrustProxy)(socket.remoteAddress, 0))) return own;
      const forwarded = this.get('X-Forwarded-Proto') || own;
      const comma = forwarded.indexOf(',');
      return (comma === -1 ? forwarded : forwarded.substring(0, comma)).trim();
    },
  });
  const metrics = options.metrics ?? new Metrics(options.name);
  app.disable('x-powered-by');
  // API answers are not revalidated by their callers; an ETag would cost a SHA-1 of every body.
  // (Files keep theirs: express.static and sendFile make their own, and routes may set one.)
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

  const first = { requestLog: requestLog(app, options.logger, metrics), securityHeaders: securityHeaders() };
  app.use(first.requestLog, first.securityHeaders);
  if (options.fastPath) installFastPath(app, options.fastPath(fastRequestTools(app, first, bytes.parse(options.bodyLimit ?? DEFAULT_BODY_LIMIT) ?? 0)));

  app.get('/healthz', (_req, res) => {
    res.json({ success: true, service: options.name });
  });
  app.get('/readyz', async (req, res) => {
    const results = await Promise.all(
      (options.readiness ?? []).map(async ({ name, check }) => {
        try {
          await check();
          return { name, ok: true };
        } catch (err) {
          req.log.warn({ err, dependency: name }, 'not ready');
          return { name, ok: false };
        }
      }),
    );
    const ready = results.every((r) => r.ok);
    res.status(ready ? 200 : 503).json({ success: ready, checks: Object.fromEntries(results.map((r) => [r.name, r.ok])) });
  });
  if (options.exposeMetrics !== false) app.get('/metrics', metricsHandler(metrics));

  if (options.readBodies !== false) app.use(bodyReaders(options.bodyLimit ?? DEFAULT_BODY_LIMIT, options.bodyLimits));
  if (options.routes) app.use(options.routes);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Router } from 'express';
import { createApp, createLogger, gatewayContext, validate, type Identity } from '@platform/kit';

export const SIGNING_SECRET = 'test-signing-secret';
export const JWT_SECRET = 'test-jwt-secret';
export const silentLogger = createLogger('test', 'silent');

export interface Upstream {
  url: string;
  /** How often /internal/credentials/verify was called. */
  verifyCalls: number;
  close: () => Promise<void>;
}

export interface UpstreamOptions {
  /** Credentials this service owns. */
  credentials?: Record<string, Identity>;
  openapi?: unknown;
  bodyLimit?: string;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/**
 * A real service built like the others (kit createApp + gatewayContext), so requests
 * only reach it with a valid gateway signature. It echoes what it received.
 */
export async function startUpstream(name: string, options: UpstreamOptions = {}): Promise<Upstream> {
  const routes = Router();
  routes.use(gatewayContext(SIGNING_SECRET));
  const state = { verifyCalls: 0 };
  routes.post('/internal/credentials/verify', (req, res) => {
    state.verifyCalls += 1;
    const identity = options.credentials?.[req.body?.credential];
    if (req.identity.kind !== 'gateway' || !identity) return void res.status(404).json({ success: false, message: 'Not found' });
    res.json({ success: true, identity });
  });
  if (options.openapi) routes.get('/openapi.json', (_req, res) => void res.json(options.openapi));
  routes.get('/slow', (_req, res) => void setTimeout(() => res.json({ late: true }), 2_000).unref());
  routes.all('*', validate({}), (req, res) => {
    res.json({
      service: name,
      method: req.method,
      url: req.url,
      // createApp reads every body: JSON parsed, anything else as bytes.
      body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : req.body,
      identity: req.identity,
      region: req.region,
      clientIp: req.clientIp,
      requestId: req.headers['x-request-id'],
      forwardedFor: req.headers['x-forwarded-for'],
      platformHeaders: Object.keys(req.headers).filter((h) => h.startsWith('x-platform-')).sort(),
      forwardedCredentials: ['authorization', 'cookie'].filter((h) => h in req.headers),
    });
  });
  const app = createApp({ name, logger: silentLogger, routes, bodyLimit: options.bodyLimit });
  const server = app.listen(0, '127.0.0.1');
  const url = await listen(server);
  return {
    url,
    get verifyCalls() {
      return state.verifyCalls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL on which nothing listens. */
export async function closedPortUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Environment for a gateway under test; the frontend directory is absent unless given. */
export function gatewayEnv(env: Record<string, string>): Record<string, string> {
  return { INTERNAL_SIGNING_SECRET: SIGNING_SECRET, JWT_SECRET, FRONTEND_DIST: '/nonexistent/frontend', ...env };
}

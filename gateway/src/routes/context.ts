import type { RequestHandler } from 'express';
import { HttpError } from '@platform/kit';
import type { Region } from '@platform/contracts';
import { resolveApiRoute, type ApiRoute } from '../domain/routing';
import type { ServiceName } from '../domain/services';

export interface GatewayRoute extends ApiRoute {
  target: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    gatewayRoute?: GatewayRoute;
  }
}

/** Callers must never be able to present headers that look like the gateway's signed ones. */
export const stripPlatformHeaders: RequestHandler = (req, _res, next) => {
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith('x-platform-')) delete req.headers[name];
  }
  next();
};

/** Resolves service, region and upstream for a request below `/api`. */
export function resolveRoute(serviceUrls: Partial<Record<ServiceName, string>>, defaultRegion: Region): RequestHandler {
  return (req, _res, next) => {
    const route = resolveApiRoute(req.url, req.headers['x-region'], defaultRegion);
    if (!route.ok) return next(new HttpError(route.status, route.message));
    const target = serviceUrls[route.service];
    if (!target) return next(new HttpError(503, 'Service unavailable, please try again later.'));
    req.gatewayRoute = { service: route.service, region: route.region, upstreamPath: route.upstreamPath, target };
    req.region = route.region;
    next();
  };
}

import cors from 'cors';
import type { RequestHandler } from 'express';

/** CORS with credentials for the product's own origins only; others get no CORS headers. */
export function corsForOrigins(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    maxAge: 600,
  });
}

/** The public widget API (`/api/[region/]agent/widget/...`): what pages on any site call from the embedded chat. */
export const WIDGET_API_PATH = /^\/api\/(?:[a-z]{2}\/)?agent\/widget\//;

/**
 * CORS for the widget API only: any origin, never credentials (the widget sends no cookie; it
 * talks as the agent's public widget), only the methods and headers the widget uses.
 */
export function widgetCors(): RequestHandler {
  const open = cors({ origin: '*', credentials: false, methods: ['GET', 'POST'], allowedHeaders: ['Content-Type', 'Accept'], maxAge: 600 });
  return (req, res, next) => (WIDGET_API_PATH.test(req.path) ? open(req, res, next) : next());
}

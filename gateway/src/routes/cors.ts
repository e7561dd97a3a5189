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

import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { SESSION_COOKIE, tooManyRequests } from '@platform/kit';
import { classifyCredential, credentialRateKey } from '../domain/credentials';

export interface RateLimitSettings {
  windowMs: number;
  perIp: number;
  perCredential: number;
}

const rateKey = (req: Parameters<RequestHandler>[0]) => credentialRateKey(classifyCredential(req.headers, SESSION_COOKIE));

/**
 * One budget per client IP and one per credential (by digest, never the secret), so a
 * shared office IP and a leaked key are both bounded. In-memory: per gateway replica.
 */
export function rateLimits(settings: RateLimitSettings): RequestHandler[] {
  const common = {
    windowMs: settings.windowMs,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: ((_req, _res, next) => next(tooManyRequests())) as RequestHandler,
  };
  return [
    rateLimit({ ...common, limit: settings.perIp, identifier: 'ip', requestPropertyName: 'ipRateLimit' }),
    rateLimit({
      ...common,
      limit: settings.perCredential,
      identifier: 'credential',
      requestPropertyName: 'credentialRateLimit',
      skip: (req) => rateKey(req) === undefined,
      keyGenerator: (req) => rateKey(req) ?? '',
    }),
  ];
}

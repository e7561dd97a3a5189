import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { CLIENT_SESSION_COOKIE, SESSION_COOKIE, tooManyRequests } from '@platform/kit';
import { classifyCredential, credentialRateKey } from '../domain/credentials';
import type { SharedRateCounts } from '../store/rate-counts';

export interface RateLimitSettings {
  windowMs: number;
  perIp: number;
  perCredential: number;
}

const rateKey = (req: Parameters<RequestHandler>[0]) => credentialRateKey(classifyCredential(req.headers, SESSION_COOKIE, CLIENT_SESSION_COOKIE));

/**
 * One budget per client IP and one per credential (by digest, never the secret), so a
 * shared office IP and a leaked key are both bounded. Counted in memory and shared between
 * replicas by `counts`. The client IP is the socket's unless a trusted proxy says otherwise.
 */
export function rateLimits(settings: RateLimitSettings, counts: SharedRateCounts): RequestHandler[] {
  const common = {
    windowMs: settings.windowMs,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    // Callers may send X-Forwarded-For; only a configured proxy's is believed (trust proxy).
    validate: { xForwardedForHeader: false },
    handler: ((_req, _res, next) => next(tooManyRequests())) as RequestHandler,
  };
  return [
    rateLimit({ ...common, limit: settings.perIp, identifier: 'ip', requestPropertyName: 'ipRateLimit', store: counts.store('ip:') }),
    rateLimit({
      ...common,
      limit: settings.perCredential,
      identifier: 'credential',
      requestPropertyName: 'credentialRateLimit',
      store: counts.store('credential:'),
      skip: (req) => rateKey(req) === undefined,
      keyGenerator: (req) => rateKey(req) ?? '',
    }),
  ];
}

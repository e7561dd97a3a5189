import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { REGIONS, type Region } from '@platform/contracts';
import { unauthorized } from '../http/errors';

/** Who the gateway verified the caller to be. Services authorise against this only. */
export type Identity =
  | { kind: 'anonymous' }
  /** sessionId: the server-side session of a cookie or bearer JWT (what sign-out ends). */
  | { kind: 'user'; userId: string; email: string; sessionId?: string }
  | { kind: 'workspace'; workspaceId: string; region: string }
  | { kind: 'agent'; agentId: string; region: string }
  | { kind: 'agency'; agencyId: string }
  /** The gateway itself, e.g. when it asks a service to verify a credential. */
  | { kind: 'gateway' };

/** What the gateway forwards with every request: who is calling, and in which region. */
export interface ForwardedContext {
  identity: Identity;
  region: Region;
  /** The caller's IP as the gateway saw it (its TRUST_PROXY applied), for per-client limits. */
  clientIp?: string;
}

export const IDENTITY_HEADER = 'x-platform-identity';
export const IDENTITY_TIMESTAMP_HEADER = 'x-platform-identity-ts';
export const IDENTITY_SIGNATURE_HEADER = 'x-platform-identity-sig';

/** Signed headers older than this are refused, so a captured header set is useless later. */
const MAX_AGE_MS = 60_000;

function signature(secret: string, timestamp: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('base64url');
}

/** The headers the gateway adds to a proxied request. */
export function signForwarded(context: ForwardedContext, secret: string, now = Date.now()): Record<string, string> {
  const payload = Buffer.from(JSON.stringify(context)).toString('base64url');
  const timestamp = String(now);
  return {
    [IDENTITY_HEADER]: payload,
    [IDENTITY_TIMESTAMP_HEADER]: timestamp,
    [IDENTITY_SIGNATURE_HEADER]: signature(secret, timestamp, payload),
  };
}

/** Returns the context when the headers were signed by the gateway recently, otherwise null. */
export function verifyForwarded(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now = Date.now(),
): ForwardedContext | null {
  const payload = headers[IDENTITY_HEADER];
  const timestamp = headers[IDENTITY_TIMESTAMP_HEADER];
  const given = headers[IDENTITY_SIGNATURE_HEADER];
  if (typeof payload !== 'string' || typeof timestamp !== 'string' || typeof given !== 'string') return null;
  const age = now - Number(timestamp);
  if (!Number.isFinite(age) || age > MAX_AGE_MS || age < -MAX_AGE_MS) return null;
  const expected = Buffer.from(signature(secret, timestamp, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const context = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ForwardedContext;
    return context?.identity?.kind && REGIONS.includes(context.region) ? context : null;
  } catch {
    return null;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    identity: Identity;
    region: Region;
    /** The caller's IP from the gateway's signed context (req.ip would be the gateway's). */
    clientIp?: string;
  }
}

/**
 * Refuses any request whose identity headers were not signed by the gateway: services
 * are only reachable through it, and a caller cannot forge who it is.
 */
export function gatewayContext(secret: string): RequestHandler {
  return (req, _res, next) => {
    const context = verifyForwarded(req.headers, secret);
    if (!context) return next(unauthorized('Request did not come through the gateway'));
    req.identity = context.identity;
    req.region = context.region;
    req.clientIp = context.clientIp;
    next();
  };
}

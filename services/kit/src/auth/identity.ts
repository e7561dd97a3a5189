import { createHash, createHmac } from 'node:crypto';
import { sameText } from '../crypto/passwords';
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
  /**
   * An agency's client, signed in on the agency's host (ADR 0019): acts only within its
   * organisation (`orgId`) of the agency whose workspace is `workspaceId`, in `region`.
   * `agencyAdmin`: the agency signed in with its secret (every page of the dashboard).
   */
  | { kind: 'client'; clientId: string; orgId: string; agencyId: string; workspaceId: string; region: string; email: string; sessionId: string; agencyAdmin?: boolean }
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
/** What the signature says about the body: `none`, `sha256=<hex>` (known up front) or `trailer` (streamed). */
export const IDENTITY_BODY_HEADER = 'x-platform-identity-body';
/** Sent as an HTTP trailer after a streamed body: HMAC of the header signature and the body's SHA-256. */
export const IDENTITY_BODY_TRAILER = 'x-platform-identity-body-sig';

/** Signed headers older than this are refused, so a captured header set is useless later. */
const MAX_AGE_MS = 60_000;

/** The request a signature is bound to: method and path with query, as the service receives them. */
export interface SignedTarget {
  method: string;
  path: string;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');
export const sha256Hex = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

function signature(secret: string, timestamp: string, target: SignedTarget, payload: string, body: string): string {
  return hmac(secret, ['v2', timestamp, target.method.toUpperCase(), target.path, payload, body].join('\n'));
}

function signedHeaders(context: ForwardedContext, secret: string, target: SignedTarget, body: string, now: number): Record<string, string> {
  const payload = Buffer.from(JSON.stringify(context)).toString('base64url');
  const timestamp = String(now);
  return {
    [IDENTITY_HEADER]: payload,
    [IDENTITY_TIMESTAMP_HEADER]: timestamp,
    [IDENTITY_BODY_HEADER]: body,
    [IDENTITY_SIGNATURE_HEADER]: signature(secret, timestamp, target, payload, body),
  };
}

/**
 * The headers for a call whose body is known up front (or absent), bound to its method,
 * path and body: a captured set works for nothing else.
 */
export function signForwarded(
  context: ForwardedContext,
  secret: string,
  target: SignedTarget & { body?: string | Uint8Array },
  now = Date.now(),
): Record<string, string> {
  const body = target.body === undefined || target.body.length === 0 ? 'none' : `sha256=${sha256Hex(target.body)}`;
  return signedHeaders(context, secret, target, body, now);
}

/**
 * For a body streamed through (the gateway's proxy): the headers promise a trailer, and
 * `digest` feeds each chunk; `trailer()` at the end binds the body to the headers.
 */
export function signForwardedStream(context: ForwardedContext, secret: string, target: SignedTarget, now = Date.now()) {
  const headers = signedHeaders(context, secret, target, 'trailer', now);
  const hash = createHash('sha256');
  return {
    headers,
    digest: (chunk: Uint8Array) => void hash.update(chunk),
    trailer: (): Record<string, string> => ({ [IDENTITY_BODY_TRAILER]: bodySignature(secret, headers[IDENTITY_SIGNATURE_HEADER]!, hash.digest('hex')) }),
  };
}

const bodySignature = (secret: string, headerSignature: string, bodySha256: string) => hmac(secret, `${headerSignature}.${bodySha256}`);

/** What a service received: its headers, and after the body was read its SHA-256 and trailers. */
export interface ReceivedRequest extends SignedTarget {
  headers: Record<string, string | string[] | undefined>;
  /** SHA-256 (hex) of the body bytes read; undefined when no body was read. */
  bodySha256?: string;
  trailers?: Record<string, string | undefined>;
}

const EMPTY_SHA256 = sha256Hex('');

/** Returns the context when the gateway signed this very request recently, otherwise null. */
export function verifyForwarded(received: ReceivedRequest, secret: string, now = Date.now()): ForwardedContext | null {
  const { headers } = received;
  const payload = headers[IDENTITY_HEADER];
  const timestamp = headers[IDENTITY_TIMESTAMP_HEADER];
  const body = headers[IDENTITY_BODY_HEADER];
  const given = headers[IDENTITY_SIGNATURE_HEADER];
  if (typeof payload !== 'string' || typeof timestamp !== 'string' || typeof body !== 'string' || typeof given !== 'string') return null;
  const age = now - Number(timestamp);
  if (!Number.isFinite(age) || age > MAX_AGE_MS || age < -MAX_AGE_MS) return null;
  if (!sameText(signature(secret, timestamp, received, payload, body), given)) return null;
  const bodySha256 = received.bodySha256 ?? EMPTY_SHA256;
  if (body === 'none') {
    if (bodySha256 !== EMPTY_SHA256) return null;
  } else if (body === 'trailer') {
    const trailer = received.trailers?.[IDENTITY_BODY_TRAILER];
    if (typeof trailer !== 'string' || !sameText(bodySignature(secret, given, bodySha256), trailer)) return null;
  } else if (body !== `sha256=${bodySha256}`) {
    return null;
  }
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
    /** SHA-256 (hex) of the body bytes, set by createApp's body readers. */
    bodySha256?: string;
    /** The body bytes as read, for checks over the exact bytes (a payment provider's webhook signature). */
    rawBody?: Buffer;
    /** The caller's IP from the gateway's signed context (req.ip would be the gateway's). */
    clientIp?: string;
  }
}

/**
 * Refuses any request whose identity headers were not signed by the gateway for this
 * method, path and body: services are only reachable through it, a caller cannot forge who
 * it is, and a captured header set cannot be replayed elsewhere. Runs after createApp has
 * read the body (its digest and trailers are known by then).
 */
export function gatewayContext(secret: string): RequestHandler {
  return (req, _res, next) => {
    const context = verifyForwarded(
      { method: req.method, path: req.originalUrl, headers: req.headers, bodySha256: req.bodySha256, trailers: req.trailers },
      secret,
    );
    if (!context) return next(unauthorized('Request did not come through the gateway'));
    req.identity = context.identity;
    req.region = context.region;
    req.clientIp = context.clientIp;
    next();
  };
}

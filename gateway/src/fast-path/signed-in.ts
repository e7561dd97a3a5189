import type { IncomingMessage, ServerResponse } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';
import { AGENT_API, type Region } from '@platform/contracts';
import { CLIENT_SESSION_COOKIE, SESSION_COOKIE, type FastHandler, type FastRequestTools } from '@platform/kit';
import { classifyCredential, credentialRateKey } from '../domain/credentials';
import { resolveApiRoute } from '../domain/routing';
import type { ServiceName } from '../domain/services';
import { cachedIdentity, type AuthenticateOptions } from '../routes/auth';
import { READ_AHEAD_BYTES } from '../routes/proxy';
import type { SharedRateCounts } from '../store/rate-counts';
import { RateBudget } from './budgets';
import { readThenForward, refuseOverBudget } from './handler';
import { fastRouteMatcher, type FastRoute } from './routes';
import { upstreamAgent } from '../clients/upstream-agent';

/**
 * The hot routes of signed-in callers (ADR 0038): an agent save. Only a credential whose
 * verdict the gateway already holds, a small body of declared length and no Origin or an
 * allowed one take the fast path; anything else on these paths goes through express.
 */
export const SIGNED_IN_FAST_ROUTES: readonly FastRoute[] = [{ endpoint: AGENT_API.saveAgent, budgets: [] }];

export interface SignedInFastPathOptions {
  serviceUrls: Partial<Record<ServiceName, string>>;
  defaultRegion: Region;
  signingSecret: string;
  timeoutMs: number;
  /** Largest body a signed-in caller may send on these routes. */
  bodyLimit: number;
  allowedOrigins: readonly string[];
  rateLimit: { windowMs: number; perIp: number; perCredential: number };
  counts: SharedRateCounts;
  /** The verifiers `authenticate` asks: the fast path reads their cached verdicts only. */
  auth: AuthenticateOptions;
  tools: FastRequestTools;
}

/**
 * The gateway's fast path for signed-in callers (ADR 0038): for a request it takes it does what
 * the express path does, in the same order: the request id, log line and security headers
 * (the app's own middlewares), the CORS headers of an allowed Origin (as `cors` sets them on a
 * non-preflight request), the IP budget then the credential budget (the same shared counts
 * and draft-8 headers as express-rate-limit, 429 when spent), the identity `authenticate`
 * would reach (read from the verifiers' caches: a credential not cached, refused or malformed
 * goes through express, which asks and fills the cache), the body read and signed with the
 * identity, the service's answer streamed back, 502/504 when it fails.
 */
export function signedInFastPath(options: SignedInFastPathOptions): FastHandler {
  const match = fastRouteMatcher(SIGNED_IN_FAST_ROUTES);
  const agent = upstreamAgent();
  const bodyLimit = Math.min(READ_AHEAD_BYTES, options.bodyLimit);
  const allowedOrigins = new Set(options.allowedOrigins);
  const { windowMs, perIp, perCredential } = options.rateLimit;
  // The budgets express-rate-limit counts for every /api request (routes/rate-limit.ts).
  const ipBudget = new RateBudget('ip', perIp, 'ip:', options.counts, windowMs);
  const credentialBudget = new RateBudget('credential', perCredential, 'credential:', options.counts, windowMs);

  return (req: IncomingMessage, res: ServerResponse) => {
    const headers = req.headers;
    if (req.method !== 'POST' || !req.url?.startsWith('/api/')) return false;
    const declared = Number(headers['content-length']);
    if (!(declared > 0 && declared <= bodyLimit) || headers['transfer-encoding'] !== undefined || headers.expect !== undefined) return false;
    const origin = headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) return false;
    const credential = classifyCredential(headers, SESSION_COOKIE, CLIENT_SESSION_COOKIE);
    if (credential.type !== 'session' && credential.type !== 'secret') return false;
    const resolved = resolveApiRoute(req.url.slice(4), headers['x-region'], options.defaultRegion);
    if (!resolved.ok || resolved.upstreamPath.includes('?')) return false;
    const target = options.serviceUrls[resolved.service];
    if (!target || !match(req.method, resolved.service, resolved.upstreamPath)) return false;
    const identity = cachedIdentity(credential, resolved.region, options.auth);
    if (!identity) return false;

    // From here on the request is ours: one of the app's own (prototypes, id, log line, security headers).
    const request = options.tools.begin(req, res);
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    const clientIp = request.ip ?? '';
    if (!ipBudget.take(ipKeyGenerator(clientIp), res) || !credentialBudget.take(credentialRateKey(credential)!, res)) {
      refuseOverBudget(res);
      return true;
    }

    const upstream = { service: resolved.service, url: target, path: resolved.upstreamPath };
    readThenForward(request, res, upstream, { identity, region: resolved.region, clientIp }, options, agent);
    return true;
  };
}

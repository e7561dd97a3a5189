import { request as httpRequest, type Agent, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Region } from '@platform/contracts';
import { CLIENT_SESSION_COOKIE, SESSION_COOKIE, isPlainJson, signForwarded, tooManyRequests, type FastRequestTools, type ForwardedContext, type Logger } from '@platform/kit';
import { classifyCredential } from '../domain/credentials';
import { resolveApiRoute } from '../domain/routing';
import type { ServiceName } from '../domain/services';
import { READ_AHEAD_BYTES, UPSTREAM_MESSAGES } from '../routes/proxy';
import type { SharedRateCounts } from '../store/rate-counts';
import { RateBudget } from './budgets';
import { RequestBatches } from './batches';
import { answer, forwardedHeaders, parsedUrl } from './forwarding';
import { fastRouteMatcher, type FastRoute } from './routes';
import { upstreamAgent } from '../clients/upstream-agent';

export interface FastPathOptions {
  routes: readonly FastRoute[];
  serviceUrls: Partial<Record<ServiceName, string>>;
  defaultRegion: Region;
  signingSecret: string;
  timeoutMs: number;
  /** Largest body an anonymous caller may send. */
  bodyLimit: number;
  rateLimit: { windowMs: number; perIp: number; perCredential: number };
  counts: SharedRateCounts;
  /** The gateway app's (createApp's fastPath): its request prototype (req.ip and req.protocol under its trust-proxy rules), request log and security headers. */
  tools: FastRequestTools;
  logger: Logger;
}

/** Not copied from the service's answer: the caller's connection is the gateway's business. */
const HOP_BY_HOP_ANSWER = new Set(['connection', 'keep-alive']);

/**
 * The gateway's fast path (ADR 0029's next step, ADR 0034): a plain node:http handler for the
 * routes of FAST_ROUTES, in front of express. It does what the express path does for such a
 * request (request id, log line and security headers by the app's own middlewares, the rate budgets with their headers,
 * platform headers stripped, the anonymous identity signed with the body's digest, the
 * service's answer streamed back, 502/504 when it fails) with none of express'
 * or http-proxy's per-request machinery. A plain JSON body (what the providers send) travels to
 * its service in a request batch with the other webhooks of the moment (batches.ts, ADR 0047),
 * anything else on its own. Answers false, touching nothing, for any request it
 * does not take (another route, a credential, an Origin, `Expect`, a chunked or large body),
 * which then goes through express unchanged.
 */
export function fastPath(options: FastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const match = fastRouteMatcher(options.routes);
  const agent = upstreamAgent();
  const batches = new Map<ServiceName, RequestBatches>();
  const batchesTo = (service: ServiceName, url: string) => {
    let found = batches.get(service);
    if (!found) {
      found = new RequestBatches({ service, url, signingSecret: options.signingSecret, timeoutMs: options.timeoutMs, agent, region: options.defaultRegion, maxFrameBytes: READ_AHEAD_BYTES + 64 * 1024, logger: options.logger });
      batches.set(service, found);
    }
    return found;
  };
  const bodyLimit = Math.min(READ_AHEAD_BYTES, options.bodyLimit);
  const { windowMs, perIp, perCredential } = options.rateLimit;
  const budgets = new Map<string, RateBudget>();
  const budgetFor = (name: string) => {
    let budget = budgets.get(name);
    if (!budget) {
      // The IP budget is the one express-rate-limit counts for every /api request ('ip:' keys); the others are per route parameter.
      budget = name === 'ip' ? new RateBudget('ip', perIp, 'ip:', options.counts, windowMs) : new RateBudget(name, perCredential, `${name}:`, options.counts, windowMs);
      budgets.set(name, budget);
    }
    return budget;
  };

  return (req, res) => {
    const headers = req.headers;
    if (req.method !== 'POST' || !req.url?.startsWith('/api/')) return false;
    const declared = Number(headers['content-length']);
    if (!(declared > 0 && declared <= bodyLimit) || headers['transfer-encoding'] !== undefined || headers.expect !== undefined || headers.origin !== undefined) return false;
    if (classifyCredential(headers, SESSION_COOKIE, CLIENT_SESSION_COOKIE).type !== 'none') return false;
    const resolved = resolveApiRoute(req.url.slice(4), headers['x-region'], options.defaultRegion);
    if (!resolved.ok) return false;
    const target = options.serviceUrls[resolved.service];
    const queryAt = resolved.upstreamPath.indexOf('?');
    const matched = target && match(req.method, resolved.service, queryAt === -1 ? resolved.upstreamPath : resolved.upstreamPath.slice(0, queryAt));
    if (!matched) return false;

    // From here on the request is ours: one of the app's own (prototypes, id, log line, security headers).
    const request = options.tools.begin(req, res);

    const clientIp = request.ip ?? '';
    for (const budget of matched.route.budgets) {
      const key = 'param' in budget ? matched.params[budget.param]! : ipKeyGenerator(clientIp);
      if (!budgetFor(budget.name).take(key, res)) {
        refuseOverBudget(res);
        return true;
      }
    }

    const upstream = { service: resolved.service, url: target, path: resolved.upstreamPath };
    const context = { identity: { kind: 'anonymous' } as const, region: resolved.region, clientIp };
    // Plain JSON (what the providers send) travels in request batches; anything else on its own, as the service's express path reads it.
    if (queryAt === -1 && isPlainJson(headers)) readThenBatch(request, res, batchesTo(resolved.service, target), upstream.path, context);
    else readThenForward(request, res, upstream, context, options, agent);
    return true;
  };
}

/** Reads the request's body, then hands it to the service's request batches. */
function readThenBatch(req: Request, res: ServerResponse, batches: RequestBatches, path: string, context: ForwardedContext & { clientIp: string }): void {
  const chunks: Buffer[] = [];
  req.once('error', () => res.destroy());
  req.on('data', (chunk: Buffer) => void chunks.push(chunk));
  req.once('end', () => batches.send(req, res, path, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), context));
}

/** 429 as express-rate-limit's, closing the connection: unread, the body would be taken for the next request on it. */
export function refuseOverBudget(res: ServerResponse): void {
  res.setHeader('connection', 'close');
  const refused = tooManyRequests();
  answer(res, refused.status, refused.message);
}

/** Reads the request's body, then forwards it (see `forward`). */
export function readThenForward(
  req: Request,
  res: ServerResponse,
  upstream: { service: ServiceName; url: string; path: string },
  context: ForwardedContext & { clientIp: string },
  options: Pick<FastPathOptions, 'signingSecret' | 'timeoutMs'>,
  agent: Agent,
): void {
  const chunks: Buffer[] = [];
  req.once('error', () => res.destroy());
  req.on('data', (chunk: Buffer) => void chunks.push(chunk));
  req.once('end', () => forward(req, res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), upstream, context, options, agent));
}

/** Sends a read body upstream, signed for `context`, and streams the service's answer back (502/504 as the proxy's). */
function forward(
  req: Request,
  res: ServerResponse,
  body: Buffer,
  upstream: { service: ServiceName; url: string; path: string },
  context: ForwardedContext & { clientIp: string },
  options: Pick<FastPathOptions, 'signingSecret' | 'timeoutMs'>,
  agent: Agent,
): void {
  const { path } = upstream;
  const url = parsedUrl(upstream.url);
  const outgoing: OutgoingHttpHeaders = forwardedHeaders(req, context.clientIp);
  // As http-proxy's changeOrigin: the service sees its own host.
  outgoing.host = url.host;
  Object.assign(outgoing, signForwarded(context, options.signingSecret, { method: 'POST', path, body }));
  outgoing['content-length'] = body.length;

  let timedOut = false;
  const call = httpRequest({ agent, host: url.hostname, port: url.port, method: 'POST', path, headers: outgoing, timeout: options.timeoutMs }, (answer) => {
    for (const name in answer.headers) if (!HOP_BY_HOP_ANSWER.has(name)) res.setHeader(name, answer.headers[name]!);
    res.writeHead(answer.statusCode ?? 502);
    // A service that dies mid-answer: the caller must not wait for the rest.
    answer.once('error', () => res.destroy());
    answer.pipe(res);
  });
  call.once('timeout', () => {
    timedOut = true;
    call.destroy();
  });
  call.once('error', (err) => {
    if (res.headersSent) return void res.destroy();
    if (!res.destroyed) req.log.warn({ err, service: upstream.service }, 'upstream request failed');
    answer(res, timedOut ? 504 : 502, timedOut ? UPSTREAM_MESSAGES.timedOut : UPSTREAM_MESSAGES.unavailable);
  });
  // The caller went away: stop the upstream call too.
  res.once('close', () => {
    if (!res.writableFinished) call.destroy();
  });
  call.end(body);
}


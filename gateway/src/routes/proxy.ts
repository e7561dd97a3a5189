import type { ClientRequest, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { REQUEST_MESSAGES } from '@platform/contracts';
import { HttpError, IDENTITY_BODY_TRAILER, REQUEST_ID_HEADER, errorBody, signForwarded, signForwardedStream } from '@platform/kit';
import { upstreamAgent } from '../clients/upstream-agent';

export interface ProxyOptions {
  signingSecret: string;
  timeoutMs: number;
  /** Largest body this caller may send on this route, in bytes. */
  bodyLimit: (req: Request) => number;
}

/**
 * Removed from what http-proxy copies of the caller's headers: hop-by-hop headers, what the
 * gateway sets itself, and the caller's credentials (services trust only the signed identity;
 * raw secrets and session cookies stay here). `x-platform-*` goes too.
 */
export const NOT_FORWARDED: ReadonlySet<string> = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade',
  'expect', 'authorization', 'cookie', 'forwarded',
  'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', REQUEST_ID_HEADER,
]);

/**
 * Bodies up to this size whose length is declared (a webhook, a form, most API calls) are read
 * before forwarding: signed by their digest up front and sent with their length, so the service
 * reads them in one go. Larger or chunked bodies stream through with a digest trailer.
 */
export const READ_AHEAD_BYTES = 64 * 1024;

/** What the caller is told when the service cannot be reached, or does not answer in time. */
export const UPSTREAM_MESSAGES = {
  unavailable: 'Service unavailable, please try again later.',
  timedOut: 'The service took too long to answer, please try again.',
} as const;

/** What the gateway decided about one request before handing it to http-proxy. */
interface Forwarding {
  limit: number;
  /** A body comes: it is sent chunked, its digest in a trailer. */
  streamed: boolean;
  /** The body, read ahead (small, its length declared). */
  body?: Buffer;
  timedOut?: boolean;
}
const forwarding = new WeakMap<IncomingMessage, Forwarding>();

const awaitingContinue = new WeakSet<IncomingMessage>();

/**
 * Node answers `Expect: 100-continue` by itself unless the server handles checkContinue;
 * with this the gateway says "continue" only once the caller and its body size are accepted,
 * so a refused body is never sent.
 */
export function answerExpectContinue(server: Server, app: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    app(req, res);
  });
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const tooLarge = () => new HttpError(413, REQUEST_MESSAGES.tooLarge);

/**
 * http-proxy-middleware streams the request to the resolved service, body untouched; the
 * gateway signs it for its method, path and body (a digest trailer after the streamed body).
 * Limits: Content-Length is checked before anything is read, streamed bytes are counted.
 */
export function serviceProxy(options: ProxyOptions): RequestHandler {
  // Connections to the services are kept and reused: without an agent http-proxy opens a new
  // TCP connection for every request, which was most of a small request's time through here.
  const agent = upstreamAgent();
  const proxy = createProxyMiddleware<Request, Response>({
    agent,
    router: (req) => req.gatewayRoute!.target,
    pathRewrite: (_path, req) => req.gatewayRoute!.upstreamPath,
    changeOrigin: true,
    proxyTimeout: options.timeoutMs,
    on: {
      proxyReq: (proxyReq, req, res) => forward(proxyReq, req, res, options.signingSecret),
      // The caller's connection is the gateway's business: a service closing its own does not close the caller's.
      proxyRes: (proxyRes) => void delete proxyRes.headers.connection,
      error: (err, req, res) => failed(req, res, err),
    },
  });
  return (req, res, next) => {
    const limit = options.bodyLimit(req);
    if (Number(req.headers['content-length'] ?? 0) > limit) return next(tooLarge());
    if (awaitingContinue.has(req) && hasBody(req)) res.writeContinue();
    // http-proxy emits no proxyReq (nothing would be signed) for an outgoing request with Expect.
    delete req.headers.expect;
    const declared = Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] === undefined && declared > 0 && declared <= READ_AHEAD_BYTES) {
      readBody(req).then(
        (body) => {
          forwarding.set(req, { limit, streamed: false, body });
          void proxy(req, res, next);
        },
        (err: Error) => next(err),
      );
      return;
    }
    forwarding.set(req, { limit, streamed: hasBody(req) });
    void proxy(req, res, next);
  };
}

/** The whole body of a request whose (small) length node's parser enforces. */
function readBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => void chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => req.complete || reject(new HttpError(400, 'The request was not received completely.')));
  });
}

/** Runs once the upstream request has a socket, before any header or body byte is written. */
function forward(proxyReq: ClientRequest, req: Request, res: Response, secret: string): void {
  const state = forwarding.get(req)!;
  for (const name of proxyReq.getHeaderNames()) {
    if (NOT_FORWARDED.has(name) || name.startsWith('x-platform-')) proxyReq.removeHeader(name);
  }
  const clientIp = req.ip;
  proxyReq.setHeader(REQUEST_ID_HEADER, String(req.id));
  proxyReq.setHeader('x-forwarded-for', clientIp ?? '');
  proxyReq.setHeader('x-forwarded-proto', req.protocol);
  proxyReq.setHeader('x-forwarded-host', req.headers.host ?? '');
  proxyReq.once('timeout', () => (state.timedOut = true));
  // The caller went away (a page navigated on): stop the upstream call too. http-proxy reports
  // that reset as `econnreset`, not as an error, so nothing is answered or logged.
  res.on('close', () => {
    if (!res.writableFinished) proxyReq.destroy();
  });

  const context = { identity: req.identity, region: req.region, clientIp };
  const target = { method: req.method, path: proxyReq.path };
  if (state.body) {
    for (const [name, value] of Object.entries(signForwarded(context, secret, { ...target, body: state.body }))) proxyReq.setHeader(name, value);
    proxyReq.setHeader('content-length', state.body.length);
    // http-proxy's pipe of the (already read) request ends the upstream request after this.
    proxyReq.write(state.body);
    return;
  }
  if (!state.streamed) {
    for (const [name, value] of Object.entries(signForwarded(context, secret, target))) proxyReq.setHeader(name, value);
    return;
  }
  const signed = signForwardedStream(context, secret, target);
  for (const [name, value] of Object.entries(signed.headers)) proxyReq.setHeader(name, value);
  // Trailers need chunked encoding.
  proxyReq.removeHeader('content-length');
  proxyReq.setHeader('transfer-encoding', 'chunked');
  proxyReq.setHeader('trailer', IDENTITY_BODY_TRAILER);

  // Counts and hashes each chunk before http-proxy's pipe writes it, so a chunk over the limit never leaves.
  let size = 0;
  const meter = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= state.limit) return signed.digest(chunk);
    req.off('data', meter);
    req.unpipe(proxyReq);
    proxyReq.destroy(tooLarge()); // reaches failed() as a 413
  };
  req.prependListener('data', meter);
  // The pipe ends the upstream request after the last chunk: the digest trailer goes just before.
  const end = proxyReq.end.bind(proxyReq) as (...args: unknown[]) => ClientRequest;
  proxyReq.end = ((...args: unknown[]) => {
    proxyReq.addTrailers(signed.trailer());
    return end(...args);
  }) as ClientRequest['end'];
}

function failed(req: Request, res: Response | Socket, err: Error): void {
  const state = forwarding.get(req);
  if (!('status' in res) || res.headersSent) return void res.destroy();
  // A body not read to its end leaves the connection unusable.
  if (!req.complete) res.setHeader('connection', 'close');
  if (err instanceof HttpError) return void res.status(err.status).json(errorBody(err.message));
  req.log?.warn({ err, service: req.gatewayRoute?.service }, 'upstream request failed');
  res
    .status(state?.timedOut ? 504 : 502)
    .json(errorBody(state?.timedOut ? UPSTREAM_MESSAGES.timedOut : UPSTREAM_MESSAGES.unavailable));
}

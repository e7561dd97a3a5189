import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { REQUEST_MESSAGES } from '@platform/contracts';
import { HttpError, IDENTITY_BODY_TRAILER, REQUEST_ID_HEADER, errorBody, signForwarded, signForwardedStream } from '@platform/kit';

export interface ProxyOptions {
  signingSecret: string;
  timeoutMs: number;
  /** Largest body this caller may send on this route, in bytes. */
  bodyLimit: (req: Request) => number;
}

/**
 * Hop-by-hop headers, what the gateway sets itself, and the caller's credentials (services
 * trust only the signed identity; raw secrets and session cookies stay here).
 */
const NOT_FORWARDED = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade',
  'expect', 'host', 'content-length', 'authorization', 'cookie', 'forwarded',
  'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', REQUEST_ID_HEADER,
]);
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const pick = (headers: IncomingHttpHeaders, drop: Set<string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !drop.has(name) && !name.startsWith('x-platform-')));

const awaitingContinue = new WeakSet<IncomingMessage>();

/**
 * Node answers `Expect: 100-continue` by itself unless the server handles checkContinue;
 * with this the gateway says "continue" only once the caller and its body size are accepted,
 * so a refused body is never sent.
 */
export function answerExpectContinue(server: http.Server, app: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    app(req, res);
  });
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const tooLarge = () => new HttpError(413, REQUEST_MESSAGES.tooLarge);

/** Counts the streamed bytes against the limit and feeds the body digest. */
function bodyMeter(limit: number, digest: (chunk: Buffer) => void, onEnd: () => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge());
      digest(chunk);
      done(null, chunk);
    },
    flush(done) {
      onEnd();
      done();
    },
  });
}

/**
 * Streams the request to the resolved service, body untouched, signed for its method, path
 * and body (a digest trailer after the streamed body). Limits: Content-Length is checked
 * before anything is read, streamed bytes are counted.
 */
export function serviceProxy(options: ProxyOptions): RequestHandler {
  return (req, res, next) => {
    const route = req.gatewayRoute!;
    const limit = options.bodyLimit(req);
    if (Number(req.headers['content-length'] ?? 0) > limit) return next(tooLarge());
    if (awaitingContinue.has(req) && hasBody(req)) res.writeContinue();

    const base = new URL(route.target);
    const path = base.pathname.replace(/\/+$/, '') + route.upstreamPath;
    const context = { identity: req.identity, region: req.region, clientIp: req.ip };
    const target = { method: req.method, path };
    const streamed = hasBody(req) ? signForwardedStream(context, options.signingSecret, target) : undefined;
    const headers = {
      ...pick(req.headers, NOT_FORWARDED),
      ...(streamed ? { ...streamed.headers, trailer: IDENTITY_BODY_TRAILER } : signForwarded(context, options.signingSecret, target)),
      host: base.host,
      [REQUEST_ID_HEADER]: String(req.id),
      'x-forwarded-for': req.ip ?? '',
      'x-forwarded-proto': req.protocol,
      'x-forwarded-host': req.headers.host ?? '',
    };

    let refused: HttpError | undefined;
    let timedOut = false;
    const client = base.protocol === 'https:' ? https : http;
    const upstream = client.request({ protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path, headers });
    upstream.setTimeout(options.timeoutMs, () => {
      timedOut = true;
      upstream.destroy(new Error('upstream timed out'));
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, pick(answer.headers, NOT_RETURNED) as http.OutgoingHttpHeaders);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    let callerGone = false;
    upstream.on('error', (err) => {
      if (!callerGone) failed(req, res, refused ?? err, timedOut);
    });
    // The caller went away (a page navigated on): stop the upstream call too, nothing to answer.
    res.on('close', () => {
      if (res.writableFinished) return;
      callerGone = true;
      upstream.destroy();
    });

    if (!streamed) return void upstream.end();
    const meter = bodyMeter(limit, streamed.digest, () => upstream.addTrailers(streamed.trailer()));
    meter.on('error', (err) => {
      refused = err instanceof HttpError ? err : undefined;
      req.unpipe(meter);
      upstream.destroy(err);
    });
    req.pipe(meter).pipe(upstream);
  };
}

function failed(req: Request, res: Response, err: Error, timedOut: boolean): void {
  if (res.headersSent) return void res.destroy();
  if (err instanceof HttpError) {
    // The rest of the body is not read: the connection cannot be reused.
    res.setHeader('connection', 'close');
    return void res.status(err.status).json(errorBody(err.message));
  }
  req.log?.warn({ err, service: req.gatewayRoute?.service }, 'upstream request failed');
  res
    .status(timedOut ? 504 : 502)
    .json(errorBody(timedOut ? 'The service took too long to answer, please try again.' : 'Service unavailable, please try again later.'));
}

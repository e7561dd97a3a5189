import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
import { verifyForwarded } from '../auth/identity';
import { answerRequestBatch } from './batch-route';
import { bodyDepthProblem, isPlainJson, keepBody, parsePlainJson } from './body';
import { errorHandler } from './error-handler';
import { badRequest, notFound, unauthorized } from './errors';
import { REQUEST_BATCH_PATH, REQUEST_BATCH_TYPE } from './request-batch';
import { runRoute, type AccessPolicy, type Authorizer, type NoResources, type RouteSpec } from './route-table';

/** Answers a raw request it takes (true), or leaves it untouched for express (false). */
export type FastHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What createApp lends a fast path, so its requests are the app's own (ADR 0034). */
export interface FastRequestTools {
  /**
   * Makes a raw request one of the app's express requests, as express' own init and the app's
   * first middlewares would: the app's request prototype (req.ip under its trust-proxy rules),
   * the request id, the one log line and latency sample, the security headers (`answerHeaders`
   * false: none, for a request of a batch, whose answer's headers are the gateway's).
   */
  begin(req: IncomingMessage, res: ServerResponse, options?: { answerHeaders?: boolean }): Request;
  /** Gives the answer the app's response prototype (res.json under the app's settings), for a fast path that answers as express does. */
  expressResponse(req: Request, res: ServerResponse): Response;
  /** The app's body limit in bytes (its `bodyLimit`). */
  bodyLimit: number;
  /** Answers an error exactly as the app's error handler does. */
  fail(req: Request, res: Response, err: unknown): void;
}

export type FastPathFactory = (tools: FastRequestTools) => FastHandler;

/** Puts a fast handler in front of express: listen, checkContinue and supertest all call app.handle. */
export function installFastPath(app: Express, fast: FastHandler): void {
  type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
  const handle = app as unknown as { handle: Handle };
  const expressHandle = handle.handle.bind(app);
  handle.handle = (req, res, next) => {
    if (!fast(req, res)) expressHandle(req, res, next);
  };
}

const tooLarge = () => Object.assign(new Error('request entity too large'), { status: 413, expose: true, type: 'entity.too.large' });
const aborted = () => Object.assign(new Error('request aborted'), { status: 400, expose: true, type: 'request.aborted' });

/**
 * A service's fast path for some routes of its table (the providers' webhooks, an agent save):
 * a POST without a query whose body is plain JSON of declared length is answered without
 * express' router walk or body readers, in the same order and with the same answers as the
 * express path: the body limit (413, unread), the JSON (400), its depth (400), the gateway's
 * signature over method, path and body (401, nothing else runs unsigned), then the route's
 * own run (`runRoute`: its access rule with the service's authoriser, schemas and handler),
 * any error through the app's error handler. Anything else goes to express.
 * Routes behind an access rule need the service's authoriser (the one `serviceRouter` mounts).
 * The same routes answer the gateway's request batches (request-batch.ts, ADR 0047): each request
 * of a batch runs through the same checks and route run, with the caller the batch was signed for.
 */
export function serviceFastRoutes<P extends AccessPolicy = NoResources>(options: { routes: readonly RouteSpec<P>[]; authorizer?: Authorizer<P>; signingSecret: string }): FastPathFactory {
  if (!options.authorizer && options.routes.some((route) => route.access !== 'public')) throw new Error('serviceFastRoutes: routes behind an access rule need the authorizer');
  const authorizer = options.authorizer ?? ({} as Authorizer<P>);
  const compiled = options.routes.map((route) => {
    const names: string[] = [];
    const source = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, method: route.method.toUpperCase(), pattern: new RegExp(`^${source}/?$`, 'i'), names };
  });
  const matchRoute = (method: string, url: string) => {
    for (const { route, method: wanted, pattern, names } of compiled) {
      if (wanted !== method) continue;
      const found = pattern.exec(url);
      if (!found) continue;
      try {
        return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)])) };
      } catch {
        return undefined; // express answers a malformed escape
      }
    }
    return undefined;
  };

  type Matched = NonNullable<ReturnType<typeof matchRoute>>;
  const routeOn = (req: Request, matched: Matched) => {
    req.params = matched.params;
    // The metrics' route label, as express' router would leave it.
    req.route = { path: matched.route.path } as Request['route'];
    req.baseUrl = '';
  };
  /** A matched request with its body read: the body's checks, then the route's run; the caller comes from the gateway's signature, or is already set (`signed`: a batch's request). */
  const runMatched = (req: Request, res: Response, matched: Matched, body: Buffer, fail: (err: unknown) => void, signed: boolean) => {
    // A batch's request needs no digest of its own: the batch's signature covered its bytes.
    if (signed) req.rawBody = body;
    else keepBody(req, body);
    try {
      req.body = parsePlainJson(body);
      const deep = bodyDepthProblem(req.body);
      if (deep) throw badRequest(deep);
      if (!signed) {
        const context = verifyForwarded({ method: req.method, path: req.url, headers: req.headers, bodySha256: req.bodySha256 }, options.signingSecret);
        if (!context) throw unauthorized('Request did not come through the gateway');
        req.identity = context.identity;
        req.region = context.region;
        req.clientIp = context.clientIp;
      }
      runRoute(matched.route, authorizer, req, res).catch(fail);
    } catch (err) {
      fail(err);
    }
  };

  return (tools) => (rawReq, rawRes) => {
    const url = rawReq.url ?? '';
    if (url === REQUEST_BATCH_PATH && rawReq.method === 'POST' && rawReq.headers['content-type'] === REQUEST_BATCH_TYPE) {
      answerRequestBatch(rawReq, rawRes, {
        tools,
        signingSecret: options.signingSecret,
        run: (req, res, body, fail) => {
          const matched = isPlainJson(req.headers) && !req.url.includes('?') ? matchRoute(req.method, req.url) : undefined;
          if (!matched) return fail(notFound());
          routeOn(req, matched);
          if (body.length > tools.bodyLimit) return fail(tooLarge());
          runMatched(req, res, matched, body, fail, true);
        },
      });
      return true;
    }
    if (url.includes('?') || !isPlainJson(rawReq.headers)) return false;
    const declared = Number(rawReq.headers['content-length']);
    if (!(declared > 0)) return false;
    const matched = matchRoute(rawReq.method ?? '', url);
    if (!matched) return false;

    const req = tools.begin(rawReq, rawRes);
    const res = tools.expressResponse(req, rawRes);
    routeOn(req, matched);
    const fail = (err: unknown) => tools.fail(req, res, err);
    if (declared > tools.bodyLimit) {
      // Left unread (as body-parser does for a declared length over the limit); the connection cannot carry another request.
      res.setHeader('connection', 'close');
      req.resume();
      fail(tooLarge());
      return true;
    }
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => void chunks.push(chunk);
    const onClose = () => fail(aborted());
    req.on('data', onData).once('close', onClose).once('error', () => res.destroy());
    req.once('end', () => {
      req.off('data', onData).off('close', onClose);
      runMatched(req, res, matched, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), fail, false);
    });
    return true;
  };
}

type Middleware = (req: Request, res: Response, next: () => void) => void;

/** The tools of an app whose first middlewares are `first` (request log, security headers). */
export function fastRequestTools(app: Express, first: { requestLog: Middleware; securityHeaders: Middleware }, bodyLimit: number): FastRequestTools {
  const next = () => undefined;
  return {
    begin(rawReq, rawRes, options) {
      // Only the request's prototype: a response whose prototype changes is slower to write (the gateway streams its answers raw).
      Object.setPrototypeOf(rawReq, app.request);
      const req = rawReq as Request;
      req.originalUrl = req.url;
      first.requestLog(req, rawRes as Response, next);
      if (options?.answerHeaders !== false) first.securityHeaders(req, rawRes as Response, next);
      return req;
    },
    expressResponse(req, rawRes) {
      Object.setPrototypeOf(rawRes, app.response);
      const res = rawRes as Response;
      req.res = res;
      res.req = req;
      res.locals = Object.create(null) as Response['locals'];
      return res;
    },
    bodyLimit,
    fail: (req, res, err) => errorHandler(err, req, res, next),
  };
}

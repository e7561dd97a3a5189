import { randomUUID } from 'node:crypto';
import type { Express, RequestHandler } from 'express';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id must be short and printable, otherwise we make our own. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are credentials (a sign-in link's password, token or agency secret, a one-time code, a verify token, a key). */
const CREDENTIAL_PARAM = /pass|token|secret|code|key|sig|auth|otp/i;

/** The url as logged: path and query names kept, the values of credential parameters replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const rawName = pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return CREDENTIAL_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${pairs.join('&')}`;
}

/** Probes and scrapes are not worth a log line each. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's `x-request-id` when it is a sane one, else a fresh UUID. */
    id: string;
    /** A logger whose lines carry `reqId` (made on first use). */
    log: Logger;
  }
}

const CHILD = Symbol('request logger');

/**
 * Request ids, `req.log` and one completion (or abort) line per request, at the level its
 * status calls for (error ≥ 500, warn ≥ 400, info otherwise) and only when that level is enabled. The line
 * names the request (id, method, url without credential values, status, time), never its headers. Cheap on purpose:
 * nothing is serialised or allocated for a level that is off, and `req.log` is a getter on
 * the app's request prototype, so a request that logs nothing builds no child logger.
 */
export function requestLog(app: Express, logger: Logger, metrics: Metrics): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: { id: string; [CHILD]?: Logger }) {
      return (this[CHILD] ??= logger.child({ reqId: this.id }));
    },
  });
  return (req, res, next) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = performance.now();
    const url = req.url;
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const finished = res.writableFinished;
      if (finished) metrics.observe(req, res.statusCode, seconds);
      if (UNLOGGED.has(url)) return;
      // A caller that went away (a page navigating on) is not a failure: its line says 'aborted' at the status's level.
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        // Flat fields: no `req`/`res` object for the redaction paths to walk (no headers are logged).
        { reqId: id, method: req.method, url: loggableUrl(url), statusCode: res.statusCode, responseTime: Math.round(seconds * 1e4) / 10 },
        finished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}

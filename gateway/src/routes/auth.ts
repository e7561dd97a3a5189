import type { RequestHandler, Response } from 'express';
import { HttpError, SESSION_COOKIE, unauthorized, verifySession } from '@platform/kit';
import { classifyCredential } from '../domain/credentials';
import { VerificationUnavailable, type CredentialVerifier } from '../clients/credential-verifier';

export const INVALID_CREDENTIALS = 'Invalid or expired credentials';

/**
 * A stale cookie would otherwise fail every call, sign-in included, and the page cannot
 * remove an HttpOnly cookie itself.
 */
function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: res.req.secure });
}

/** Resolves the caller to `req.identity`: user, workspace, agent, agency or anonymous. */
export function authenticate(options: { jwtSecret: string; verifier: CredentialVerifier }): RequestHandler {
  return async (req, res, next) => {
    const credential = classifyCredential(req.headers, SESSION_COOKIE);
    try {
      switch (credential.type) {
        case 'none':
          req.identity = { kind: 'anonymous' };
          return next();
        case 'malformed':
          if (credential.from === 'cookie') clearSessionCookie(res);
          return next(unauthorized(INVALID_CREDENTIALS));
        case 'session': {
          const claims = verifySession(credential.token, options.jwtSecret);
          if (!claims) {
            if (credential.from === 'cookie') clearSessionCookie(res);
            return next(unauthorized(INVALID_CREDENTIALS));
          }
          req.identity = { kind: 'user', userId: claims.userId, email: claims.email };
          return next();
        }
        case 'secret': {
          const route = req.gatewayRoute!;
          const identity = await options.verifier.verify(credential, route.service, route.region, String(req.id));
          if (!identity) return next(unauthorized(INVALID_CREDENTIALS));
          req.identity = identity;
          return next();
        }
      }
    } catch (err) {
      if (err instanceof VerificationUnavailable) {
        req.log.warn({ err }, 'credential verification unavailable');
        return next(new HttpError(503, 'Service unavailable, please try again later.'));
      }
      next(err);
    }
  };
}

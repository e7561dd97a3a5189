import type { Request, RequestHandler, Response } from 'express';
import type { Region } from '@platform/contracts';
import onHeaders from 'on-headers';
import { CLIENT_SESSION_COOKIE, HttpError, SESSION_COOKIE, unauthorized, verifyClientSession, verifySession, type Identity } from '@platform/kit';
import { classifyCredential, type Credential } from '../domain/credentials';
import { credentialChange } from '../domain/credential-routes';
import { VerificationUnavailable, type CredentialVerifier } from '../clients/credential-verifier';
import type { SessionVerifier } from '../clients/session-verifier';

export const INVALID_CREDENTIALS = 'Invalid or expired credentials';

/**
 * A stale cookie would otherwise fail every call, sign-in included, and the page cannot
 * remove an HttpOnly cookie itself.
 */
function clearSessionCookie(res: Response, audience: 'user' | 'client' = 'user'): void {
  res.clearCookie(audience === 'client' ? CLIENT_SESSION_COOKIE : SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: res.req.secure });
}

export interface AuthenticateOptions {
  jwtSecret: string;
  verifier: CredentialVerifier;
  sessions: SessionVerifier;
  /** agency clients' sessions (agency-domain) */
  clientSessions: SessionVerifier;
}

/**
 * Resolves the caller to `req.identity`: user, client, workspace, agent, agency or anonymous. A
 * session JWT (a person's, or an agency client's: ADR 0019) must carry a valid signature, `exp`
 * and a session id, and its session must still live.
 */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  return async (req, res, next) => {
    const credential = classifyCredential(req.headers, SESSION_COOKIE, CLIENT_SESSION_COOKIE);
    try {
      switch (credential.type) {
        case 'none':
          req.identity = { kind: 'anonymous' };
          return next();
        case 'malformed':
          if (credential.from === 'cookie') clearSessionCookie(res);
          return next(unauthorized(INVALID_CREDENTIALS));
        case 'session': {
          const identity =
            credential.audience === 'client'
              ? verifyClientSession(credential.token, options.jwtSecret)
                ? await options.clientSessions.verify(credential.token, String(req.id))
                : null
              : verifySession(credential.token, options.jwtSecret)
                ? await options.sessions.verify(credential.token, String(req.id))
                : null;
          if (!identity) {
            if (credential.from === 'cookie') clearSessionCookie(res, credential.audience);
            return next(unauthorized(INVALID_CREDENTIALS));
          }
          req.identity = identity;
          watchCredentialChanges(req, res, credential, options);
          return next();
        }
        case 'secret': {
          const route = req.gatewayRoute!;
          const identity = await options.verifier.verify(credential, route.service, route.region, String(req.id));
          if (!identity) return next(unauthorized(INVALID_CREDENTIALS));
          req.identity = identity;
          watchCredentialChanges(req, res, credential, options);
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

/**
 * The identity `authenticate` would reach for this credential without waiting for any service:
 * the same signature checks, then the verifiers' cached verdicts (so revocation holds within
 * the same bounds). Undefined for anything else (no credential, malformed, refused, not cached):
 * the gateway's fast path then leaves the request to `authenticate`.
 */
export function cachedIdentity(credential: Credential, region: Region, options: AuthenticateOptions): Identity | undefined {
  switch (credential.type) {
    case 'session':
      if (credential.audience === 'client') return verifyClientSession(credential.token, options.jwtSecret) ? (options.clientSessions.cached(credential.token) ?? undefined) : undefined;
      return verifySession(credential.token, options.jwtSecret) ? (options.sessions.cached(credential.token) ?? undefined) : undefined;
    case 'secret':
      return options.verifier.cached(credential, region) ?? undefined;
    default:
      return undefined;
  }
}

/**
 * Sign-out is honoured on this replica before the service answers; after a successful new
 * password or rotation, the cached verdicts about the old credentials go before the answer
 * leaves (so the caller's next request with the old value is already refused). Other
 * replicas follow on the service's revocation event (events/revocations.ts, ADR 0009).
 */
function watchCredentialChanges(req: Request, res: Response, credential: Credential, options: AuthenticateOptions): void {
  const route = req.gatewayRoute;
  const change = route && credentialChange(req.method, route.service, route.upstreamPath);
  if (!change) return;
  if (change.kind === 'logout') {
    if (credential.type === 'session') (credential.audience === 'client' ? options.clientSessions : options.sessions).end(credential.token);
    return;
  }
  const identity = req.identity;
  onHeaders(res, () => {
    if (res.statusCode < 200 || res.statusCode >= 300) return;
    if (change.kind === 'set-password' && identity.kind === 'user') options.sessions.endOthers(identity.userId, identity.sessionId);
    if (change.kind === 'rotate-workspace-secret') options.verifier.forgetWorkspace(change.workspaceId);
    if (change.kind === 'rotate-agent-secret-key') options.verifier.forgetAgent(change.agentId);
  });
}

import jwt from 'jsonwebtoken';

export const SESSION_COOKIE = 'session';
/** Sessions last 30 days (DESIGN.md, security model). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  email: string;
  /** The server-side session (workspace service) this token stands for: signing out ends it. */
  sessionId: string;
}

export function signSession(claims: SessionClaims, secret: string, ttlSeconds: number = SESSION_TTL_SECONDS): string {
  return jwt.sign({ email: claims.email }, secret, {
    algorithm: 'HS256',
    subject: claims.userId,
    jwtid: claims.sessionId,
    expiresIn: ttlSeconds,
  });
}

/**
 * Returns the claims of a valid, unexpired session token, otherwise null. A token without
 * `exp` or without a session id (`jti`) is refused: it could never end.
 */
export function verifySession(token: string, secret: string): SessionClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string') return null;
    if (payload.aud !== undefined) return null;
    if (typeof payload.exp !== 'number' || typeof payload.jti !== 'string' || !payload.jti) return null;
    return { userId: payload.sub, email: payload.email, sessionId: payload.jti };
  } catch {
    return null;
  }
}

/** Seconds until the token's `exp` (0 when past); for caching a verdict no longer than the token lives. */
export function sessionSecondsLeft(token: string, nowMs = Date.now()): number {
  const payload = jwt.decode(token);
  const exp = payload && typeof payload === 'object' ? payload.exp : undefined;
  return typeof exp === 'number' ? Math.max(0, exp - Math.floor(nowMs / 1000)) : 0;
}

/** The httpOnly cookie of an agency client's session: host-only, so it stays on the agency host (ADR 0019). */
export const CLIENT_SESSION_COOKIE = 'client_session';
const CLIENT_AUDIENCE = 'client';

export interface ClientSessionClaims {
  clientId: string;
  /** the server-side client session (agency-domain) this token stands for */
  sessionId: string;
  /** the region whose database holds the client */
  region: string;
}

/** A client session JWT: audience `client`, so it can never pass as a user session (and the reverse). */
export function signClientSession(claims: ClientSessionClaims, secret: string, ttlSeconds: number = SESSION_TTL_SECONDS): string {
  return jwt.sign({ region: claims.region }, secret, { algorithm: 'HS256', subject: claims.clientId, jwtid: claims.sessionId, audience: CLIENT_AUDIENCE, expiresIn: ttlSeconds });
}

export function verifyClientSession(token: string, secret: string): ClientSessionClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], audience: CLIENT_AUDIENCE });
    if (typeof payload === 'string' || !payload.sub || typeof payload.region !== 'string') return null;
    if (typeof payload.exp !== 'number' || typeof payload.jti !== 'string' || !payload.jti) return null;
    return { clientId: payload.sub, sessionId: payload.jti, region: payload.region };
  } catch {
    return null;
  }
}

/** Whether an (unverified) session JWT claims to be a client's: decides which verifier sees it. */
export function isClientSessionToken(token: string): boolean {
  const payload = jwt.decode(token);
  return !!payload && typeof payload === 'object' && payload.aud === CLIENT_AUDIENCE;
}

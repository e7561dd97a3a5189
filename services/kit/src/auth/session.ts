import jwt from 'jsonwebtoken';

export const SESSION_COOKIE = 'session';
/** Sessions last 30 days (DESIGN.md, security model). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  email: string;
}

export function signSession(claims: SessionClaims, secret: string): string {
  return jwt.sign({ email: claims.email }, secret, {
    algorithm: 'HS256',
    subject: claims.userId,
    expiresIn: SESSION_TTL_SECONDS,
  });
}

/** Returns the claims of a valid, unexpired session token, otherwise null. */
export function verifySession(token: string, secret: string): SessionClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}

import type { Response } from 'express';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, signSession, type SessionClaims } from '@platform/kit';

export interface CookieSettings {
  jwtSecret: string;
  /** true wherever the public URL is https */
  secure: boolean;
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true, path: '/', sameSite: 'lax' as const, secure });

/** The session: a signed JWT naming its server-side session, in an HttpOnly cookie for 30 days. */
export function setSessionCookie(res: Response, session: SessionClaims, settings: CookieSettings): void {
  const token = signSession(session, settings.jwtSecret);
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(settings.secure), maxAge: SESSION_TTL_SECONDS * 1000 });
}

export function clearSessionCookie(res: Response, settings: CookieSettings): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(settings.secure));
}

import type { Response } from 'express';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, signSession } from '@platform/kit';

export interface CookieSettings {
  jwtSecret: string;
  secure: boolean;
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true, path: '/', sameSite: 'lax' as const, secure });

/** The session: a signed JWT in an HttpOnly cookie for 30 days (the gateway verifies it). */
export function setSessionCookie(res: Response, user: { userId: string; email: string }, settings: CookieSettings): void {
  const token = signSession(user, settings.jwtSecret);
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(settings.secure), maxAge: SESSION_TTL_SECONDS * 1000 });
}

export function clearSessionCookie(res: Response, settings: CookieSettings): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(settings.secure));
}

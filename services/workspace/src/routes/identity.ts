import type { Request } from 'express';
import { AUTH_MESSAGES } from '@platform/contracts';
import { forbidden, unauthorized } from '@platform/kit';

/** The signed-in person behind the request (session cookie or bearer JWT, verified by the gateway). */
export function requireUser(req: Request): { userId: string; email: string } {
  const { identity } = req;
  if (identity.kind === 'user') return identity;
  throw identity.kind === 'anonymous' ? unauthorized(AUTH_MESSAGES.signInRequired) : forbidden(AUTH_MESSAGES.signInRequired);
}

import type { Request } from 'express';
import { AUTH_MESSAGES } from '@platform/contracts';
import { forbidden, unauthorized } from '../http/errors';
import type { Identity } from './identity';

/** The signed-in person behind the request (session cookie or bearer JWT, verified by the gateway). */
export function requireUser(req: Pick<Request, 'identity'>, message: string = AUTH_MESSAGES.signInRequired): Extract<Identity, { kind: 'user' }> {
  const { identity } = req;
  if (identity.kind === 'user') return identity;
  throw identity.kind === 'anonymous' ? unauthorized(message) : forbidden(message);
}

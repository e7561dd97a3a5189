import type { Request } from 'express';
import { AUTH_MESSAGES } from '@platform/contracts';
import { admitKinds } from './caller';
import type { Identity } from './identity';

/** The signed-in person behind the request (session cookie or bearer JWT, verified by the gateway). */
export function requireUser(req: Pick<Request, 'identity'>, message: string = AUTH_MESSAGES.signInRequired): Extract<Identity, { kind: 'user' }> {
  return admitKinds(req.identity, ['user'], { signIn: message, forbidden: message });
}

import type { Request } from 'express';
import { AUTH_MESSAGES } from '@platform/contracts';
import { admitKinds } from './caller';

/** The signed-in person behind the request (session cookie or bearer JWT, verified by the gateway). */
export function requireUser(req: Pick<Request, 'identity'>, message: string = AUTH_MESSAGES.signInRequired): { userId: string; email: string } {
  return admitKinds(req.identity, ['user'], { signIn: message, forbidden: message });
}

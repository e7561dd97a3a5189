import type { Request, Response } from 'express';
import {
  passwordLoginRequestSchema,
  requestLoginCodeRequestSchema,
  setPasswordRequestSchema,
  verifyLoginCodeRequestSchema,
  type SignInResponse,
} from '@platform/contracts';
import { HttpError, requireUser, type RouteSpec } from '@platform/kit';
import { authUser } from '../domain/accounts';
import type { AuthUseCases, SignedIn } from '../usecases/auth';
import { clearSessionCookie, setSessionCookie, type CookieSettings } from './session-cookie';

/** The caller's IP: from the gateway's signed context, else the connection (in-process tests). */
const clientOf = (req: Request) => req.clientIp ?? req.ip ?? '';

export function authRoutes(auth: AuthUseCases, cookie: CookieSettings): RouteSpec[] {
  const signedIn = (res: Response, { account, isNewUser, session }: SignedIn) => {
    setSessionCookie(res, session, cookie);
    res.json({ success: true, user: authUser(account), isNewUser } satisfies SignInResponse);
  };
  return [
    {
      operationId: 'requestLoginCode',
      method: 'post',
      path: '/v2/auth/code',
      summary: 'E-mails a one-time sign-in code (10 minutes, single use)',
      access: 'public',
      schemas: { body: requestLoginCodeRequestSchema },
      success: { status: 200, description: '{success, message}: the code was sent' },
      failures: [400, 429, 502],
      handler: async (req, res) => {
        await auth.requestCode(req.body.email, clientOf(req));
        res.json({ success: true, message: `We sent a sign-in code to ${req.body.email}.` });
      },
    },
    {
      operationId: 'verifyLoginCode',
      method: 'post',
      path: '/v2/auth/verify',
      summary: 'Signs in with the code; the first sign-in creates the account and its Personal workspaces',
      access: 'public',
      schemas: { body: verifyLoginCodeRequestSchema },
      success: { status: 200, description: 'SignInResponse {success, user, isNewUser}; sets the session cookie' },
      failures: [400, 429],
      handler: async (req, res) => signedIn(res, await auth.verifyCode(req.body, req.region, clientOf(req))),
    },
    {
      operationId: 'passwordLogin',
      method: 'post',
      path: '/v2/auth/login',
      summary: 'Signs in with e-mail and password',
      access: 'public',
      schemas: { body: passwordLoginRequestSchema },
      success: { status: 200, description: 'SignInResponse {success, user, isNewUser}; sets the session cookie' },
      failures: [400, 401, 429],
      handler: async (req, res) => signedIn(res, await auth.passwordLogin(req.body.email, req.body.password, clientOf(req))),
    },
    {
      operationId: 'setPassword',
      method: 'post',
      path: '/v2/auth/password',
      summary: "Sets the signed-in user's password and ends their other sessions",
      access: 'user',
      schemas: { body: setPasswordRequestSchema },
      success: { status: 200, description: '{success, user}' },
      failures: [400, 401, 403],
      handler: async (req, res) => {
        const account = await auth.setPassword(requireUser(req), req.body.password);
        res.json({ success: true, user: authUser(account) });
      },
    },
    {
      operationId: 'logout',
      method: 'post',
      path: '/v2/auth/logout',
      summary: 'Signs out: ends the session on the server and clears the session cookie',
      access: 'public',
      success: { status: 200, description: '{success}' },
      handler: async (req, res) => {
        await auth.signOut(req.identity);
        clearSessionCookie(res, cookie);
        res.json({ success: true });
      },
    },
    {
      operationId: 'getSession',
      method: 'get',
      path: '/v2/auth/session',
      summary: 'The signed-in user, their workspaces in both regions, and needsOnboarding',
      access: 'user',
      success: { status: 200, description: 'SessionResponse {success, user, workspaces, needsOnboarding}' },
      failures: [401, 403],
      handler: async (req, res) => {
        try {
          res.json(await auth.session(requireUser(req).userId));
        } catch (err) {
          // A valid token for an account that no longer exists: drop the cookie too.
          if (err instanceof HttpError && err.status === 401) clearSessionCookie(res, cookie);
          throw err;
        }
      },
    },
  ];
}

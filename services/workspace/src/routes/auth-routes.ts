import type { Request, Response } from 'express';
import {
  AUTH_MESSAGES,
  passwordLoginRequestSchema,
  requestLoginCodeRequestSchema,
  setPasswordRequestSchema,
  verifyLoginCodeRequestSchema,
  type SignInResponse,
  WORKSPACE_API,
  routeOf,
  type ResponseOf,
} from '@platform/contracts';
import { HttpError, type RouteSpec } from '@platform/kit';
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
      ...routeOf(WORKSPACE_API.requestLoginCode),
      summary: 'E-mails a one-time sign-in code (10 minutes, single use)',
      access: 'public',
      schemas: { body: requestLoginCodeRequestSchema },
      success: { status: 200, description: '{success, message}: the code was sent' },
      failures: [400, 429, 502],
      handler: async (req, res) => {
        await auth.requestCode(req.body.email, clientOf(req));
        res.json({ success: true, message: AUTH_MESSAGES.codeSent(req.body.email) } satisfies ResponseOf<typeof WORKSPACE_API.requestLoginCode>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.verifyLoginCode),
      summary: 'Signs in with the code; the first sign-in creates the account and its Personal workspaces',
      access: 'public',
      schemas: { body: verifyLoginCodeRequestSchema },
      success: { status: 200, description: 'SignInResponse {success, user, isNewUser}; sets the session cookie' },
      failures: [400, 429],
      handler: async (req, res) => signedIn(res, await auth.verifyCode(req.body, req.region, clientOf(req))),
    },
    {
      ...routeOf(WORKSPACE_API.passwordLogin),
      summary: 'Signs in with e-mail and password',
      access: 'public',
      schemas: { body: passwordLoginRequestSchema },
      success: { status: 200, description: 'SignInResponse {success, user, isNewUser}; sets the session cookie' },
      failures: [400, 401, 429],
      handler: async (req, res) => signedIn(res, await auth.passwordLogin(req.body.email, req.body.password, clientOf(req))),
    },
    {
      ...routeOf(WORKSPACE_API.setPassword),
      summary: "Sets the signed-in user's password and ends their other sessions",
      access: 'user',
      schemas: { body: setPasswordRequestSchema },
      success: { status: 200, description: '{success, user}' },
      failures: [400, 401, 403],
      handler: async (req, res, user) => {
        const account = await auth.setPassword(user, req.body.password);
        res.json({ success: true, user: authUser(account) } satisfies ResponseOf<typeof WORKSPACE_API.setPassword>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.logout),
      summary: 'Signs out: ends the session on the server and clears the session cookie',
      access: 'public',
      success: { status: 200, description: '{success}' },
      handler: async (req, res) => {
        await auth.signOut(req.identity);
        clearSessionCookie(res, cookie);
        res.json({ success: true } satisfies ResponseOf<typeof WORKSPACE_API.logout>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.getSession),
      summary: 'The signed-in user, their workspaces in both regions, and needsOnboarding',
      access: 'user',
      success: { status: 200, description: 'SessionResponse {success, user, workspaces, needsOnboarding}' },
      failures: [401, 403],
      handler: async (_req, res, user) => {
        try {
          res.json(await auth.session(user.userId) satisfies ResponseOf<typeof WORKSPACE_API.getSession>);
        } catch (err) {
          // A valid token for an account that no longer exists: drop the cookie too.
          if (err instanceof HttpError && err.status === 401) clearSessionCookie(res, cookie);
          throw err;
        }
      },
    },
  ];
}

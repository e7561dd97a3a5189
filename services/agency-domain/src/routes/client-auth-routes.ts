import type { Response } from 'express';
import {
  CLIENTS_API,
  CLIENT_DASHBOARD_API,
  CLIENTS_API_MESSAGES,
  CLIENT_SIGN_IN,
  agencyAdminLoginRequestSchema,
  clientEmailCodeRequestSchema,
  clientLoginRequestSchema,
  clientLoginTokenRequestSchema,
  routeOf,
  switchOrganizationRequestSchema,
  type ResponseOf,
} from '@platform/contracts';
import Joi from 'joi';
import { CLIENT_SESSION_COOKIE, notFound } from '@platform/kit';
import type { ClientAuthUseCases, SignIn } from '../usecases/client-auth';
import type { AgencyRouteSpec } from './agency-routes';

const cookieOptions = (secure: boolean) => ({ httpOnly: true, path: '/', sameSite: 'lax' as const, secure });

/**
 * Client sign-in (public: the agency host's login page) and the gateway's session check. A
 * session is answered as a JWT and set as an httpOnly cookie without a Domain, so the browser
 * keeps it for the agency host the page was served on (ADR 0019).
 */
export function clientAuthRoutes(auth: ClientAuthUseCases, cookie: { secure: boolean }): AgencyRouteSpec[] {
  const signedIn = (res: Response, signIn: SignIn) => {
    res.cookie(CLIENT_SESSION_COOKIE, signIn.token, { ...cookieOptions(cookie.secure), maxAge: CLIENT_SIGN_IN.sessionTtlSeconds * 1000 });
    res.json({ ...signIn, message: CLIENTS_API_MESSAGES.signedIn } satisfies ResponseOf<typeof CLIENTS_API.clientLogin>);
  };
  return [
    {
      ...routeOf(CLIENTS_API.clientLogin),
      summary: "Client sign-in with e-mail and password (spec 2.9, 5): 404 This email doesn't exist., 401 Password is incorrect please try again., 429 after 10 wrong tries from one caller in 15 minutes",
      access: 'public',
      schemas: { body: clientLoginRequestSchema },
      success: { status: 200, description: 'ClientSignInResponse; sets the client_session cookie' },
      failures: [400, 401, 403, 404, 429],
      handler: async (req, res) => signedIn(res, await auth.passwordLogin(req.region, req.body.email, req.body.password, req.body.agencyId, req.clientIp ?? req.ip ?? '')),
    },
    {
      ...routeOf(CLIENTS_API.ssoClient),
      summary: 'ssoClient: e-mails a login code (no code given), or exchanges the code for a one-time login token (never the stored password)',
      access: 'public',
      schemas: { body: clientEmailCodeRequestSchema },
      success: { status: 200, description: '{success, codeSent, message} or {success, clientData: {email, loginToken}}' },
      failures: [400, 404, 429],
      handler: async (req, res) => {
        res.json({ success: true, ...(await auth.sso(req.region, req.body.email, req.body.agencyId, req.body.code)) } satisfies ResponseOf<typeof CLIENTS_API.ssoClient>);
      },
    },
    {
      ...routeOf(CLIENTS_API.validateClientLoginToken),
      summary: 'validateClientLoginToken: a one-time token (query string, ssoClient, invite link) signs the client in, once',
      access: 'public',
      schemas: { body: clientLoginTokenRequestSchema },
      success: { status: 200, description: 'ClientSignInResponse; sets the client_session cookie' },
      failures: [400, 401, 404],
      handler: async (req, res) => signedIn(res, await auth.tokenLogin(req.region, req.body.token)),
    },
    {
      ...routeOf(CLIENTS_API.agencyAdminLogin),
      summary: 'The agency signs in to its client dashboard with the agency secret (spec 4.4): every page',
      access: 'public',
      schemas: { body: agencyAdminLoginRequestSchema },
      success: { status: 200, description: 'ClientSignInResponse (agencyAdmin); sets the client_session cookie' },
      failures: [400, 401, 404],
      handler: async (req, res) => signedIn(res, await auth.agencyAdminLogin(req.region, req.body.agencyId, req.body.secret, req.body.orgId)),
    },
    {
      ...routeOf(CLIENTS_API.clientLogout),
      summary: "Ends the client's session (the gateway refuses its cookie from then on) and clears the cookie",
      access: 'client',
      schemas: { body: Joi.object({}) },
      success: { status: 200, description: '{success, message: Signed out successfully.}' },
      failures: [401, 403],
      handler: async (_req, res, caller) => {
        await auth.logout(caller);
        res.clearCookie(CLIENT_SESSION_COOKIE, cookieOptions(cookie.secure));
        res.json({ success: true, message: CLIENTS_API_MESSAGES.signedOut } satisfies ResponseOf<typeof CLIENTS_API.clientLogout>);
      },
    },
    {
      ...routeOf(CLIENT_DASHBOARD_API.switchClientOrganization),
      summary: 'The organisation switcher: a new session for another organisation this sign-in acts for (the agency admin: any of the agency), the old one ended',
      access: 'client',
      schemas: { body: switchOrganizationRequestSchema },
      success: { status: 200, description: 'ClientSignInResponse; sets the client_session cookie' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, caller) => signedIn(res, await auth.switchOrganization(caller, req.body.orgId)),
    },
    {
      ...routeOf(CLIENTS_API.verifyClientSession),
      summary: "The gateway asks whether a client session JWT's session still lives",
      access: 'gateway',
      schemas: { body: Joi.object({ credential: Joi.string().max(4096).required() }) },
      success: { status: 200, description: '{success, identity: {kind: client, ...}}' },
      failures: [404],
      handler: async (req, res) => {
        const identity = await auth.verify(req.body.credential);
        if (!identity) throw notFound('Unknown credential');
        res.json({ success: true, identity } satisfies ResponseOf<typeof CLIENTS_API.verifyClientSession>);
      },
    },
  ];
}

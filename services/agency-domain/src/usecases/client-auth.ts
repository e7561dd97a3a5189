import { randomBytes, randomInt } from 'node:crypto';
import {
  CLIENTS_API_MESSAGES,
  CLIENT_SIGN_IN,
  MESSAGES,
  REGIONS,
  newDocumentId,
  type ClientSessionIdentity,
  type ClientSessionResponse,
  type ClientView,
  type MailDelivery,
  type Region,
} from '@platform/contracts';
import { DUMMY_PASSWORD_HASH, HttpError, badRequest, forbidden, keyedHash, notFound, sameText, signClientSession, tooManyRequests, verifyClientSession, verifyPassword, type ClientCaller, type RateLimiter } from '@platform/kit';
import { agencyAdminClientId, clientView, normalEmail, organizationView, pagesOf, type ClientRecord, type OrganizationRecord } from '../domain/clients';
import type { Mailer } from '@platform/kit';
import type { AgencyRecord, AgencyStore } from '../store/agencies';
import type { ClientStore } from '../store/clients';
import type { UseCaseDeps } from './deps';

export interface ClientAuthDeps extends Pick<UseCaseDeps, 'logger' | 'now'> {
  clients: ClientStore;
  agencies: AgencyStore;
  mailer: Mailer;
  /** counts wrong passwords per address and caller */
  attempts: RateLimiter;
  jwtSecret: string;
  /** the product's public URL: its scheme and port make an agency host's login link */
  publicUrl: string;
}

/** A signed-in client: the session JWT (cookie and bearer) and what the dashboard reads. */
export type SignIn = ClientSessionResponse & { token: string };

const newCode = () => String(randomInt(0, 10 ** CLIENT_SIGN_IN.codeLength)).padStart(CLIENT_SIGN_IN.codeLength, '0');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Client sign-in (spec 2.9, 4.4, 7): password, e-mailed code, one-time token, agency admin with the agency secret. */
export class ClientAuthUseCases {
  constructor(private readonly deps: ClientAuthDeps) {}

  /**
   * E-mail and password (spec 5 messages); the agency may have turned password login off.
   * Every try counts against the address's budget from this caller until one succeeds (as a
   * member's), so guessing is slow and someone else's wrong tries never lock the client out.
   */
  async passwordLogin(region: Region, emailGiven: string, password: string, agencyId: string | undefined, callerIp: string): Promise<SignIn> {
    const attemptsKey = `client-password:${agencyId ?? ''}:${normalEmail(emailGiven)}:${keyedHash(this.deps.jwtSecret, 'client-ip', callerIp).slice(0, 32)}`;
    const budget = { limit: CLIENT_SIGN_IN.passwordAttempts, windowSeconds: CLIENT_SIGN_IN.passwordWindowSeconds };
    if (!(await this.deps.attempts.take(region, attemptsKey, budget, this.deps.now()))) throw tooManyRequests(CLIENTS_API_MESSAGES.tooManyPasswordAttempts);
    const client = await this.findClient(region, emailGiven, agencyId);
    if (!client) {
      await verifyPassword(password, DUMMY_PASSWORD_HASH);
      throw notFound(MESSAGES.clients.unknownEmail);
    }
    const agency = await this.agencyOf(region, client);
    if (agency.settings?.disablePasswordLogin) throw forbidden(CLIENTS_API_MESSAGES.passwordLoginDisabled);
    if (!(await verifyPassword(password, client.passwordHash ?? DUMMY_PASSWORD_HASH))) throw new HttpError(401, MESSAGES.clients.wrongPassword);
    await this.deps.attempts.reset(region, attemptsKey);
    return this.startSession(region, agency, client);
  }

  /**
   * ssoClient: without a code, e-mails one from the agency's brand; with it, answers a one-time
   * login token (never the stored password) that validateClientLoginToken turns into a session.
   */
  async sso(region: Region, emailGiven: string, agencyId: string, code: string | undefined): Promise<{ codeSent: true; message: string } | { clientData: { email: string; loginToken: string } }> {
    const client = await this.findClient(region, emailGiven, agencyId);
    if (!client) throw notFound(MESSAGES.clients.unknownEmail);
    const now = this.deps.now();
    if (code === undefined || code === '') {
      const agency = await this.agencyOf(region, client);
      const fresh = await this.issueCode(region, client, newCode());
      await this.deps.mailer.send({
        to: client.email,
        fromDisplayName: agency.name,
        subject: `${fresh} is your ${agency.name ?? ''} login code`.replace(/\s+/g, ' '),
        html: `<p>Your login code is <b>${fresh}</b>. It expires in ${CLIENT_SIGN_IN.codeTtlMs / 60_000} minutes.</p>`,
      });
      return { codeSent: true, message: CLIENTS_API_MESSAGES.codeSent(client.email) };
    }
    const latest = await this.deps.clients.latestCode(region, client.ID);
    if (!latest || latest.expiresAt <= now) throw badRequest(CLIENTS_API_MESSAGES.codeInvalid);
    if (latest.attempts >= CLIENT_SIGN_IN.codeAttempts) throw new HttpError(429, CLIENTS_API_MESSAGES.tooManyCodeAttempts);
    if (!sameText(keyedHash(this.deps.jwtSecret, client.ID, code.trim()), latest.codeHash)) {
      await this.deps.clients.countWrongCode(region, latest._id);
      throw badRequest(CLIENTS_API_MESSAGES.codeInvalid);
    }
    if (!(await this.deps.clients.useCode(region, latest._id, now))) throw badRequest(CLIENTS_API_MESSAGES.codeInvalid);
    return { clientData: { email: client.email, loginToken: await this.loginToken(region, client.ID) } };
  }

  /** A one-time login token for a client (ssoClient answer, invite link). */
  async loginToken(region: Region, clientId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.deps.clients.insertToken(region, { _id: keyedHash(this.deps.jwtSecret, token), clientId, expiresAt: new Date(this.deps.now().getTime() + CLIENT_SIGN_IN.loginTokenTtlMs) });
    return token;
  }

  /** validateClientLoginToken: one validation; the token is spent whatever happens next. */
  async tokenLogin(region: Region, token: string): Promise<SignIn> {
    const used = await this.deps.clients.useToken(region, keyedHash(this.deps.jwtSecret, token), this.deps.now());
    const client = used ? await this.deps.clients.client(region, used.clientId) : null;
    if (!client) throw new HttpError(401, CLIENTS_API_MESSAGES.tokenInvalid);
    return this.startSession(region, await this.agencyOf(region, client), client);
  }

  /** Spec 4.4: the agency signs in to its client dashboard with its secret and gets every page. */
  async agencyAdminLogin(region: Region, agencyId: string, secret: string, orgId: string | undefined): Promise<SignIn> {
    const agency = await this.deps.agencies.find(region, agencyId);
    if (!agency?.secret || !sameText(agency.secret, secret)) throw new HttpError(401, CLIENTS_API_MESSAGES.agencySecretInvalid);
    const orgs = await this.deps.clients.organizationsOf(region, agency.ID);
    const org = orgId ? orgs.find((candidate) => candidate.ID === orgId) : orgs[0];
    if (!org) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    return this.startSession(region, agency, null, org);
  }

  async logout(caller: ClientCaller): Promise<void> {
    await this.deps.clients.endSession(caller.region as Region, caller.sessionId);
  }

  /**
   * The organisation switcher (spec 2.10): a new session for another organisation this sign-in
   * may act for (ADR 0027: the agency admin, any of the agency's), ending the current one.
   */
  async switchOrganization(caller: ClientCaller, orgId: string): Promise<SignIn> {
    const region = caller.region as Region;
    const agency = await this.deps.agencies.find(region, caller.agencyId);
    if (!agency) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    const client = caller.agencyAdmin ? null : await this.deps.clients.client(region, caller.clientId);
    if (!caller.agencyAdmin && !client) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    const target = (await this.organizationsFor(region, agency.ID, client)).find((org) => org.ID === orgId);
    if (!target) throw notFound(CLIENTS_API_MESSAGES.organizationNotFound);
    await this.deps.clients.endSession(region, caller.sessionId);
    return this.startSession(region, agency, client, target);
  }

  /** The gateway's check of a client session JWT: the identity while the session lives, else null (404). */
  async verify(token: string): Promise<ClientSessionIdentity | null> {
    const claims = verifyClientSession(token, this.deps.jwtSecret);
    if (!claims || !(REGIONS as readonly string[]).includes(claims.region)) return null;
    const region = claims.region as Region;
    const session = await this.deps.clients.session(region, claims.sessionId);
    if (!session || session.endedAt || session.expiresAt <= this.deps.now() || session.clientId !== claims.clientId) return null;
    if (!session.agencyAdmin) {
      const client = await this.deps.clients.client(region, session.clientId);
      if (!client || client.orgId !== session.orgId) return null;
    }
    return {
      kind: 'client',
      clientId: session.clientId,
      orgId: session.orgId,
      agencyId: session.agencyId,
      workspaceId: session.workspaceId,
      region,
      email: session.email,
      sessionId: session._id,
      ...(session.agencyAdmin ? { agencyAdmin: true } : {}),
    };
  }

  /** What the dashboard reads about the signed-in client. */
  async sessionOf(caller: ClientCaller): Promise<ClientSessionResponse> {
    const region = caller.region as Region;
    const org = await this.deps.clients.organization(region, caller.orgId);
    if (!org || org.agencyId !== caller.agencyId) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    const client = caller.agencyAdmin ? null : await this.deps.clients.client(region, caller.clientId);
    if (!caller.agencyAdmin && !client) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    return this.answer(region, org, client, !!caller.agencyAdmin, caller.clientId, caller.email);
  }

  /**
   * A login code the client's next Email Login Code sign-in takes (the latest one counts): stored
   * hashed, for CLIENT_SIGN_IN.codeTtlMs, at most codeAttempts issued per that time (else 429).
   */
  private async issueCode(region: Region, client: ClientRecord, code: string): Promise<string> {
    const now = this.deps.now();
    const recent = await this.deps.clients.codesSince(region, client.ID, new Date(now.getTime() - CLIENT_SIGN_IN.codeTtlMs));
    if (recent >= CLIENT_SIGN_IN.codeAttempts) throw new HttpError(429, CLIENTS_API_MESSAGES.tooManyCodeAttempts);
    await this.deps.clients.insertCode(region, {
      _id: newDocumentId(),
      clientId: client.ID,
      codeHash: keyedHash(this.deps.jwtSecret, client.ID, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CLIENT_SIGN_IN.codeTtlMs),
      attempts: 0,
    });
    return code;
  }

  /**
   * The client invite (spec §7): a one-time login link on the agency's host, e-mailed from the
   * agency's brand, and the agency's `code` as a login code when it gives one (ADR 0045). Answers
   * the client (never its password) and what the mail server reported.
   */
  async invite(region: Region, agency: AgencyRecord, client: ClientRecord, code: string | undefined): Promise<{ clientData: ClientView; sendEmailRes: MailDelivery }> {
    if (code) await this.issueCode(region, client, code);
    const token = await this.loginToken(region, client.ID);
    const link = new URL(this.deps.publicUrl);
    const host = agency.isVerifiedCustomDomain && agency.customDomain ? agency.customDomain : agency.isVerifiedSubDomain ? agency.VGsubDomain : undefined;
    if (host) link.hostname = host;
    link.pathname = '/';
    link.search = new URLSearchParams({ token }).toString();
    const brand = escapeHtml(agency.name ?? '');
    const codeLine = code ? `<p>Or choose Email Login Code on the sign-in page and enter <b>${code}</b> (within ${CLIENT_SIGN_IN.codeTtlMs / 60_000} minutes).</p>` : '';
    const sent = await this.deps.mailer.send({
      to: client.email,
      fromDisplayName: agency.name,
      subject: `You are invited to ${agency.name ?? 'your dashboard'}`,
      html: `<p>${brand} invited you to its dashboard.</p><p><a href="${link.toString()}">${link.toString()}</a></p><p>The link works once, within ${CLIENT_SIGN_IN.loginTokenTtlMs / 60_000} minutes.</p>${codeLine}`,
    });
    return { clientData: clientView(client), sendEmailRes: sent ?? { accepted: [], rejected: [] } };
  }

  private async findClient(region: Region, emailGiven: string, agencyId: string | undefined): Promise<ClientRecord | null> {
    const email = normalEmail(emailGiven);
    if (agencyId) return this.deps.clients.clientByEmail(region, agencyId, email);
    // Without an agency the address must name one client only.
    const found = await this.deps.clients.clientsByEmail(region, email);
    return found.length === 1 ? found[0]! : null;
  }

  private async agencyOf(region: Region, client: ClientRecord): Promise<AgencyRecord> {
    const agency = await this.deps.agencies.find(region, client.agencyId);
    if (!agency) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    return agency;
  }

  private async startSession(region: Region, agency: AgencyRecord, client: ClientRecord | null, adminOrg?: OrganizationRecord): Promise<SignIn> {
    const org = adminOrg ?? (await this.deps.clients.organization(region, client!.orgId));
    if (!org) throw notFound(CLIENTS_API_MESSAGES.accountDataMissing);
    const now = this.deps.now();
    const sessionId = newDocumentId();
    const clientId = client?.ID ?? agencyAdminClientId(agency.ID);
    const email = client?.email ?? agency.supportEmail ?? '';
    await this.deps.clients.insertSession(region, {
      _id: sessionId,
      clientId,
      orgId: org.ID,
      agencyId: agency.ID,
      workspaceId: agency.userId,
      email,
      agencyAdmin: !client,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CLIENT_SIGN_IN.sessionTtlSeconds * 1000),
    });
    const token = signClientSession({ clientId, sessionId, region }, this.deps.jwtSecret, CLIENT_SIGN_IN.sessionTtlSeconds);
    return { ...(await this.answer(region, org, client, !client, clientId, email)), token };
  }

  /** ADR 0027: the agency admin acts for every organisation of the agency; a client for its own (its e-mail is unique per agency). */
  private async organizationsFor(region: Region, agencyId: string, client: ClientRecord | null): Promise<OrganizationRecord[]> {
    if (!client) return this.deps.clients.organizationsOf(region, agencyId);
    const own = await this.deps.clients.organization(region, client.orgId);
    return own ? [own] : [];
  }

  private async answer(region: Region, org: OrganizationRecord, client: ClientRecord | null, agencyAdmin: boolean, clientId: string, email: string): Promise<ClientSessionResponse> {
    const organizations = (client ? [org] : await this.organizationsFor(region, org.agencyId, null)).map(({ ID, name, squarePhotoURL }) => ({ ID, name, ...(squarePhotoURL ? { squarePhotoURL } : {}) }));
    return {
      success: true,
      client: client ? clientView(client) : { ID: clientId, orgId: org.ID, email, name: 'Agency admin', canAccess: pagesOf(null, true) },
      organization: organizationView(org),
      pages: pagesOf(client, agencyAdmin),
      agencyAdmin,
      agencyId: org.agencyId,
      region,
      organizations,
    };
  }
}

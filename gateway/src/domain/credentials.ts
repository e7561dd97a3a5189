import { isClientSessionToken } from '@platform/kit';
import { AGENCY_SECRET_PATTERN, AGENT_SECRET_KEY_PATTERN, WORKSPACE_SECRET_PATTERN } from '@platform/contracts';
import type { ServiceName } from './services';
import { fingerprint } from './hash';

/** What the caller presented, before anything is verified. */
export type Credential =
  | { type: 'none' }
  /** audience: a person's session, or an agency client's (ADR 0019), told apart by the token's `aud` */
  | { type: 'session'; token: string; from: 'cookie' | 'bearer'; audience: 'user' | 'client' }
  /** `vg_` keys are either a workspace secret or an agent secret key; 25 characters is an agency secret. */
  | { type: 'secret'; kind: 'key' | 'agency'; secret: string }
  | { type: 'malformed'; from: 'cookie' | 'bearer' };

export type SecretCredential = Extract<Credential, { type: 'secret' }>;

/** A `vg_` key: a workspace secret or an agent secret key (the same shape, told apart by the owning service). */
const isKey = (token: string) => WORKSPACE_SECRET_PATTERN.test(token) || AGENT_SECRET_KEY_PATTERN.test(token);
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Returns the value of one cookie from a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

const audienceOf = (token: string) => (isClientSessionToken(token) ? 'client' : 'user');

/**
 * An explicit `Authorization` header wins over the cookies; the person's session cookie over
 * a client's (`clientCookieName`), which the agency host sets.
 */
export function classifyCredential(headers: { authorization?: string; cookie?: string }, cookieName: string, clientCookieName?: string): Credential {
  const authorization = headers.authorization?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const token = match?.[1];
    if (!token) return { type: 'malformed', from: 'bearer' };
    if (isKey(token)) return { type: 'secret', kind: 'key', secret: token };
    if (AGENCY_SECRET_PATTERN.test(token)) return { type: 'secret', kind: 'agency', secret: token };
    if (JWT.test(token)) return { type: 'session', token, from: 'bearer', audience: audienceOf(token) };
    return { type: 'malformed', from: 'bearer' };
  }
  const cookie = readCookie(headers.cookie, cookieName);
  if (cookie) return JWT.test(cookie) ? { type: 'session', token: cookie, from: 'cookie', audience: 'user' } : { type: 'malformed', from: 'cookie' };
  const clientCookie = clientCookieName ? readCookie(headers.cookie, clientCookieName) : undefined;
  if (!clientCookie) return { type: 'none' };
  return JWT.test(clientCookie) ? { type: 'session', token: clientCookie, from: 'cookie', audience: 'client' } : { type: 'malformed', from: 'cookie' };
}

/** Which services may own a secret, most likely first for the route being called. */
export function verifiersFor(credential: SecretCredential, routeService: ServiceName): ServiceName[] {
  if (credential.kind === 'agency') return ['agency-domain'];
  return routeService === 'agent' ? ['agent', 'workspace'] : ['workspace', 'agent'];
}

/** The identity kinds a verifying service may answer with for this credential. */
export function acceptedIdentityKinds(credential: SecretCredential): string[] {
  return credential.kind === 'agency' ? ['agency'] : ['workspace', 'agent'];
}

/** The per-credential rate-limit bucket; none for anonymous or unreadable credentials. */
export function credentialRateKey(credential: Credential): string | undefined {
  if (credential.type === 'secret') return `secret:${fingerprint(credential.secret)}`;
  if (credential.type === 'session') return `session:${fingerprint(credential.token)}`;
  return undefined;
}

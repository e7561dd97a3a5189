import { AUTH_MESSAGES } from '@platform/contracts';
import { forbidden, unauthorized } from '../http/errors';
import type { Identity } from './identity';

/** The kinds of verified callers that act for someone: a person, a workspace secret, an agent key, an agency secret. */
export type PrincipalKind = 'user' | 'workspace' | 'agent' | 'agency';

/** Who calls, as one id of its kind (the user id, the workspace uid, the agent ID, the agency id). */
export interface Principal {
  kind: PrincipalKind;
  id: string;
  /** the region a workspace secret or an agent key belongs to */
  region?: string;
}

/**
 * The one place that reads an identity's kind: its principal, or null for anonymous callers,
 * for the gateway itself (which acts for nobody) and for an agency's client (who acts only
 * within its organisation, through `client` routes and the `clients` opt-in of agent routes).
 */
export function principalOf(identity: Identity): Principal | null {
  switch (identity.kind) {
    case 'user':
      return { kind: 'user', id: identity.userId };
    case 'workspace':
      return { kind: 'workspace', id: identity.workspaceId, region: identity.region };
    case 'agent':
      return { kind: 'agent', id: identity.agentId, region: identity.region };
    case 'agency':
      return { kind: 'agency', id: identity.agencyId };
    default:
      return null;
  }
}

/** A workspace's own secret, used in the workspace's region (the only region it is valid in). */
export function isWorkspaceSecretOf(identity: Identity, workspaceId: string, region: string): boolean {
  const principal = principalOf(identity);
  return principal?.kind === 'workspace' && principal.id === workspaceId && principal.region === region;
}

export type IdentityKind = Identity['kind'];
/** The identity narrowed to some of its kinds. */
export type IdentityOf<K extends IdentityKind> = Extract<Identity, { kind: K }>;

/** Texts of a refusal: 401 for a caller who is not signed in, 403 for a caller of another kind. */
export interface RefusalMessages {
  signIn?: string;
  forbidden?: string;
}

/**
 * The identity when it is of one of `kinds`; otherwise 401 for an anonymous caller (unless
 * anonymous callers are simply the wrong kind, as on gateway-only routes) and 403 for others.
 */
export function admitKinds<K extends IdentityKind>(identity: Identity, kinds: readonly K[], messages: RefusalMessages = {}): IdentityOf<K> {
  if ((kinds as readonly IdentityKind[]).includes(identity.kind)) return identity as IdentityOf<K>;
  const signInFirst = identity.kind === 'anonymous' && kinds.some((kind) => kind !== 'gateway');
  throw signInFirst ? unauthorized(messages.signIn ?? AUTH_MESSAGES.signInRequired) : forbidden(messages.forbidden ?? messages.signIn);
}

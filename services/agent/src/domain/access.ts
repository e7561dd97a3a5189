import { AGENT_API_MESSAGES, AUTH_MESSAGES, type Region } from '@platform/contracts';
import { isWorkspaceSecretOf, principalOf, type Identity } from '@platform/kit';

/** What a caller wants to reach: a workspace's agents (list, create), or one agent of it. */
export interface AccessTarget {
  region: Region;
  workspaceId: string;
  /** absent for workspace-level calls (list, create) */
  agentId?: string;
}

export type AccessDecision =
  /** actor: who acts, for the version history */
  | { outcome: 'allowed'; actor: string }
  | { outcome: 'denied'; status: 401 | 403; message: string }
  /** a signed-in person: allowed if a member of the workspace (asked of the workspace service) */
  | { outcome: 'ask-membership'; user: { userId: string; email: string } };

const deny = (status: 401 | 403, message: string): AccessDecision => ({ outcome: 'denied', status, message });

export const ACTORS = { workspaceSecret: 'workspace secret', agentKey: 'agent key' } as const;

const noAccess = (target: AccessTarget) => (target.agentId ? AGENT_API_MESSAGES.noAccess : AGENT_API_MESSAGES.workspaceNoAccess);

/**
 * The agent access rule: members of the owning workspace (signed in), the workspace's own
 * secret (same region), and the agent's own secret key (that agent only, never a
 * workspace-level call). Anyone else is refused.
 */
export function decideAccess(identity: Identity, target: AccessTarget): AccessDecision {
  if (identity.kind === 'user') return { outcome: 'ask-membership', user: { userId: identity.userId, email: identity.email } };
  const principal = principalOf(identity);
  if (!principal) return identity.kind === 'anonymous' ? deny(401, AUTH_MESSAGES.signInRequired) : deny(403, AGENT_API_MESSAGES.noAccess);
  if (principal.kind === 'workspace') return isWorkspaceSecretOf(identity, target.workspaceId, target.region) ? { outcome: 'allowed', actor: ACTORS.workspaceSecret } : deny(403, noAccess(target));
  if (principal.kind === 'agent' && principal.region === target.region && target.agentId !== undefined && principal.id === target.agentId) return { outcome: 'allowed', actor: ACTORS.agentKey };
  return deny(403, AGENT_API_MESSAGES.noAccess);
}

/**
 * The workspace a list or create acts in: a workspace secret acts in its own (naming
 * another is refused), a signed-in person must name one; anyone else is refused.
 */
export function requestedWorkspace(identity: Identity, named: string | undefined): { workspaceId: string } | { status: 400 | 401 | 403; problem: string } {
  const principal = principalOf(identity);
  if (principal?.kind === 'workspace') {
    return named === undefined || named === principal.id ? { workspaceId: principal.id } : { status: 403, problem: AGENT_API_MESSAGES.workspaceNoAccess };
  }
  if (!principal) return identity.kind === 'anonymous' ? { status: 401, problem: AUTH_MESSAGES.signInRequired } : { status: 403, problem: AGENT_API_MESSAGES.workspaceNoAccess };
  if (principal.kind !== 'user') return { status: 403, problem: AGENT_API_MESSAGES.workspaceNoAccess };
  return named ? { workspaceId: named } : { status: 400, problem: AGENT_API_MESSAGES.workspaceRequired };
}

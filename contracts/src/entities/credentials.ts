import { AGENT_SECRET_FIELDS } from './agent';

/**
 * Service routes (as mounted by the service, below `/api/[region/]<service>`) after which
 * other credentials stop working: the gateway drops what it cached about them at once.
 */
export const CREDENTIAL_ROUTES = {
  /** workspace: ends the caller's session */
  logout: '/v2/auth/logout',
  /** workspace: sets the password and ends the user's other sessions */
  setPassword: '/v2/auth/password',
  /** workspace: a new workspace secret; the old one is refused from then on */
  rotateWorkspaceSecret: '/v2/workspaces/:uid/secret',
  /** agent: a new SECRET_API_KEY; the old one is refused from then on */
  rotateAgentSecretKey: '/v2/agents/:agentId/secret-key',
  /** agency-domain: ends the agency client's session (ADR 0019) */
  clientLogout: '/client-auth/logout',
} as const;

/** POST CREDENTIAL_ROUTES.rotateWorkspaceSecret (member; body {}). */
export interface RotateWorkspaceSecretResponse {
  success: true;
  data: { workspaceSecret: string };
}

/** POST CREDENTIAL_ROUTES.rotateAgentSecretKey (agent access; body {}). */
export interface RotateAgentSecretKeyResponse {
  success: true;
  data: { SECRET_API_KEY: string };
}

/**
 * Credentials of the agent's channels and integrations: encrypted at rest in the agent
 * store and never copied into version history or backups. The agent's own SECRET_API_KEY is
 * not one of them (it is looked up by value, and rotated instead).
 */
export const CHANNEL_CREDENTIAL_FIELDS = AGENT_SECRET_FIELDS.filter((field) => field !== 'SECRET_API_KEY');
export type ChannelCredentialField = (typeof CHANNEL_CREDENTIAL_FIELDS)[number];

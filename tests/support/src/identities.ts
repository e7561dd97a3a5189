import type { Region } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { uniqueName } from './infra';

/** Identities as the gateway forwards them (services trust only these). */
export const anonymous: Identity = { kind: 'anonymous' };
export const gateway: Identity = { kind: 'gateway' };
export const userIdentity = (userId: string, email: string): Extract<Identity, { kind: 'user' }> => ({ kind: 'user', userId, email });
export const workspaceIdentity = (workspaceId: string, region: Region = 'eu'): Identity => ({ kind: 'workspace', workspaceId, region });
export const agentIdentity = (agentId: string, region: Region = 'eu'): Identity => ({ kind: 'agent', agentId, region });
export const agencyIdentity = (agencyId: string): Identity => ({ kind: 'agency', agencyId });

export const uniqueEmail = (prefix = 'user') => `${uniqueName(prefix)}@example.com`.toLowerCase();

/** A signed-in person with a fresh id and e-mail; services need no account behind the identity. */
export const someone = (prefix = 'user') => userIdentity(uniqueName(prefix).replace(/_/g, '').slice(0, 15), uniqueEmail(prefix));
/** An agency client as the gateway forwards it (ADR 0019). */
export const clientIdentity = (fields: { clientId: string; orgId: string; agencyId: string; workspaceId: string; region?: Region; email?: string; sessionId?: string; agencyAdmin?: boolean }): Identity => ({
  kind: 'client',
  region: 'eu',
  email: `${fields.clientId.toLowerCase()}@example.com`,
  sessionId: 'session',
  ...fields,
});

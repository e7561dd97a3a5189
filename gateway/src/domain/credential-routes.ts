import { CREDENTIAL_ROUTES } from '@platform/contracts';
import type { ServiceName } from './services';

/** A request after whose success some credentials stop working (sign-out, new password, rotations). */
export type CredentialChange =
  | { kind: 'logout' }
  | { kind: 'set-password' }
  | { kind: 'rotate-workspace-secret'; workspaceId: string }
  | { kind: 'rotate-agent-secret-key'; agentId: string };

/** `/v2/workspaces/:uid/secret` → a regex capturing each `:param` segment. */
const pattern = (route: string) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '([^/]+)')}$`);

const ROUTES: Array<{ service: ServiceName; route: RegExp; change: (params: string[]) => CredentialChange }> = [
  { service: 'workspace', route: pattern(CREDENTIAL_ROUTES.logout), change: () => ({ kind: 'logout' }) },
  { service: 'workspace', route: pattern(CREDENTIAL_ROUTES.setPassword), change: () => ({ kind: 'set-password' }) },
  { service: 'workspace', route: pattern(CREDENTIAL_ROUTES.rotateWorkspaceSecret), change: ([uid]) => ({ kind: 'rotate-workspace-secret', workspaceId: uid! }) },
  { service: 'agency-domain', route: pattern(CREDENTIAL_ROUTES.clientLogout), change: () => ({ kind: 'logout' }) },
  { service: 'agent', route: pattern(CREDENTIAL_ROUTES.rotateAgentSecretKey), change: ([agentId]) => ({ kind: 'rotate-agent-secret-key', agentId: agentId! }) },
];

/** Which credential change a POST to this service path is, if any (path as the service sees it, query allowed). */
export function credentialChange(method: string, service: ServiceName, upstreamPath: string): CredentialChange | undefined {
  if (method !== 'POST') return undefined;
  const path = upstreamPath.split('?')[0]!.replace(/\/+$/, '');
  for (const candidate of ROUTES) {
    if (candidate.service !== service) continue;
    const match = candidate.route.exec(path);
    if (match) return candidate.change(match.slice(1).map((segment) => decodeURIComponent(segment)));
  }
  return undefined;
}

import type { Region, SaveWorkspaceRequest } from '@platform/contracts';
import { apiRequest, isUnavailable } from './http';
import { API_PATHS } from './paths';
import type { AgentSummary, SessionResponse, SuccessResponse, VerifyCodeRequest } from './types';

/** Plain calls; hooks.ts wraps them in TanStack Query. */
export const workspaceApi = {
  requestCode: (email: string) => apiRequest<SuccessResponse>(API_PATHS.auth.requestCode, { method: 'POST', body: { email } }),
  verifyCode: (body: VerifyCodeRequest) => apiRequest<SuccessResponse>(API_PATHS.auth.verifyCode, { method: 'POST', body }),
  login: (email: string, password: string) =>
    apiRequest<SuccessResponse>(API_PATHS.auth.login, { method: 'POST', body: { email, password } }),
  logout: () => apiRequest<SuccessResponse>(API_PATHS.auth.logout, { method: 'POST' }),
  session: () => apiRequest<SessionResponse>(API_PATHS.auth.session),
  createWorkspace: (region: Region, workspaceName: string) =>
    apiRequest<SuccessResponse & { uid?: string }>(API_PATHS.workspaces.create(region), {
      method: 'POST',
      body: { workspaceName, region },
    }),
  saveWorkspace: (region: Region, uid: string, body: SaveWorkspaceRequest, bearer?: string) =>
    apiRequest<SuccessResponse>(API_PATHS.workspaces.save(region, uid), { method: 'POST', body, bearer }),
  deleteWorkspace: (region: Region, uid: string, bearer?: string) =>
    apiRequest<SuccessResponse>(API_PATHS.workspaces.remove(region, uid), { method: 'DELETE', bearer }),
  invite: (region: Region, uid: string, email: string, bearer?: string) =>
    apiRequest<SuccessResponse>(API_PATHS.workspaces.invite(region, uid), { method: 'POST', body: { email }, bearer }),
};

type AgentListAnswer = AgentSummary[] | { agents?: AgentSummary[]; data?: AgentSummary[] };

/** Agents newest first; a service that is not there yet counts as "no agents". */
export async function listAgents(region: Region, bearer?: string): Promise<AgentSummary[]> {
  try {
    const answer = await apiRequest<AgentListAnswer>(API_PATHS.agents.list(region), { bearer });
    const agents = Array.isArray(answer) ? answer : (answer?.agents ?? answer?.data ?? []);
    return [...agents].sort((a, b) => (b.lastModified ?? 0) - (a.lastModified ?? 0));
  } catch (error) {
    if (isUnavailable(error)) return [];
    throw error;
  }
}

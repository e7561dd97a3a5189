import { DELETE_WORKSPACE_CONFIRMATION, type Region, type RotateWorkspaceSecretResponse, type SaveWorkspaceRequest, type Workspace } from '@platform/contracts';
import { apiRequest } from './http';
import { API_PATHS } from './paths';
import type { InviteToWorkspaceResponse, JoinWorkspaceResponse, SessionResponse, SignInResponse, SuccessResponse, VerifyLoginCodeRequest } from './types';

/**
 * Plain calls; hooks.ts wraps them in TanStack Query. Workspace calls authenticate with the
 * session cookie (a bearer would replace the user identity some of them require).
 */
export const workspaceApi = {
  requestCode: (email: string) => apiRequest<SuccessResponse>(API_PATHS.auth.requestCode, { method: 'POST', body: { email } }),
  verifyCode: (body: VerifyLoginCodeRequest) => apiRequest<SignInResponse>(API_PATHS.auth.verifyCode, { method: 'POST', body }),
  login: (email: string, password: string) =>
    apiRequest<SignInResponse>(API_PATHS.auth.login, { method: 'POST', body: { email, password } }),
  logout: () => apiRequest<SuccessResponse>(API_PATHS.auth.logout, { method: 'POST' }),
  session: () => apiRequest<SessionResponse>(API_PATHS.auth.session),
  // The region is the path's: /api/{region}/workspace/... reaches that region's service.
  createWorkspace: (region: Region, workspaceName: string) =>
    apiRequest<SuccessResponse>(API_PATHS.workspaces.create(region), { method: 'POST', body: { workspaceName } }),
  saveWorkspace: (region: Region, uid: string, body: SaveWorkspaceRequest) =>
    apiRequest<SuccessResponse>(API_PATHS.workspaces.save(region, uid), { method: 'POST', body }),
  deleteWorkspace: (region: Region, uid: string) =>
    apiRequest<SuccessResponse>(API_PATHS.workspaces.remove(region, uid), {
      method: 'DELETE',
      body: { confirmation: DELETE_WORKSPACE_CONFIRMATION },
    }),
  invite: (region: Region, uid: string, email: string) =>
    apiRequest<InviteToWorkspaceResponse>(API_PATHS.workspaces.invite(region, uid), { method: 'POST', body: { to: email } }),
  getWorkspace: (region: Region, uid: string) => apiRequest<{ success: boolean; data: Workspace }>(API_PATHS.workspaces.one(region, uid)),
  removeMember: (region: Region, uid: string, email: string) =>
    apiRequest<{ success: boolean; data: Workspace }>(API_PATHS.workspaces.removeMember(region, uid), { method: 'POST', body: { email } }),
  /** A new workspace secret; the old one stops working at once. */
  rotateSecret: (region: Region, uid: string) =>
    apiRequest<RotateWorkspaceSecretResponse>(API_PATHS.workspaces.rotateSecret(region, uid), { method: 'POST', body: {} }),
  joinWorkspace: (linkPathAndQuery: string, email: string) =>
    apiRequest<JoinWorkspaceResponse>(API_PATHS.workspaces.join(linkPathAndQuery), { method: 'POST', body: { email } }),
};

import { DELETE_WORKSPACE_CONFIRMATION, WORKSPACE_API, type Region, type SaveWorkspaceRequest, type VerifyLoginCodeRequest } from '@platform/contracts';
import { callApi } from './client';

/** The magic link's uid and query (/no-auth/workspaces/{uid}/invite?secret&email). */
function invitationOf(linkPathAndQuery: string): { uid: string; secret: string; email: string } {
  const url = new URL(linkPathAndQuery, 'http://link.invalid');
  const uid = /^\/no-auth\/workspaces\/([^/]+)\/invite$/.exec(url.pathname)?.[1] ?? '';
  return { uid: decodeURIComponent(uid), secret: url.searchParams.get('secret') ?? '', email: url.searchParams.get('email') ?? '' };
}

/**
 * Plain calls; hooks.ts wraps them in TanStack Query. Workspace calls authenticate with the
 * session cookie (a bearer would replace the user identity some of them require).
 */
export const workspaceApi = {
  requestCode: (email: string) => callApi(WORKSPACE_API.requestLoginCode, { body: { email } }),
  verifyCode: (body: VerifyLoginCodeRequest) => callApi(WORKSPACE_API.verifyLoginCode, { body }),
  login: (email: string, password: string) => callApi(WORKSPACE_API.passwordLogin, { body: { email, password } }),
  logout: () => callApi(WORKSPACE_API.logout, {}),
  session: () => callApi(WORKSPACE_API.getSession, {}),
  // The region is the path's: /api/{region}/workspace/... reaches that region's service.
  createWorkspace: (region: Region, workspaceName: string) => callApi(WORKSPACE_API.createWorkspace, { region, body: { workspaceName } }),
  saveWorkspace: (region: Region, uid: string, body: SaveWorkspaceRequest) => callApi(WORKSPACE_API.saveWorkspace, { region, params: { uid }, body }),
  deleteWorkspace: (region: Region, uid: string) =>
    callApi(WORKSPACE_API.deleteWorkspace, { region, params: { uid }, body: { confirmation: DELETE_WORKSPACE_CONFIRMATION } }),
  invite: (region: Region, uid: string, email: string) => callApi(WORKSPACE_API.inviteToWorkspace, { region, params: { uid }, body: { to: email } }),
  getWorkspace: (region: Region, uid: string) => callApi(WORKSPACE_API.getWorkspace, { region, params: { uid } }),
  removeMember: (region: Region, uid: string, email: string) => callApi(WORKSPACE_API.removeWorkspaceMember, { region, params: { uid }, body: { email } }),
  /** A new workspace secret; the old one stops working at once. */
  rotateSecret: (region: Region, uid: string) => callApi(WORKSPACE_API.rotateWorkspaceSecret, { region, params: { uid }, body: {} }),
  /** The link names no region: the default region's service finds the invitation. */
  joinWorkspace: (linkPathAndQuery: string, email: string) => {
    const { uid, secret, email: invited } = invitationOf(linkPathAndQuery);
    return callApi(WORKSPACE_API.joinWorkspace, { params: { uid }, query: { secret, email: invited }, body: { email } });
  },
};

import type { AuthUser, InviteToWorkspaceResponse, JoinWorkspaceResponse, PasswordLoginRequest, RequestLoginCodeRequest, SessionResponse, SetPasswordRequest, SignInResponse, VerifyLoginCodeRequest, DeleteWorkspaceRequest } from '../entities/auth';
import type { Region } from '../entities/common';
import type {
  CreateWorkspaceRequest,
  InviteToWorkspaceRequest,
  JoinWorkspaceRequest,
  PublicUserQuery,
  PublicUserResponse,
  RemoveWorkspaceMemberRequest,
  SaveWorkspaceRequest,
  Workspace,
  WorkspaceInviteLinkQuery,
} from '../entities/workspace';
import type { WorkspaceAccessCheckRequest, WorkspaceAccessCheckResponse } from '../entities/agent-api';
import { CREDENTIAL_ROUTES, type RotateWorkspaceSecretResponse } from '../entities/credentials';
import { endpoint, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

/** POST /v2/auth/code */
export interface CodeSentResponse extends SuccessResponse {
  message: string;
}
/** A workspace as its members read it. */
export interface WorkspaceResponse extends SuccessResponse {
  data: Workspace;
}
/** POST /internal/credentials/verify (gateway only): whose secret this is, in the request's region. */
export interface CredentialVerifyRequest {
  credential: string;
}
export type SecretIdentity =
  | { kind: 'workspace'; workspaceId: string; region: string }
  | { kind: 'agent'; agentId: string; region: string }
  | { kind: 'agency'; agencyId: string };
/** A session JWT whose server-side session still lives. */
export interface SessionIdentity {
  kind: 'user';
  userId: string;
  email: string;
  sessionId: string;
}
export interface CredentialVerifyResponse extends SuccessResponse {
  identity: SecretIdentity | SessionIdentity;
}

type Uid = { uid: string };

/** Every endpoint of the workspace service (services/workspace/README.md). */
export const WORKSPACE_API = {
  requestLoginCode: endpoint<NoParams, NoQuery, RequestLoginCodeRequest, CodeSentResponse>()({ service: 'workspace', operationId: 'requestLoginCode', method: 'post', path: '/v2/auth/code' }),
  verifyLoginCode: endpoint<NoParams, NoQuery, VerifyLoginCodeRequest, SignInResponse>()({ service: 'workspace', operationId: 'verifyLoginCode', method: 'post', path: '/v2/auth/verify' }),
  passwordLogin: endpoint<NoParams, NoQuery, PasswordLoginRequest, SignInResponse>()({ service: 'workspace', operationId: 'passwordLogin', method: 'post', path: '/v2/auth/login' }),
  setPassword: endpoint<NoParams, NoQuery, SetPasswordRequest, SuccessResponse & { user: AuthUser }>()({ service: 'workspace', operationId: 'setPassword', method: 'post', path: '/v2/auth/password' }),
  logout: endpoint()({ service: 'workspace', operationId: 'logout', method: 'post', path: '/v2/auth/logout' }),
  getSession: endpoint<NoParams, NoQuery, undefined, SessionResponse>()({ service: 'workspace', operationId: 'getSession', method: 'get', path: '/v2/auth/session' }),
  createWorkspace: endpoint<NoParams, NoQuery, CreateWorkspaceRequest & { region?: Region }, WorkspaceResponse>()({ service: 'workspace', operationId: 'createWorkspace', method: 'post', path: '/v2/workspaces' }),
  getWorkspace: endpoint<Uid, NoQuery, undefined, WorkspaceResponse>()({ service: 'workspace', operationId: 'getWorkspace', method: 'get', path: '/v2/workspaces/:uid' }),
  saveWorkspace: endpoint<Uid, NoQuery, SaveWorkspaceRequest, WorkspaceResponse>()({ service: 'workspace', operationId: 'saveWorkspace', method: 'post', path: '/v2/workspaces/:uid' }),
  deleteWorkspace: endpoint<Uid, NoQuery, DeleteWorkspaceRequest>()({ service: 'workspace', operationId: 'deleteWorkspace', method: 'delete', path: '/v2/workspaces/:uid' }),
  removeWorkspaceMember: endpoint<Uid, NoQuery, RemoveWorkspaceMemberRequest, WorkspaceResponse>()({ service: 'workspace', operationId: 'removeWorkspaceMember', method: 'post', path: '/v2/workspaces/:uid/members/remove' }),
  rotateWorkspaceSecret: endpoint<Uid, NoQuery, Record<string, never>, RotateWorkspaceSecretResponse>()({ service: 'workspace', operationId: 'rotateWorkspaceSecret', method: 'post', path: CREDENTIAL_ROUTES.rotateWorkspaceSecret }),
  inviteToWorkspace: endpoint<Uid, NoQuery, InviteToWorkspaceRequest, InviteToWorkspaceResponse>()({ service: 'workspace', operationId: 'inviteToWorkspace', method: 'post', path: '/v2/workspaces/:uid/email' }),
  /** The magic link's own path and query; the service finds the invitation's region. */
  joinWorkspace: endpoint<Uid, WorkspaceInviteLinkQuery, JoinWorkspaceRequest, JoinWorkspaceResponse>()({ service: 'workspace', operationId: 'joinWorkspace', method: 'post', path: '/no-auth/workspaces/:uid/invite' }),
  getPublicUser: endpoint<{ userId: string }, PublicUserQuery, undefined, SuccessResponse & PublicUserResponse>()({ service: 'workspace', operationId: 'getPublicUser', method: 'get', path: '/public/users/:userId' }),
  verifyCredential: endpoint<NoParams, NoQuery, CredentialVerifyRequest, CredentialVerifyResponse>()({ service: 'workspace', operationId: 'verifyCredential', method: 'post', path: '/internal/credentials/verify' }),
  checkWorkspaceAccess: endpoint<NoParams, NoQuery, WorkspaceAccessCheckRequest, WorkspaceAccessCheckResponse>()({ service: 'workspace', operationId: 'checkWorkspaceAccess', method: 'post', path: '/internal/access/check' }),
  getEventsTarget: endpoint<{ uid: string }, NoQuery, undefined, EventsTargetResponse>()({ service: 'workspace', operationId: 'getEventsTarget', method: 'get', path: '/internal/workspaces/:uid/events-target' }),
} as const;

/** GET /internal/workspaces/{uid}/events-target (services only): where and what the notification service delivers, and whom it warns. */
export interface EventsTargetResponse extends SuccessResponse {
  target: { endpoint?: string; subscribedEvents: string[]; workspaceSecret: string; workspaceEmails: string[] };
}

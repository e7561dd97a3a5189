/** Shapes of the services come from contracts, under the names the frontends use. */
export type {
  AuthUser as SessionUser,
  InviteToWorkspaceResponse,
  JoinWorkspaceResponse,
  SessionResponse,
  SignInResponse,
  VerifyLoginCodeRequest,
  WorkspaceSummary as SessionWorkspace,
} from '@platform/contracts';

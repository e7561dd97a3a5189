/** Shapes of the workspace service come from contracts; only what the service leaves open is here. */
export type {
  AuthUser as SessionUser,
  InviteToWorkspaceResponse,
  JoinWorkspaceResponse,
  SessionResponse,
  SignInResponse,
  VerifyLoginCodeRequest,
  WorkspaceSummary as SessionWorkspace,
} from '@platform/contracts';

export interface SuccessResponse {
  success: boolean;
  message?: string;
}

/** The agent fields the list shows (the full agent arrives with the agent area). */
export interface AgentSummary {
  ID: string;
  title?: string;
  description?: string;
  roundedImageURL?: string;
  lastModified?: number;
}

import type { Region } from '@platform/contracts';

export interface SessionUser {
  userId: string;
  email: string;
}

/** One workspace the user may open (own or shared with their e-mail). */
export interface SessionWorkspace {
  uid: string;
  region: Region;
  workspaceName: string;
  isOwn: boolean;
  workspaceSecret?: string;
  workspaceEmails?: string[];
  workspacePhotoURL?: string;
}

export interface SessionResponse {
  success: boolean;
  user: SessionUser;
  workspaces: SessionWorkspace[];
  needsOnboarding: boolean;
}

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

export interface VerifyCodeRequest {
  email: string;
  code: string;
  ref?: string;
  utm_source?: string;
}

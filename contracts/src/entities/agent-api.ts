import Joi from 'joi';
import type { AgentPlatform } from '../constants/agent';
import { ACCESS_MESSAGES, UPSTREAM_MESSAGES } from '../constants/messages';
import { convertAgentTemplateRequestSchema, type AgentSettings, type ConvertAgentTemplateRequest } from './agent';
import { documentId, email, type JsonObject } from './common';

/**
 * HTTP contract of the agent service beyond the agent entity itself (services/agent/README.md):
 * list items, versions, the procedures' answers, and the workspace service's internal
 * membership check the agent service relies on.
 */

/** Answers of the agent service where the spec gives no text; the spec's own come from MESSAGES. */
export const AGENT_API_MESSAGES = {
  /** agency-shell-clients §7: "may carry an error field, shown as Failed to save agent, {error}" */
  saveFailed: (error: string) => `Failed to save agent, ${error}`,
  notFound: 'Agent not found',
  /** 404 with `region`: the agent lives in the other region (the shell redirects there). */
  inOtherRegion: (region: string) => `Agent not found in this region; it is in ${region}`,
  noAccess: ACCESS_MESSAGES.agentNoAccess,
  workspaceNoAccess: ACCESS_MESSAGES.workspaceNoAccess,
  workspaceRequired: 'Please choose a workspace.',
  versionNotFound: 'Version not found',
  templateInvalid: 'The template has no agent settings.',
  idMismatch: 'the agent ID does not match the address',
  idTaken: 'this agent ID is already used',
  invalidFieldName: (key: string) => `field name "${key}" is not allowed`,
  workspaceUnavailable: UPSTREAM_MESSAGES.workspaceUnavailable,
  gatewayOnly: ACCESS_MESSAGES.gatewayOnly,
  unknownCredential: ACCESS_MESSAGES.unknownCredential,
  rotateNeedsMember: 'Sign in, or use the workspace secret, to regenerate the agent secret key.',
  rotateRaced: 'The agent was saved at the same time, please try again.',
} as const;

/** GET /v2/agents: one entry per agent, lastModified descending. */
export const AGENT_LIST_FIELDS = ['ID', 'title', 'description', 'roundedImageURL', 'lastModified', 'agentPlatform', 'enableNodes'] as const;
export type AgentListItem = Pick<AgentSettings, 'title' | 'description' | 'roundedImageURL' | 'lastModified' | 'enableNodes'> & {
  ID: string;
  agentPlatform?: AgentSettings['agentPlatform'] | AgentPlatform;
};
export interface AgentListResponse {
  success: true;
  agents: AgentListItem[];
}
/** ?workspaceId= is required for signed-in users; a workspace secret lists its own workspace. */
export const agentListQuerySchema = Joi.object<{ workspaceId?: string }, true>({ workspaceId: documentId() });

/** GET /v2/agents/{agentId}; a 404 may carry `region` when the agent is in the other region. */
export interface AgentResponse {
  success: true;
  agent: AgentSettings & { ID: string };
}
/** POST /v2/agents/{agentId}: created (first save) or saved. */
export interface SaveAgentResponse extends AgentResponse {
  created: boolean;
  versionId: string;
}

/** Why a version was kept. */
export const AGENT_VERSION_SOURCES = ['create', 'save', 'restore', 'import', 'backup'] as const;
export type AgentVersionSource = (typeof AGENT_VERSION_SOURCES)[number];

/** One kept version of an agent (the last 20 per agent), newest first. */
export interface AgentVersionView {
  versionId: string;
  /** 1, 2, 3… per agent */
  version: number;
  /** unix seconds */
  savedAt: number;
  /** e-mail of the person, or 'workspace secret' / 'agent key' */
  savedBy: string;
  source: AgentVersionSource;
  title?: string;
  /** set by saveAgentBackup after a publish */
  backup?: { workspaceId: string; userEmail: string; at: number };
  agent: AgentSettings & { ID: string };
}
export interface AgentVersionsResponse {
  success: true;
  versions: AgentVersionView[];
}

/** convertAgentTemplateToAgent; workspaceId names the owning workspace for signed-in users. */
export type ConvertAgentTemplateToAgentRequest = ConvertAgentTemplateRequest & { workspaceId?: string };
export const convertAgentTemplateToAgentRequestSchema = (convertAgentTemplateRequestSchema as Joi.ObjectSchema<ConvertAgentTemplateToAgentRequest>).keys({
  workspaceId: documentId(),
});
export interface ConvertAgentTemplateResponse {
  success: true;
  agentCreated: AgentSettings & { ID: string };
}
/** exportAgentToJson: an AgentTemplate ({key, name, description, template}) that convertAgentTemplateToAgent imports. */
export interface ExportAgentResponse {
  success: true;
  agentTemplate: { key: string; name: string; description?: string; icon?: string; template: JsonObject };
}

/** Workspace service, POST /internal/access/check (gateway-signed): is this person a member of the workspace? */
export interface WorkspaceAccessCheckRequest {
  uid: string;
  email: string;
  userId?: string;
}
export const workspaceAccessCheckRequestSchema = Joi.object<WorkspaceAccessCheckRequest, true>({
  uid: documentId().required(),
  email: email().required(),
  userId: documentId(),
});
/** 200 with isMember; 404 when the workspace does not exist in the request's region. */
export interface WorkspaceAccessCheckResponse {
  success: true;
  isMember: boolean;
}

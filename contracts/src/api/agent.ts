import type { AgentTemplate, AiCssRequest, AiCssResponse, CustomTheme, ExportAgentRequest, SaveAgentBackupRequest, SaveAgentRequest, TranslateLanguagesResponse } from '../entities/agent';
import type {
  AgentListResponse,
  AgentResponse,
  AgentVersionsResponse,
  ConvertAgentTemplateResponse,
  ConvertAgentTemplateToAgentRequest,
  ExportAgentResponse,
  SaveAgentResponse,
} from '../entities/agent-api';
import type { JsonObject } from '../entities/common';
import type { UploadFileRequest, UploadedFile } from '../entities/uploads';
import type { ChatAnswerResponse, ChatMessageRequest, ConversationListResponse, LeadListResponse, WidgetConversationResponse, WidgetSettingsResponse, WorkspacePromptsResponse, WorkspaceSessionsResponse } from '../entities/conversations';
import { CREDENTIAL_ROUTES, type RotateAgentSecretKeyResponse } from '../entities/credentials';
import type { CreateKnowledgeSourceRequest, KnowledgeSearchRequest, KnowledgeSearchResponse, KnowledgeSourceResponse, KnowledgeSourcesResponse, UpdateKnowledgeSourceRequest, VoiceToolTestResponse } from '../entities/knowledge-api';
import type { VoiceToolTestRequest, WorkspaceFunctionsResponse } from '../entities/tools';
import { endpoint, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';
import type { AgentPageKey } from '../constants/navigation';
import type { CredentialVerifyRequest, CredentialVerifyResponse } from './workspace';

type AgentIdParam = { agentId: string };
/**
 * A read on an agency client's behalf may name the dashboard page it serves (ADR 0037): the
 * agent service then also checks that the client's access names the page (another service's
 * `clients: {page}` route asks this way); a member's read ignores it.
 */
export interface GetAgentQuery {
  page?: AgentPageKey;
}

/** GET /v2/templates: the New Agent drawer's templates and its tabs. */
export interface TemplatesResponse extends SuccessResponse {
  templates: readonly AgentTemplate[];
  tabs: ReadonlyArray<{ label: string; keys: readonly string[] }>;
}
/** POST /v2/agents/{agentId}/versions/{versionId}/restore */
export interface RestoreAgentVersionResponse extends AgentResponse {
  versionId: string;
}
/**
 * An agent's WhatsApp Legacy Method (agents-channels-domains §3): the number it answers on with
 * its own token, once Meta verified the webhook (waVerifyPassed). Services only: it holds the token.
 */
export interface WhatsappLegacySettings {
  workspaceId: string;
  whatsappToken?: string;
  whatsappNumberId?: string;
  waVerifyPassed: boolean;
}
export interface WhatsappLegacySettingsResponse extends SuccessResponse {
  legacy: WhatsappLegacySettings;
}
/** POST /procedures/uploadFile */
export interface UploadFileResponse extends SuccessResponse {
  data: UploadedFile;
}
/** POST /ai-css-generator: the reply, the CSS found in it (or null) and whether a sandbox model answered. */
export interface AiCssResult extends AiCssResponse {
  css?: string | null;
  sandbox?: boolean;
  model?: string;
}
/** A stored custom theme. */
export type StoredCustomTheme = Required<CustomTheme> & { ID: string; createdAt: number; lastModified: number };
export interface CustomThemesResponse extends SuccessResponse {
  data: StoredCustomTheme[];
}
export interface CustomThemeResponse extends SuccessResponse {
  data: StoredCustomTheme;
}

/** Every endpoint of the agent service (services/agent/README.md). */
export const AGENT_API = {
  listAgents: endpoint<NoParams, { workspaceId?: string }, undefined, AgentListResponse>()({ service: 'agent', operationId: 'listAgents', method: 'get', path: '/v2/agents' }),
  getAgent: endpoint<AgentIdParam, GetAgentQuery, undefined, AgentResponse>()({ service: 'agent', operationId: 'getAgent', method: 'get', path: '/v2/agents/:agentId' }),
  /** Creates the agent when absent (the New Agent draft) or saves the whole agent; a body of channel fields only is merged. */
  saveAgent: endpoint<AgentIdParam, NoQuery, SaveAgentRequest | JsonObject, SaveAgentResponse>()({ service: 'agent', operationId: 'saveAgent', method: 'post', path: '/v2/agents/:agentId' }),
  rotateAgentSecretKey: endpoint<AgentIdParam, NoQuery, Record<string, never>, RotateAgentSecretKeyResponse>()({ service: 'agent', operationId: 'rotateAgentSecretKey', method: 'post', path: CREDENTIAL_ROUTES.rotateAgentSecretKey }),
  listAgentVersions: endpoint<AgentIdParam, NoQuery, undefined, AgentVersionsResponse>()({ service: 'agent', operationId: 'listAgentVersions', method: 'get', path: '/v2/agents/:agentId/versions' }),
  restoreAgentVersion: endpoint<AgentIdParam & { versionId: string }, NoQuery, undefined, RestoreAgentVersionResponse>()({
    service: 'agent',
    operationId: 'restoreAgentVersion',
    method: 'post',
    path: '/v2/agents/:agentId/versions/:versionId/restore',
  }),
  listTemplates: endpoint<NoParams, NoQuery, undefined, TemplatesResponse>()({ service: 'agent', operationId: 'listTemplates', method: 'get', path: '/v2/templates' }),
  convertAgentTemplateToAgent: endpoint<NoParams, NoQuery, ConvertAgentTemplateToAgentRequest, ConvertAgentTemplateResponse>()({
    service: 'agent',
    operationId: 'convertAgentTemplateToAgent',
    method: 'post',
    path: '/procedures/convertAgentTemplateToAgent',
  }),
  exportAgentToJson: endpoint<NoParams, NoQuery, ExportAgentRequest, ExportAgentResponse>()({ service: 'agent', operationId: 'exportAgentToJson', method: 'post', path: '/procedures/exportAgentToJson' }),
  saveAgentBackup: endpoint<NoParams, NoQuery, SaveAgentBackupRequest>()({ service: 'agent', operationId: 'saveAgentBackup', method: 'post', path: '/procedures/saveAgentBackup' }),
  verifyCredential: endpoint<NoParams, NoQuery, CredentialVerifyRequest, CredentialVerifyResponse>()({ service: 'agent', operationId: 'verifyCredential', method: 'post', path: '/internal/credentials/verify' }),
  /** Services only: an agent's WhatsApp Legacy Method settings, for the channels service's webhook and replies. */
  getWhatsappLegacySettings: endpoint<AgentIdParam, NoQuery, undefined, WhatsappLegacySettingsResponse>()({
    service: 'agent',
    operationId: 'getWhatsappLegacySettings',
    method: 'get',
    path: '/internal/agents/:agentId/whatsapp-legacy',
  }),
  /** Services only: Meta verified the agent's legacy webhook (the handshake's verify token was the agent id). */
  markWhatsappWebhookVerified: endpoint<AgentIdParam, NoQuery, undefined, SuccessResponse>()({
    service: 'agent',
    operationId: 'markWhatsappWebhookVerified',
    method: 'post',
    path: '/internal/agents/:agentId/whatsapp-legacy/verified',
  }),
  uploadFile: endpoint<NoParams, NoQuery, UploadFileRequest, UploadFileResponse>()({ service: 'agent', operationId: 'uploadFile', method: 'post', path: '/procedures/uploadFile' }),
  /** The bytes of an uploaded file (public). */
  getFile: endpoint<{ name: string }, NoQuery, undefined, Blob>()({ service: 'agent', operationId: 'getFile', method: 'get', path: '/files/:name' }),
  generateCss: endpoint<NoParams, NoQuery, AiCssRequest, AiCssResult>()({ service: 'agent', operationId: 'generateCss', method: 'post', path: '/ai-css-generator', atApiRoot: true }),
  listTranslateLanguages: endpoint<NoParams, NoQuery, undefined, TranslateLanguagesResponse>()({ service: 'agent', operationId: 'listTranslateLanguages', method: 'get', path: '/translate', atApiRoot: true }),
  listCustomThemes: endpoint<NoParams, NoQuery, undefined, CustomThemesResponse>()({ service: 'agent', operationId: 'listCustomThemes', method: 'get', path: '/v2/themes' }),
  createCustomTheme: endpoint<NoParams, NoQuery, CustomTheme & { primary: string }, CustomThemeResponse>()({ service: 'agent', operationId: 'createCustomTheme', method: 'post', path: '/v2/themes' }),
  /** The shell's test chat: the answer as JSON, or streamed (SSE) with Accept: text/event-stream. */
  sendTestMessage: endpoint<AgentIdParam, NoQuery, ChatMessageRequest, ChatAnswerResponse>()({ service: 'agent', operationId: 'sendTestMessage', method: 'post', path: '/v2/agents/:agentId/chat' }),
  listConversations: endpoint<AgentIdParam, NoQuery, undefined, ConversationListResponse>()({ service: 'agent', operationId: 'listConversations', method: 'get', path: '/v2/agents/:agentId/conversations' }),
  /** The Sessions page: the recorded conversations of every agent of the workspace, newest first. */
  /** The Prompts page: the system prompts of every agent of the workspace. */
  listWorkspacePrompts: endpoint<{ workspaceId: string }, NoQuery, undefined, WorkspacePromptsResponse>()({ service: 'agent', operationId: 'listWorkspacePrompts', method: 'get', path: '/v2/workspaces/:workspaceId/prompts' }),
  listWorkspaceSessions: endpoint<{ workspaceId: string }, NoQuery, undefined, WorkspaceSessionsResponse>()({ service: 'agent', operationId: 'listWorkspaceSessions', method: 'get', path: '/v2/workspaces/:workspaceId/sessions' }),
  listLeads: endpoint<AgentIdParam, NoQuery, undefined, LeadListResponse>()({ service: 'agent', operationId: 'listLeads', method: 'get', path: '/v2/agents/:agentId/leads' }),
  /** Public: what the embedded widget shows (look, greeting), never a secret or the prompt. */
  getWidgetSettings: endpoint<AgentIdParam, NoQuery, undefined, WidgetSettingsResponse>()({ service: 'agent', operationId: 'getWidgetSettings', method: 'get', path: '/widget/agents/:agentId' }),
  /** Public: a visitor's message to the agent's widget, answered as JSON or streamed (SSE). */
  sendWidgetMessage: endpoint<AgentIdParam, NoQuery, ChatMessageRequest, ChatAnswerResponse>()({ service: 'agent', operationId: 'sendWidgetMessage', method: 'post', path: '/widget/agents/:agentId/messages' }),
  /** Public: the visitor's own conversation (its id and the visitor id both known), for the widget on the next page. */
  getWidgetConversation: endpoint<AgentIdParam & { conversationId: string }, { visitorId: string }, undefined, WidgetConversationResponse>()({
    service: 'agent',
    operationId: 'getWidgetConversation',
    method: 'get',
    path: '/widget/agents/:agentId/conversations/:conversationId',
  }),
  /** The Knowledge tab: the agent's sources with status, counts and refresh rate. */
  listKnowledgeSources: endpoint<AgentIdParam, NoQuery, undefined, KnowledgeSourcesResponse>()({ service: 'agent', operationId: 'listKnowledgeSources', method: 'get', path: '/v2/agents/:agentId/knowledge' }),
  createKnowledgeSource: endpoint<AgentIdParam, NoQuery, CreateKnowledgeSourceRequest, KnowledgeSourceResponse>()({ service: 'agent', operationId: 'createKnowledgeSource', method: 'post', path: '/v2/agents/:agentId/knowledge' }),
  searchKnowledge: endpoint<AgentIdParam, NoQuery, KnowledgeSearchRequest, KnowledgeSearchResponse>()({ service: 'agent', operationId: 'searchKnowledge', method: 'post', path: '/v2/agents/:agentId/knowledge/search' }),
  updateKnowledgeSource: endpoint<AgentIdParam & { sourceId: string }, NoQuery, UpdateKnowledgeSourceRequest, KnowledgeSourceResponse>()({
    service: 'agent',
    operationId: 'updateKnowledgeSource',
    method: 'post',
    path: '/v2/agents/:agentId/knowledge/:sourceId',
  }),
  deleteKnowledgeSource: endpoint<AgentIdParam & { sourceId: string }, NoQuery, undefined>()({ service: 'agent', operationId: 'deleteKnowledgeSource', method: 'delete', path: '/v2/agents/:agentId/knowledge/:sourceId' }),
  /** The Crawler page: the knowledge sources of every agent of the workspace, newest first. */
  listWorkspaceKnowledgeSources: endpoint<{ workspaceId: string }, NoQuery, undefined, KnowledgeSourcesResponse>()({
    service: 'agent',
    operationId: 'listWorkspaceKnowledgeSources',
    method: 'get',
    path: '/v2/workspaces/:workspaceId/knowledge',
  }),
  /** The Tools tab's test: the tool's argument map in a tool-calls message, sent to its server with its secret. */
  testVoiceTool: endpoint<AgentIdParam, NoQuery, VoiceToolTestRequest, VoiceToolTestResponse>()({ service: 'agent', operationId: 'testVoiceTool', method: 'post', path: '/v2/agents/:agentId/tools/test' }),
  /** The Functions page: the voice tools of every agent of the workspace. */
  listWorkspaceFunctions: endpoint<{ workspaceId: string }, NoQuery, undefined, WorkspaceFunctionsResponse>()({ service: 'agent', operationId: 'listWorkspaceFunctions', method: 'get', path: '/v2/workspaces/:workspaceId/functions' }),
} as const;

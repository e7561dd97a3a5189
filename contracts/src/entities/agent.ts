import Joi from 'joi';
import {
  AGENT_ACCOUNT_CREATION_CONFIG,
  AGENT_DRAFT_DEFAULTS,
  AGENT_DRAFT_THEMES,
  AGENT_LIMITS,
  AGENT_PLATFORMS,
  AGENT_SETTINGS_PLATFORMS,
  BUTTONS_LAYOUTS,
  CUSTOM_THEME_TYPES,
  KB_SEARCH_METHODS,
  NODE_TYPES,
  VECTOR_DATABASES,
  VG_STARTER_DEFAULTS,
  VOICE_CONFIG_DEFAULT,
  type AgentPlatform,
  type AgentSettingsPlatform,
} from '../constants/agent';
import { AI_CSS_MESSAGE_ROLES } from '../constants/channels';
import { ID_LENGTHS, SECRET_PREFIX } from '../constants/ids';
import { MESSAGES } from '../constants/messages';
import { AGENT_DATABASE_REGIONS, type AgentDatabaseRegion } from '../constants/regions';
import { TEXT_LIMITS } from '../constants/text-limits';
import { newAgentId, newAgentSecretKey } from '../ids';
import { documentId, email, freeObject, generatedIdPattern, hexColor, idList, name, optionalUrl, requiredMessages, text, timestamp, unixSeconds, type JsonObject } from './common';
import { toolSchema, type Tool } from './tools';

/** An agent's SECRET_API_KEY: `vg_` plus 20 characters. */
export const AGENT_SECRET_KEY_PATTERN = generatedIdPattern(ID_LENGTHS.agentSecretKey, SECRET_PREFIX);
/** A new agent's id: 16 characters. */
export const AGENT_ID_PATTERN = generatedIdPattern(ID_LENGTHS.agentId);

type DeepMutable<T> = { -readonly [K in keyof T]: T[K] extends object ? DeepMutable<T[K]> : T[K] };
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
function deepMerge<T extends Record<string, unknown>>(base: T, overrides: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? deepMerge(merged[key] as Record<string, unknown>, value) : value;
  }
  return merged as T;
}
/** Deep copy of plain data (constants, agents), dropping readonly. */
const clone = <T>(value: T): DeepMutable<T> => JSON.parse(JSON.stringify(value));

const flag = () => Joi.boolean();
const count = () => Joi.number().integer().min(0);
const secret = () => text(TEXT_LIMITS.token);
const prompt = () => text(TEXT_LIMITS.prompt);
/** An agent name: required where a name is asked for, never empty. */
const agentTitle = () => name().messages(requiredMessages(MESSAGES.agent.nameRequired));

export interface VoiceConfig {
  config?: { recordAudio?: boolean; enableWebCalling?: boolean; backgroundNoise?: string };
  transcriber?: { provider?: string; modelId?: string; utteranceThreshold?: number; language?: string };
  speechGen?: { provider?: string; voiceId?: string };
}
export const voiceConfigSchema = Joi.object<VoiceConfig, true>({
  config: Joi.object({ recordAudio: flag(), enableWebCalling: flag(), backgroundNoise: Joi.string().max(TEXT_LIMITS.name) }),
  transcriber: Joi.object({
    provider: Joi.string().max(TEXT_LIMITS.name),
    modelId: Joi.string().max(TEXT_LIMITS.name),
    utteranceThreshold: count(),
    language: Joi.string().max(20),
  }),
  speechGen: Joi.object({ provider: Joi.string().max(TEXT_LIMITS.name), voiceId: Joi.string().max(TEXT_LIMITS.name) }),
});

export type AgentNodeType = (typeof NODE_TYPES)[number];
/** A node of the agent's `nodes` field as stored: any shape with a type of the spec (older agents carry others). */
export interface AgentNode {
  id?: string;
  type: AgentNodeType;
  [key: string]: unknown;
}
/** What a node says or instructs. */
export interface AgentNodeData {
  label: string;
  /** what a start or end node says */
  message?: string;
  /** what a default node instructs */
  prompt?: string;
  /** a note's text */
  text?: string;
  [key: string]: unknown;
}
/**
 * The node shape the platform writes (the templates, the Canvas editor). The spec names only
 * the node types; this shape is ours: a position on the canvas, what the node says or
 * instructs in `data`, and the ids of the nodes that may follow in `next`.
 */
export interface AgentFlowNode extends AgentNode {
  id: string;
  type: AgentNodeType;
  position: { x: number; y: number };
  data: AgentNodeData;
  next: string[];
}
const agentNodeSchema = Joi.object({ id: Joi.string().max(TEXT_LIMITS.id), type: Joi.string().valid(...NODE_TYPES).required() }).unknown(true);

export interface VapiConfig {
  enableVapiOnWeb?: boolean;
  overrideWithVG?: boolean;
  promptOnWeb?: boolean;
  maxCostMonthly?: number;
  maxMinutesMonthly?: number;
  orgId?: string;
  publicKey?: string;
  privateKey?: string;
  serverUrl?: string;
  serverUrlSecret?: string;
}
export const vapiConfigSchema = Joi.object<VapiConfig, true>({
  enableVapiOnWeb: flag(),
  overrideWithVG: flag(),
  promptOnWeb: flag(),
  maxCostMonthly: Joi.number().min(0),
  maxMinutesMonthly: Joi.number().min(0),
  orgId: Joi.string().max(TEXT_LIMITS.id).allow(''),
  publicKey: secret(),
  privateKey: secret(),
  serverUrl: optionalUrl(),
  serverUrlSecret: secret(),
});

export interface KbLlmSettings {
  searchMethod?: (typeof KB_SEARCH_METHODS)[number];
  searchPrompt?: string;
  modelId?: string;
  /** spelled so */
  temprature?: number;
  maxTokens?: number;
}

/**
 * An agent's settings, every field optional (agents-channels-domains §3, agency-shell-clients
 * §3.5). The agent document is open: fields the spec does not enumerate (widget tabs, node
 * data, UI options) pass through, while the ones listed here are type- and length-checked.
 */
export interface AgentSettings {
  // platform and identity
  vectorDb?: (typeof VECTOR_DATABASES)[number];
  agentPlatform?: AgentSettingsPlatform;
  ID?: string;
  ownerID?: string;
  userId?: string;
  ownerEmail?: string;
  isDeployed?: boolean;
  title?: string;
  description?: string;
  theme?: string;
  customThemeJSONString?: string;
  fontFamily?: string;
  branding?: boolean | string;
  roundedImageURL?: string;
  rectangularImageURL?: string;
  avatarImageURL?: string;
  headerImageURL?: string;
  bannerImageURL?: string;
  chatBgURL?: string;
  // behaviour
  messageDelayMS?: number;
  delayBeforeSubmit?: number;
  scrollAnimation?: boolean;
  disableSmoothScroll?: boolean;
  proactiveMessage?: string;
  acceptFileUpload?: boolean;
  enableQuickFileUpload?: boolean;
  recordChatHistory?: boolean;
  autoStartWidget?: boolean;
  syncBrowser?: boolean;
  listenForUrlChanges?: boolean;
  chatForget?: boolean;
  lang?: string;
  enableAudioSupport?: boolean;
  enableAITranslate?: boolean;
  AITranslateTo?: string;
  translateUserResponse?: boolean;
  disableNoReplyListener?: boolean;
  smartInit?: boolean;
  starred?: boolean;
  /** unix seconds */
  lastModified?: number;
  ts?: number;
  messagesLimit?: number;
  tokensUsage?: number;
  maxTokensUsage?: number;
  allTimeTriggers?: number;
  region?: AgentDatabaseRegion;
  buttonsLayout?: (typeof BUTTONS_LAYOUTS)[number];
  ADVANCED_customCSS?: string;
  customButtonJSON_STRING?: string;
  // handoff
  enableHumanHandoff?: boolean;
  alwaysShowHandoff?: boolean;
  manualControl?: boolean;
  enableVGHandoff?: boolean;
  fixedHandoffPopup?: boolean;
  showHandoffEvenIfOffline?: boolean;
  UIhandoffTitle?: string;
  UIhandoffSubtitle?: string;
  enableGeoAnalytics?: boolean;
  // LLM
  vg_initPrompt?: string;
  vg_prompt?: string;
  vg_initMessages?: string[];
  vg_systemPrompt?: string;
  vg_temperature?: number;
  vg_defaultModel?: string;
  vg_maxTokens?: number;
  vg_enableUIEngine?: boolean;
  vg_enableAboutContext?: boolean;
  ifKnowsThreshold?: number;
  // knowledge base
  vg_kbDefaultDimension?: number;
  vg_kbTopChunks?: number;
  vg_kbCharCount?: number;
  vg_kbDocsNum?: number;
  vg_kb_llm?: KbLlmSettings;
  vgOptions?: { maxChunkSize?: number; isLlmStudio?: boolean };
  // channels and integrations
  whatsappToken?: string;
  whatsappNumberId?: string;
  /** spelled so */
  whatsappBusniessId?: string;
  waTestNumber?: string;
  waVerifyPassed?: boolean;
  waTestPassed?: boolean;
  instagramVerified?: boolean;
  instagramAccessToken?: string;
  instagramOptions?: { pageId?: string; accessToken?: string };
  webhookUrl?: string;
  flowise?: { webhookUrl?: string; webhookSecret?: string };
  vfSettings?: { enableIgnoreUrlPaths?: boolean };
  vfApiKey?: string;
  vfProjectId?: string;
  gcloudPrivateKey?: string;
  gcloudClientEmail?: string;
  SECRET_API_KEY?: string;
  vapi?: JsonObject;
  // voice and UI
  voiceConfig?: VoiceConfig;
  vapiConfig?: VapiConfig;
  ui?: {
    widgetType?: string;
    enableFixedFeedbackBtns?: boolean;
    voice?: { question?: string; continueBtnLabel?: string; dismissBtnLabel?: string };
  };
  tabs?: JsonObject[];
  enableNodes?: boolean;
  nodes?: AgentNode[];
  assignedToolsIds?: string[];
  tools?: Tool[];
  internal?: { accountCreationConfig?: typeof AGENT_ACCOUNT_CREATION_CONFIG; websocketServer?: string };
}

const agentInternalSchema = Joi.object({
  accountCreationConfig: Joi.string().valid(AGENT_ACCOUNT_CREATION_CONFIG),
  websocketServer: Joi.string().max(TEXT_LIMITS.name),
}).unknown(true);

const agentSettingsKeys: Joi.StrictSchemaMap<AgentSettings> = {
  vectorDb: Joi.string().valid(...VECTOR_DATABASES),
  agentPlatform: Joi.string().valid(...AGENT_SETTINGS_PLATFORMS),
  ID: documentId(),
  ownerID: documentId(),
  userId: documentId(),
  ownerEmail: email(),
  isDeployed: flag(),
  title: agentTitle(),
  description: text(TEXT_LIMITS.longText),
  theme: Joi.string().max(TEXT_LIMITS.name),
  customThemeJSONString: text(TEXT_LIMITS.jsonString),
  fontFamily: text(TEXT_LIMITS.name),
  branding: Joi.alternatives().try(flag(), text(TEXT_LIMITS.shortText)),
  roundedImageURL: optionalUrl(),
  rectangularImageURL: optionalUrl(),
  avatarImageURL: optionalUrl(),
  headerImageURL: optionalUrl(),
  bannerImageURL: optionalUrl(),
  chatBgURL: optionalUrl(),
  messageDelayMS: Joi.number().integer().min(0).max(600_000),
  delayBeforeSubmit: Joi.number().integer().min(0).max(600_000),
  scrollAnimation: flag(),
  disableSmoothScroll: flag(),
  proactiveMessage: text(TEXT_LIMITS.longText),
  acceptFileUpload: flag(),
  enableQuickFileUpload: flag(),
  recordChatHistory: flag(),
  autoStartWidget: flag(),
  syncBrowser: flag(),
  listenForUrlChanges: flag(),
  chatForget: flag(),
  lang: Joi.string().max(20),
  enableAudioSupport: flag(),
  enableAITranslate: flag(),
  AITranslateTo: Joi.string().max(20).allow(''),
  translateUserResponse: flag(),
  disableNoReplyListener: flag(),
  smartInit: flag(),
  starred: flag(),
  lastModified: unixSeconds(),
  ts: timestamp(),
  messagesLimit: count(),
  tokensUsage: Joi.number().min(0),
  maxTokensUsage: Joi.number().min(0),
  allTimeTriggers: count(),
  region: Joi.string().valid(...AGENT_DATABASE_REGIONS),
  buttonsLayout: Joi.string().valid(...BUTTONS_LAYOUTS),
  ADVANCED_customCSS: text(TEXT_LIMITS.markup),
  customButtonJSON_STRING: text(TEXT_LIMITS.jsonString),
  enableHumanHandoff: flag(),
  alwaysShowHandoff: flag(),
  manualControl: flag(),
  enableVGHandoff: flag(),
  fixedHandoffPopup: flag(),
  showHandoffEvenIfOffline: flag(),
  UIhandoffTitle: text(TEXT_LIMITS.shortText),
  UIhandoffSubtitle: text(TEXT_LIMITS.shortText),
  enableGeoAnalytics: flag(),
  vg_initPrompt: prompt(),
  vg_prompt: prompt(),
  vg_initMessages: Joi.array().items(text(TEXT_LIMITS.longText)).max(100),
  vg_systemPrompt: prompt(),
  vg_temperature: Joi.number().min(0).max(2),
  vg_defaultModel: Joi.string().max(TEXT_LIMITS.name),
  vg_maxTokens: Joi.number().integer().min(1).max(1_000_000),
  vg_enableUIEngine: flag(),
  vg_enableAboutContext: flag(),
  ifKnowsThreshold: Joi.number().min(0),
  vg_kbDefaultDimension: Joi.number().integer().min(1).max(100_000),
  vg_kbTopChunks: count(),
  vg_kbCharCount: count(),
  vg_kbDocsNum: count(),
  vg_kb_llm: Joi.object<KbLlmSettings, true>({
    searchMethod: Joi.string().valid(...KB_SEARCH_METHODS),
    searchPrompt: prompt(),
    modelId: Joi.string().max(TEXT_LIMITS.name),
    temprature: Joi.number().min(0).max(2),
    maxTokens: Joi.number().integer().min(1).max(1_000_000),
  }),
  vgOptions: Joi.object({
    maxChunkSize: Joi.number()
      .integer()
      .min(AGENT_LIMITS.minMaxChunkSize)
      .max(1_000_000)
      .messages({ 'number.min': MESSAGES.agent.maxChunkSizeTooSmall }),
    isLlmStudio: flag(),
  }).unknown(true),
  whatsappToken: secret(),
  whatsappNumberId: text(TEXT_LIMITS.id),
  whatsappBusniessId: text(TEXT_LIMITS.id),
  waTestNumber: text(50),
  waVerifyPassed: flag(),
  waTestPassed: flag(),
  instagramVerified: flag(),
  instagramAccessToken: secret(),
  instagramOptions: Joi.object({ pageId: text(TEXT_LIMITS.id), accessToken: secret() }),
  webhookUrl: optionalUrl(),
  flowise: Joi.object({ webhookUrl: optionalUrl(), webhookSecret: secret() }),
  vfSettings: Joi.object({ enableIgnoreUrlPaths: flag() }),
  vfApiKey: secret(),
  vfProjectId: text(TEXT_LIMITS.id),
  gcloudPrivateKey: text(TEXT_LIMITS.privateKey),
  gcloudClientEmail: text(TEXT_LIMITS.email),
  SECRET_API_KEY: Joi.string().pattern(AGENT_SECRET_KEY_PATTERN),
  vapi: freeObject(),
  voiceConfig: voiceConfigSchema,
  vapiConfig: vapiConfigSchema,
  ui: Joi.object({
    widgetType: Joi.string().max(TEXT_LIMITS.name),
    enableFixedFeedbackBtns: flag(),
    voice: Joi.object({
      question: text(TEXT_LIMITS.shortText),
      continueBtnLabel: text(TEXT_LIMITS.name),
      dismissBtnLabel: text(TEXT_LIMITS.name),
    }),
  }).unknown(true),
  tabs: Joi.array().items(freeObject()).max(100),
  enableNodes: flag(),
  nodes: Joi.array().items(agentNodeSchema).max(10_000),
  assignedToolsIds: idList(),
  tools: Joi.array().items(toolSchema).max(TEXT_LIMITS.list),
  internal: agentInternalSchema,
};
export const agentSettingsSchema = Joi.object<AgentSettings, true>(agentSettingsKeys).unknown(true);

/** Body of POST /v2/agents/{agentId}: the whole agent plus lastModified. */
export type SaveAgentRequest = AgentSettings & { lastModified: number };
export const saveAgentRequestSchema = Joi.object<SaveAgentRequest, true>({
  ...agentSettingsKeys,
  lastModified: unixSeconds().required(),
}).unknown(true);

/** A new agent as created (ID of 16 characters, a name, the spec's defaults). */
export interface AgentDraft extends AgentSettings {
  ID: string;
  title: string;
  agentPlatform: AgentPlatform;
  theme?: (typeof AGENT_DRAFT_THEMES)[number];
}
/** Validates a draft and fills in the spec's defaults for fields left out. */
export const agentDraftSchema = Joi.object<AgentDraft, true>({
  ...agentSettingsKeys,
  ID: Joi.string().pattern(AGENT_ID_PATTERN).required(),
  title: agentTitle().required(),
  agentPlatform: Joi.string().valid(...AGENT_PLATFORMS).default('vg'),
  theme: Joi.string().valid(...AGENT_DRAFT_THEMES).default(AGENT_DRAFT_THEMES[0]),
  nodes: agentSettingsKeys.nodes.default(() => []),
  description: agentSettingsKeys.description.default(AGENT_DRAFT_DEFAULTS.description),
  proactiveMessage: agentSettingsKeys.proactiveMessage.default(AGENT_DRAFT_DEFAULTS.proactiveMessage),
  messageDelayMS: agentSettingsKeys.messageDelayMS.default(AGENT_DRAFT_DEFAULTS.messageDelayMS),
  maxTokensUsage: agentSettingsKeys.maxTokensUsage.default(AGENT_DRAFT_DEFAULTS.maxTokensUsage),
  autoStartWidget: flag().default(AGENT_DRAFT_DEFAULTS.autoStartWidget),
  syncBrowser: flag().default(AGENT_DRAFT_DEFAULTS.syncBrowser),
  listenForUrlChanges: flag().default(AGENT_DRAFT_DEFAULTS.listenForUrlChanges),
  lang: agentSettingsKeys.lang.default(AGENT_DRAFT_DEFAULTS.lang),
  recordChatHistory: flag().default(AGENT_DRAFT_DEFAULTS.recordChatHistory),
  enableGeoAnalytics: flag().default(AGENT_DRAFT_DEFAULTS.enableGeoAnalytics),
  enableNodes: flag().default(AGENT_DRAFT_DEFAULTS.enableNodes),
  internal: agentInternalSchema.keys({
    accountCreationConfig: Joi.string().valid(AGENT_ACCOUNT_CREATION_CONFIG).default(AGENT_ACCOUNT_CREATION_CONFIG),
  }).default(),
  vapiConfig: vapiConfigSchema.keys({ promptOnWeb: flag().default(AGENT_DRAFT_DEFAULTS.vapiConfig.promptOnWeb) }).default(),
  voiceConfig: voiceConfigSchema.default(() => clone(VOICE_CONFIG_DEFAULT)),
}).unknown(true);


/** 'vg' agents without nodes get the starter defaults merged over the draft. */
export function withStarterDefaults(draft: AgentDraft): AgentDraft {
  if (draft.agentPlatform !== 'vg' || draft.enableNodes) return draft;
  return deepMerge(draft as AgentDraft & Record<string, unknown>, clone(VG_STARTER_DEFAULTS));
}

export interface NewAgentDraftInput {
  title: string;
  /** the workspace id */
  ownerID: string;
  agentPlatform?: AgentPlatform;
  themeMode?: 'light' | 'dark';
  enableNodes?: boolean;
}
/** A complete draft of a new agent: fresh ID and secret key, spec defaults, starter defaults where they apply. */
export function newAgentDraft(input: NewAgentDraftInput): AgentDraft {
  const draft: AgentDraft = {
    ...clone(AGENT_DRAFT_DEFAULTS),
    ID: newAgentId(),
    title: input.title,
    ownerID: input.ownerID,
    agentPlatform: input.agentPlatform ?? 'vg',
    theme: `blue-${input.themeMode ?? 'light'}`,
    enableNodes: input.enableNodes ?? AGENT_DRAFT_DEFAULTS.enableNodes,
    SECRET_API_KEY: newAgentSecretKey(),
    lastModified: Math.floor(Date.now() / 1000),
    voiceConfig: clone(VOICE_CONFIG_DEFAULT),
    nodes: [],
  };
  return withStarterDefaults(draft);
}

/** An agent template offered in the New Agent drawer (its body is not specified). */
export interface AgentTemplate {
  key: string;
  name: string;
  description?: string;
  icon?: string;
  template: JsonObject;
}
export const agentTemplateSchema = Joi.object<AgentTemplate, true>({
  key: Joi.string().max(TEXT_LIMITS.name).pattern(/^[a-z0-9-]+$/).required(),
  name: name().required(),
  description: text(TEXT_LIMITS.shortText),
  icon: Joi.string().max(TEXT_LIMITS.url),
  template: freeObject().required(),
});

/** Procedure convertAgentTemplateToAgent. */
export interface ConvertAgentTemplateRequest {
  agentName: string;
  agentTemplate: JsonObject;
}
export const convertAgentTemplateRequestSchema = Joi.object<ConvertAgentTemplateRequest, true>({
  agentName: agentTitle().required(),
  agentTemplate: freeObject().required(),
});

/** Procedure exportAgentToJson; answers agentTemplate. */
export interface ExportAgentRequest {
  agentId: string;
}
export const exportAgentRequestSchema = Joi.object<ExportAgentRequest, true>({ agentId: documentId().required() });

/** Procedure saveAgentBackup (after a publish). */
export interface SaveAgentBackupRequest {
  agentId: string;
  workspaceId: string;
  userEmail: string;
}
export const saveAgentBackupRequestSchema = Joi.object<SaveAgentBackupRequest, true>({
  agentId: documentId().required(),
  workspaceId: documentId().required(),
  userEmail: email().required(),
});

/** A custom colour theme: primary colour and the palette as HSL triples. */
export interface CustomTheme {
  ownerID?: string;
  themeType?: (typeof CUSTOM_THEME_TYPES)[number];
  primary?: string;
  nineColorPallet?: [number, number, number][];
}
const hslTriple = Joi.array().ordered(Joi.number().min(0).max(360), Joi.number().min(0).max(100), Joi.number().min(0).max(100)).length(3);
export const customThemeSchema = Joi.object<CustomTheme, true>({
  ownerID: documentId(),
  themeType: Joi.string().valid(...CUSTOM_THEME_TYPES),
  primary: hexColor(),
  // "nine-colour palette" (agency spec) vs "primary plus 10 shades" (theme editor): both accepted.
  nineColorPallet: Joi.array().items(hslTriple).min(9).max(10),
});

/** POST /api/ai-css-generator. */
export interface AiCssRequest {
  messages: { role: (typeof AI_CSS_MESSAGE_ROLES)[number]; content: string }[];
  currentCSS?: string;
  userData?: JsonObject;
  agentID?: string;
  bucket?: string;
}
export const aiCssRequestSchema = Joi.object<AiCssRequest, true>({
  messages: Joi.array()
    .items(
      Joi.object({
        role: Joi.string().valid(...AI_CSS_MESSAGE_ROLES).required(),
        content: Joi.string().trim().max(TEXT_LIMITS.longText).required(),
      }),
    )
    .min(1)
    .max(100)
    .required(),
  currentCSS: text(TEXT_LIMITS.markup),
  userData: freeObject(),
  agentID: documentId(),
  bucket: Joi.string().max(TEXT_LIMITS.name),
});
export interface AiCssResponse {
  success: boolean;
  response?: string;
  error?: string;
}

/** GET /api/translate. */
export interface TranslateLanguagesResponse {
  success: boolean;
  languages: { language: string; name: string }[];
}

/** Fields that must never leave the platform with an agent (partner events, public answers). */
export const AGENT_SECRET_FIELDS = [
  'SECRET_API_KEY',
  'whatsappToken',
  'gcloudPrivateKey',
  'instagramAccessToken',
  'vfApiKey',
  'vapi',
  'instagramOptions.accessToken',
  'flowise.webhookSecret',
  'vapiConfig.privateKey',
  'vapiConfig.serverUrlSecret',
  'tools.serverUrlSecret',
] as const;

/** A copy of the agent without AGENT_SECRET_FIELDS (nested ones included, tools' secrets too). */
export function stripAgentSecrets<T extends AgentSettings>(agent: T): T {
  const copy: Record<string, unknown> = clone(agent);
  for (const path of AGENT_SECRET_FIELDS) {
    const [head, leaf] = path.split('.');
    if (!leaf) {
      delete copy[head];
      continue;
    }
    const parent = copy[head];
    const holders = Array.isArray(parent) ? parent : [parent];
    for (const holder of holders) if (isPlainObject(holder)) delete holder[leaf];
  }
  return copy as T;
}

/** Agent settings with every secret field forbidden: the agent as partners see it. */
export const publicAgentSchema = Joi.object<AgentSettings, true>({
  ...agentSettingsKeys,
  SECRET_API_KEY: Joi.string().forbidden(),
  whatsappToken: Joi.string().forbidden(),
  gcloudPrivateKey: Joi.string().forbidden(),
  instagramAccessToken: Joi.string().forbidden(),
  vfApiKey: Joi.string().forbidden(),
  vapi: freeObject().forbidden(),
  instagramOptions: Joi.object({ pageId: text(TEXT_LIMITS.id), accessToken: Joi.forbidden() }),
  flowise: Joi.object({ webhookUrl: optionalUrl(), webhookSecret: Joi.forbidden() }),
  vapiConfig: vapiConfigSchema.keys({ privateKey: Joi.forbidden(), serverUrlSecret: Joi.forbidden() }),
  tools: Joi.array().items(toolSchema.keys({ serverUrlSecret: Joi.forbidden() })).max(TEXT_LIMITS.list),
}).unknown(true);


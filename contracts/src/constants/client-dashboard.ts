import type { AgentPageKey, AgentTabKey } from './navigation';

/**
 * The client dashboard's texts that only the dashboard shows (spec agency-shell-clients §8
 * "Client dashboard"), word for word; the sign-in and account texts are CLIENTS_API_MESSAGES.
 */
export const CLIENT_DASHBOARD_MESSAGES = {
  refreshFailed: 'Error occurred refreshing account data.',
  signOutError: 'An error occurred during sign out.',
  /** shown whatever the result */
  feedbackSent: 'Feedback sent!',
} as const;

/** Login errors show for 3 s (spec §8). */
export const CLIENT_LOGIN_NOTICE_MS = 3000;

/** Agent titles in the client's agent selector are cut at 30 characters (billing.md §2). */
export const CLIENT_AGENT_TITLE_MAX = 30;

/**
 * Agent pages a client may be given (keys of AGENT_TABS, opened at /app/{region}/agents/{id}/{key}):
 * the ones the dashboard renders for clients. A page served by routes a client could not call
 * before opens them to clients whose access names it (`clients: {page}`): Knowledge and Tools
 * (the agent service, ADR 0036), Channels (the channels service, ADR 0037), Campaigns (channels, ADR 0043).
 */
export const CLIENT_DASHBOARD_PAGES = ['home', 'overview', 'voice', 'nodes', 'prompt', 'convos', 'analytics', 'leads', 'settings', 'kb', 'tools', 'channels', 'campaigns'] as const;
export type ClientDashboardPage = (typeof CLIENT_DASHBOARD_PAGES)[number] & AgentPageKey;

/** The dashboard pages that edit the agent: a client with one in canAccess may save its organisation's agents (ADR 0031). */
export const CLIENT_EDITOR_PAGES: readonly ClientDashboardPage[] = ['overview', 'voice', 'nodes', 'prompt', 'settings', 'kb', 'tools', 'channels'];

/** True when these canAccess paths (e.g. /overview) name an editor page. */
export const canEditAgents = (canAccess: readonly string[]): boolean => canAccess.some((path) => (CLIENT_EDITOR_PAGES as readonly string[]).includes(path.replace(/^\//, '')));

/** The dashboard pages that upload files (Widget's images, Knowledge's documents): a client with one may upload for its agents (ADR 0036). */
export const CLIENT_UPLOAD_PAGES: readonly ClientDashboardPage[] = ['overview', 'kb'];

/**
 * The agent's top-level fields each editor page edits (what its tab in @platform/ui's agent
 * editor changes): a client's save changes only fields of the pages its canAccess names
 * (ADR 0036). A field on two pages (e.g. title on Widget and Settings) opens with either; a
 * field on no page, like the fields only the agency changes, stays the agency's.
 */
export const CLIENT_PAGE_FIELDS: Readonly<Partial<Record<AgentTabKey, readonly string[]>>> = {
  overview: [
    'title', 'description', 'proactiveMessage', 'theme', 'buttonsLayout', 'fontFamily', 'branding', 'customThemeJSONString',
    'roundedImageURL', 'avatarImageURL', 'rectangularImageURL', 'headerImageURL', 'bannerImageURL', 'chatBgURL',
    'messageDelayMS', 'delayBeforeSubmit', 'autoStartWidget', 'scrollAnimation',
  ],
  voice: ['voiceConfig', 'ui'],
  nodes: ['vg_systemPrompt', 'vg_prompt', 'vg_initPrompt', 'vg_initMessages', 'vg_defaultModel', 'vg_temperature', 'vg_maxTokens', 'ifKnowsThreshold', 'vg_enableAboutContext', 'vg_enableUIEngine'],
  prompt: ['nodes'],
  kb: ['vgOptions', 'vg_kbDefaultDimension', 'vg_kbTopChunks', 'vg_kbCharCount', 'vg_kbDocsNum', 'vg_kb_llm'],
  channels: ['whatsappToken', 'whatsappNumberId', 'whatsappBusniessId', 'waTestNumber', 'waVerifyPassed', 'smartInit'],
  tools: ['tools', 'assignedToolsIds'],
  settings: [
    'title', 'description', 'starred', 'isDeployed', 'theme', 'buttonsLayout', 'fontFamily', 'ui', 'disableSmoothScroll', 'scrollAnimation',
    'lang', 'enableAITranslate', 'AITranslateTo', 'translateUserResponse', 'enableAudioSupport', 'syncBrowser', 'listenForUrlChanges', 'vfSettings',
    'proactiveMessage', 'autoStartWidget', 'disableNoReplyListener', 'enableHumanHandoff', 'alwaysShowHandoff', 'manualControl', 'enableVGHandoff',
    'fixedHandoffPopup', 'showHandoffEvenIfOffline', 'UIhandoffTitle', 'UIhandoffSubtitle', 'vgOptions', 'messageDelayMS', 'acceptFileUpload',
    'enableQuickFileUpload', 'enableGeoAnalytics', 'recordChatHistory', 'customButtonJSON_STRING', 'flowise', 'ADVANCED_customCSS',
  ],
};

/** The editor pages that edit this top-level agent field (none: only the agency changes it). */
export const clientPagesOfField = (field: string): AgentTabKey[] =>
  (Object.keys(CLIENT_PAGE_FIELDS) as AgentTabKey[]).filter((page) => CLIENT_PAGE_FIELDS[page]!.includes(field));

/**
 * Agent fields only the agency (the workspace) changes, never its clients (ADR 0031): the
 * workspace-level set-up (platform, database region, realtime server, account creation, vector
 * database, owner e-mail), usage and cost limits (billing), and provider credentials.
 */
export const CLIENT_LOCKED_AGENT_FIELDS = [
  'agentPlatform',
  'region',
  'internal',
  'vectorDb',
  'ownerEmail',
  'messagesLimit',
  'tokensUsage',
  'maxTokensUsage',
  'allTimeTriggers',
  'vapi',
  'vapiConfig',
  'vfApiKey',
  'vfProjectId',
  'gcloudPrivateKey',
  'gcloudClientEmail',
] as const;

/** A field path (e.g. internal.websocketServer) a client may not change. */
export const isClientLockedField = (path: string): boolean => (CLIENT_LOCKED_AGENT_FIELDS as readonly string[]).includes(path.split('.')[0]!);

/** Local storage key of the agent the client chose last (billing.md §2: "stores the id locally"). */
export const CLIENT_SELECTED_AGENT_KEY = 'client.selectedAgent';

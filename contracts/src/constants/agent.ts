/** Platforms an agent can be created on; 'vg' everywhere except one hosted site that offers a chooser. */
export const AGENT_PLATFORMS = ['vg', 'vf'] as const;
export type AgentPlatform = (typeof AGENT_PLATFORMS)[number];

/** Platforms accepted by the agent settings shape. */
export const AGENT_SETTINGS_PLATFORMS = ['vf', 'vg', 'oai-assistants'] as const;
export type AgentSettingsPlatform = (typeof AGENT_SETTINGS_PLATFORMS)[number];

/** Which platform is assumed when an agent carries none. */
export const AGENT_PLATFORM_DEFAULTS = {
  creation: 'vg',
  agentArea: 'vf',
  switcher: 'vg',
} as const satisfies Record<string, AgentPlatform>;

/** A draft's theme is 'blue-' plus light or dark. */
export const AGENT_DRAFT_THEMES = ['blue-light', 'blue-dark'] as const;
/** Themes the shell assigns: custom palette users get custom-*, everyone else blue-light. */
export const AGENT_THEMES = ['blue-light', 'blue-dark', 'custom-light', 'custom-dark'] as const;

export const VECTOR_DATABASES = ['postgres', 'firebase'] as const;
export const BUTTONS_LAYOUTS = ['horizontal', 'vertical', 'in-footer'] as const;
export const KB_SEARCH_METHODS = ['smart', 'simple'] as const;
export const NODE_TYPES = ['start', 'note', 'default', 'end'] as const;
export const AGENT_ACCOUNT_CREATION_CONFIG = 'v2';
/** ui.widgetType value that fills in the default tabs. */
export const TABS_WIDGET_TYPE = 'tabs';

/** Field values of a new agent draft (agents-channels-domains §3). */
export const AGENT_DRAFT_DEFAULTS = {
  description: 'Your virtual assistant.',
  proactiveMessage: 'Hi, how can I help you today? 👋',
  messageDelayMS: 1000,
  maxTokensUsage: 0,
  autoStartWidget: false,
  syncBrowser: false,
  listenForUrlChanges: false,
  lang: 'en',
  recordChatHistory: true,
  enableGeoAnalytics: false,
  enableNodes: true,
  internal: { accountCreationConfig: AGENT_ACCOUNT_CREATION_CONFIG },
  vapiConfig: { promptOnWeb: false },
} as const;

/** Default voice configuration of a new agent. */
export const VOICE_CONFIG_DEFAULT = {
  config: { recordAudio: true, enableWebCalling: true, backgroundNoise: 'restaurant' },
  transcriber: { provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 50, language: 'en' },
  speechGen: { provider: 'deepgram', voiceId: 'asteria' },
} as const;

/**
 * Starter defaults merged into 'vg' agents created without nodes. The prompt texts are not
 * given by the spec ("a customer-care system prompt", "an init prompt demo"); these are ours.
 * The spec's bare "utteranceThreshold 150" is the transcriber setting, overriding the 50 of
 * VOICE_CONFIG_DEFAULT for these agents.
 */
export const VG_STARTER_DEFAULTS = {
  vg_defaultModel: 'gpt-4o',
  vg_enableUIEngine: true,
  vg_temperature: 0.5,
  vg_systemPrompt:
    'You are a friendly and professional customer care assistant. Answer questions clearly and concisely, ' +
    'use the knowledge base when it is relevant, and offer to connect the user with a human when you cannot help.',
  vg_initPrompt: 'Greet the user warmly, introduce yourself as the virtual assistant and ask how you can help today.',
  vg_initMessages: ['Hi, how can I help you today? 👋'],
  vg_maxTokens: 1024,
  vg_kbDefaultDimension: 1536,
  internal: { websocketServer: 'nodejs' },
  vgOptions: { maxChunkSize: 2424 },
  enableGeoAnalytics: true,
  voiceConfig: { transcriber: { utteranceThreshold: 150 } },
} as const;

export const AGENT_LIMITS = {
  /** "Max chunk size at least 1000"; saving below is refused. */
  minMaxChunkSize: 1000,
  defaultMaxChunkSize: 2424,
  defaultMessageDelayMS: 1000,
  defaultMaxTokens: 1024,
  defaultKbDimension: 1536,
  defaultTemperature: 0.5,
  /** Version history keeps 20 versions. */
  versionHistorySize: 20,
} as const;

/** Template picker tabs and their template keys ('All Templates' shows every key). */
export const AGENT_TEMPLATE_CATEGORIES = {
  'Customer Support': ['customer-support', 'real-estate-agent', 'health-care-agent'],
  Utility: ['confirm-email', 'make-appointment', 'blank-template'],
  Entertainment: ['game-npc'],
} as const;
export const AGENT_TEMPLATE_KEYS = Object.values(AGENT_TEMPLATE_CATEGORIES).flat();

export const KNOWLEDGE_REFRESH_RATES = ['1h', '6h', '12h', '24h', '7d', 'never'] as const;
export type KnowledgeRefreshRate = (typeof KNOWLEDGE_REFRESH_RATES)[number];
export const KNOWLEDGE_SOURCE_STATUSES = ['ERROR', 'SUCCESS', 'PENDING', 'INITIALIZED'] as const;
export type KnowledgeSourceStatus = (typeof KNOWLEDGE_SOURCE_STATUSES)[number];
export const KNOWLEDGE_SOURCE_TYPES = ['doc', 'url'] as const;
/** The file types an uploaded document can have to become knowledge. */
export const KNOWLEDGE_DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'html', 'htm', 'csv'] as const;
/** The same list as a file input's accept text. */
export const KNOWLEDGE_DOCUMENT_ACCEPT = KNOWLEDGE_DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const TOOL_FIELD_LOCATIONS = ['query', 'body', 'header'] as const;
export const TOOL_FIELD_TYPES = ['string', 'number', 'boolean', 'object'] as const;

/** Theme editor palette: lightness of the shades, light mode; dark mode uses the reverse order. */
export const PALETTE_LIGHTNESS_STEPS = [95, 90, 80, 70, 60, 50, 40, 30, 20, 10] as const;
export const CUSTOM_THEME_TYPES = ['light', 'dark'] as const;

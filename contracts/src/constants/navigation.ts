/** Agent area tabs: key (path segment) to label. */
export const AGENT_TABS = {
  home: 'Home',
  overview: 'Widget',
  voice: 'Voice',
  nodes: 'Prompt',
  prompt: 'Canvas',
  kb: 'Knowledge',
  convos: 'Chats',
  analytics: 'Analytics',
  leads: 'Leads',
  channels: 'Channels',
  tools: 'Tools',
  settings: 'Settings',
} as const;
export type AgentTabKey = keyof typeof AGENT_TABS;
export const DEFAULT_AGENT_TAB: AgentTabKey = 'overview';
/** Other agent-area paths that are not tabs. */
export const OTHER_AGENT_PATHS = ['metrics', 'campaigns', 'share'] as const;
/** A page of the agent area: a tab, or Campaigns (a page a client's access may name, ADR 0043). */
export type AgentPageKey = AgentTabKey | 'campaigns';
export const AGENT_PAGE_LABELS: Readonly<Record<AgentPageKey, string>> = { ...AGENT_TABS, campaigns: 'Campaigns' };

/** Paths a custom tab may not take ("reserved for a default tab"). */
export const RESERVED_TAB_PATHS: readonly string[] = [...Object.keys(AGENT_TABS), ...OTHER_AGENT_PATHS].map((key) => `/${key}`);

export const SETTINGS_SUB_TABS = [
  'core', 'ui', 'language', 'security', 'notifications', 'handoff', 'technical', 'analytics', 'advanced', 'integrations',
] as const;
export const VOICE_SUB_TABS = ['voiceLibrary', 'speechGen', 'transcriber', 'phoneNumbers', 'testCall', 'advanced'] as const;
export const AGENCY_SETTINGS_TABS = ['Overview', 'Domains', 'Email', 'Theme', 'Custom Tabs', 'Auto Billing', 'Footer'] as const;

/** Navigation search. */
export const NAVIGATION_SEARCH = {
  maxResults: 5,
  debounceMs: 300,
  minScore: 0.3,
  /** A strong match navigates automatically after autoNavigateDelayMs. */
  strongMatchAbove: 0.8,
  goodMatchAbove: 0.6,
  autoNavigateDelayMs: 300,
  labels: { strong: 'Strong match', good: 'Good match', possible: 'Possible match' },
} as const;

/** Agents loading screen: message shown while progress is under each bound. */
export const AGENTS_LOADING = {
  capPercent: 85,
  messages: [
    { under: 25, text: 'Initializing your workspace...' },
    { under: 50, text: 'Loading your agents...' },
    { under: 75, text: 'Preparing navigation...' },
    { under: 100, text: 'Almost ready...' },
  ],
} as const;

export const LAYOUT_PX = {
  miniChatWidth: 450,
  sideNavOpen: 200,
  sideNavCollapsed: 65,
  agentSidebarExpanded: 250,
  agentSidebarCollapsed: 75,
  notificationPanel: { width: 350, height: 500 },
  cssEditorHeight: 500,
  templateCardWidth: { min: 200, max: 300 },
  embeddedChatContainer: { width: 500, height: 500 },
} as const;

export const TIMINGS_MS = {
  noticeMin: 2000,
  noticeMax: 5000,
  domainPoll: 5000,
  emailDomainStatusPoll: 5000,
  inputValidationDebounce: 2000,
  onboardingRetryAfter: 30_000,
} as const;

/** Workspace names are truncated to 20 or 25 characters in menus. */
export const MENU_NAME_TRUNCATION = [20, 25] as const;
/** Colours the onboarding brand picker shows at most. */
export const ONBOARDING_MAX_BRAND_COLORS = 11;

export const PUBLIC_MARKETING_PATHS = [
  '/landing2', '/voice-agent', '/chatbot', '/whatsapp', '/demo', '/integrations', '/get-free-plan', '/pricing',
] as const;
export const LEGAL_PATHS = [
  '/legal/about', '/legal/tos', '/legal/refund-policy', '/legal/cookie-policy', '/legal/contact', '/legal/gdpr',
  '/legal/privacy-policy',
] as const;

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
 * the ones the dashboard renders for clients. A page served by another service opens its routes to
 * clients whose access names it (`clients: {page}`): Channels (ADR 0037).
 */
export const CLIENT_DASHBOARD_PAGES = ['home', 'overview', 'voice', 'nodes', 'prompt', 'convos', 'analytics', 'leads', 'settings', 'channels'] as const;
export type ClientDashboardPage = (typeof CLIENT_DASHBOARD_PAGES)[number];

/** The dashboard pages that edit the agent: a client with one in canAccess may save its organisation's agents (ADR 0031). */
export const CLIENT_EDITOR_PAGES: readonly ClientDashboardPage[] = ['overview', 'voice', 'nodes', 'prompt', 'settings'];

/** True when these canAccess paths (e.g. /overview) name an editor page. */
export const canEditAgents = (canAccess: readonly string[]): boolean => canAccess.some((path) => (CLIENT_EDITOR_PAGES as readonly string[]).includes(path.replace(/^\//, '')));

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

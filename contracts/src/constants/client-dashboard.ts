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
 * the ones the dashboard renders for clients, in their default order.
 */
export const CLIENT_DASHBOARD_PAGES = ['home', 'convos', 'analytics', 'leads'] as const;
export type ClientDashboardPage = (typeof CLIENT_DASHBOARD_PAGES)[number];

/** Local storage key of the agent the client chose last (billing.md §2: "stores the id locally"). */
export const CLIENT_SELECTED_AGENT_KEY = 'client.selectedAgent';

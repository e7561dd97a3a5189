import { CLIENT_DASHBOARD_MESSAGES, CLIENTS_API_MESSAGES } from '@platform/contracts';

/** What the dashboard does when reading the session fails (spec §8, client dashboard). */
export interface SessionFailure {
  /** the notice shown, if any */
  notice?: string;
  /** true: the client is signed out (the login screen); false: the session read so far stays */
  signOut: boolean;
}

/**
 * A session that is gone (401/403) while the dashboard showed one: 'Please login again.'; on
 * arrival without one it is just the login screen. Account data missing (404): 'Account data
 * not present.'. Both sign the client out. Anything else: 'Error occurred refreshing account
 * data.', and the dashboard keeps what it had.
 */
export function sessionFailure(status: number, hadSession: boolean): SessionFailure {
  if (status === 401 || status === 403) return { notice: hadSession ? CLIENTS_API_MESSAGES.loginAgain : undefined, signOut: true };
  if (status === 404) return { notice: CLIENTS_API_MESSAGES.accountDataMissing, signOut: true };
  return { notice: CLIENT_DASHBOARD_MESSAGES.refreshFailed, signOut: !hadSession };
}

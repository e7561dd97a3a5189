export const WORKSPACE_DEFAULTS = {
  /** Credits of a workspace made from the switcher. */
  newWorkspaceLoadTokens: 0,
  /**
   * Free credits of a new user's Personal workspace. The spec says "a free loadTokens amount"
   * without a value; 1000 is our decision (above the 500-token upgrade-prompt threshold).
   */
  newUserFreeLoadTokens: 1000,
  freeLTsTS: 99999999999999,
  /** "Default workspace seat count comes from a shared constant": the default plan limits give 2. */
  workspaceSeats: 2,
} as const;

/** Typed confirmation required to delete a workspace. */
export const DELETE_WORKSPACE_CONFIRMATION = 'THIS ACTION CANNOT BE UNDONE';

export const WORKSPACE_INVITE = {
  /** Path of the magic link; secret and email travel as query parameters. */
  linkPath: (uid: string) => `/no-auth/workspaces/${uid}/invite`,
  displayMaxChars: 500,
} as const;

/** Shown to users without a subscription, older than 7 days or with fewer than 500 tokens, not on agent pages. */
export const UPGRADE_PROMPT = {
  minAccountAgeSeconds: 604800,
  minTokens: 500,
} as const;

export const AUTH_COOKIE_DAYS = 30;

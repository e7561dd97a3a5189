/**
 * The Module Federation remotes and when each is active. The shell's root config and router
 * use the same predicates, so the outlet exists exactly when single-spa mounts the remote.
 */
export const REMOTE_APPS = {
  agency_settings: (pathname: string) => /^\/app\/(eu|na)\/(agency|clients)(\/|$)/.test(pathname),
  // On agency hosts the client dashboard lives at '/'; until host routing arrives it is mounted under /client.
  client_dashboard: (pathname: string) => /^\/client(\/|$)/.test(pathname),
} as const;
export type RemoteName = keyof typeof REMOTE_APPS;

export const remoteOutletId = (name: RemoteName) => `remote-outlet-${name}`;

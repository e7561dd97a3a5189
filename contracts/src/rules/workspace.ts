import type { Region } from '../constants/regions';
import { UPGRADE_PROMPT } from '../constants/workspace';
import type { Workspace } from '../entities/workspace';

/*
 * Shell rules shared by the frontend and the workspace service (spec 4.5 and 5), as pure
 * functions so both use one copy.
 */

export interface WorkspaceRef {
  uid: string;
  region: Region;
}

/** The agent area: /app/{region}/agents/{agentId}[/...] (the agents list itself is not an agent page). */
export const isAgentPage = (pathname: string) => /^\/app\/[^/]+\/agents\/[^/?#]+/.test(pathname);

/** Where the shell lands after a switch or a region change. */
export const agentsPath = (region: Region) => `/app/${region}/agents`;

/**
 * The saved selection matches on uid and region; if none matches, the user's own workspace in
 * the current region, then the first one.
 */
export function selectWorkspace<T extends WorkspaceRef & { isOwn: boolean }>(
  workspaces: readonly T[],
  saved: WorkspaceRef | null | undefined,
  currentRegion: Region,
): T | undefined {
  const matching = saved && workspaces.find((w) => w.uid === saved.uid && w.region === saved.region);
  return matching || workspaces.find((w) => w.isOwn && w.region === currentRegion) || workspaces[0];
}

export type WorkspaceSwitch =
  /** show `message`, store the selection and secret, then go to `path` */
  | { kind: 'change-region'; message: string; path: string }
  | { kind: 'reload' }
  | { kind: 'navigate'; path: string };

/**
 * Another region shows 'Switching to {REGION} region...' and goes to its agents list; the same
 * region reloads on an agent page, otherwise goes to the agents list.
 */
export function planWorkspaceSwitch(currentRegion: Region, target: WorkspaceRef, pathname: string): WorkspaceSwitch {
  if (target.region !== currentRegion) {
    return { kind: 'change-region', message: `Switching to ${target.region.toUpperCase()} region...`, path: agentsPath(target.region) };
  }
  return isAgentPage(pathname) ? { kind: 'reload' } : { kind: 'navigate', path: agentsPath(target.region) };
}

/** Sign-out happens on a directory query error or when there is neither a user nor a secret. */
export const shouldSignOut = (state: { directoryError: boolean; hasUser: boolean; hasSecret: boolean }) =>
  state.directoryError || (!state.hasUser && !state.hasSecret);

/** A workspace pays when it carries a subscription (legacy field or the v2 billing config). */
export const hasSubscription = (workspace: Pick<Workspace, 'stripeSubscriptionId' | 'v2StripeConfig'>) =>
  Boolean(workspace.stripeSubscriptionId || workspace.v2StripeConfig?.subscriptionId);

/**
 * Upgrade prompt: no subscription, and the account is older than 7 days (joinedAt in unix
 * seconds) or has fewer than 500 tokens; never on agent pages.
 */
export function shouldShowUpgradePrompt(input: {
  workspace: Pick<Workspace, 'stripeSubscriptionId' | 'v2StripeConfig' | 'joinedAt' | 'loadTokens'>;
  pathname: string;
  nowSeconds: number;
}): boolean {
  const { workspace, pathname, nowSeconds } = input;
  if (hasSubscription(workspace) || isAgentPage(pathname)) return false;
  const ageSeconds = nowSeconds - (workspace.joinedAt ?? nowSeconds);
  return ageSeconds > UPGRADE_PROMPT.minAccountAgeSeconds || (workspace.loadTokens ?? 0) < UPGRADE_PROMPT.minTokens;
}

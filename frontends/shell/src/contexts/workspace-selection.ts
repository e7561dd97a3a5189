import { BROWSER_STORAGE_KEYS, REGIONS, type Region } from '@platform/contracts';
import { readStored, writeStored, type SessionWorkspace } from '@platform/ui';

/** What is remembered of the chosen workspace (the secret comes from the session answer). */
export interface SavedSelection {
  uid: string;
  region: Region;
}

export const isRegion = (value: string | undefined): value is Region => (REGIONS as readonly string[]).includes(value ?? '');

/**
 * Spec 4.5: the saved selection matches on uid and region; otherwise the user's own
 * workspace in the current region; otherwise the first one.
 */
export function pickWorkspace(
  workspaces: readonly SessionWorkspace[],
  saved: SavedSelection | undefined,
  currentRegion: Region,
): SessionWorkspace | undefined {
  return (
    (saved && workspaces.find((w) => w.uid === saved.uid && w.region === saved.region)) ??
    workspaces.find((w) => w.isOwn && w.region === currentRegion) ??
    workspaces[0]
  );
}

export type SwitchPlan = { kind: 'region-switch'; region: Region; to: string } | { kind: 'reload' } | { kind: 'navigate'; to: string };

/**
 * Switching workspaces: another region shows the switching screen and lands on its agents
 * list; the same region reloads an open agent page, otherwise opens the agents list.
 */
export function planSwitch(target: SessionWorkspace, currentRegion: Region, pathname: string): SwitchPlan {
  const to = `/app/${target.region}/agents`;
  if (target.region !== currentRegion) return { kind: 'region-switch', region: target.region, to };
  if (/^\/app\/(eu|na)\/agents\/[^/]+/.test(pathname)) return { kind: 'reload' };
  return { kind: 'navigate', to };
}

/** Workspaces of one region, for the EU and NA lists of the switcher. */
export const workspacesIn = (workspaces: readonly SessionWorkspace[], region: Region) => workspaces.filter((w) => w.region === region);

export const loadSelection = () => readStored<SavedSelection | undefined>(BROWSER_STORAGE_KEYS.selectedWorkspace, undefined);
export const saveSelection = (w: SessionWorkspace | undefined) =>
  writeStored(BROWSER_STORAGE_KEYS.selectedWorkspace, w ? { uid: w.uid, region: w.region } : undefined);

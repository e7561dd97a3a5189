import { BROWSER_STORAGE_KEYS, REGIONS, type Region } from '@platform/contracts';
import { readStored, useSession, type SessionWorkspace } from '@platform/ui';

/** The region of the route (/app/{region}/agency). */
export function routeRegion(pathname: string): Region {
  const segment = pathname.split('/')[2];
  return (REGIONS as readonly string[]).includes(segment ?? '') ? (segment as Region) : REGIONS[0];
}

/** The workspace the shell has selected (spec 4.5: saved selection, else the own one of the region, else the first). */
export function selectedWorkspace(workspaces: readonly SessionWorkspace[], region: Region): SessionWorkspace | undefined {
  const saved = readStored<{ uid: string; region: Region } | undefined>(BROWSER_STORAGE_KEYS.selectedWorkspace, undefined);
  return (
    (saved && workspaces.find((w) => w.uid === saved.uid && w.region === saved.region)) ??
    workspaces.find((w) => w.isOwn && w.region === region) ??
    workspaces[0]
  );
}

/** The agency screen acts for the selected workspace in the route's region. */
export function useAgencyWorkspace(): { region: Region; uid?: string; email?: string } {
  const region = routeRegion(window.location.pathname);
  const session = useSession();
  const workspace = session.data ? selectedWorkspace(session.data.workspaces, region) : undefined;
  return { region: workspace?.region ?? region, uid: workspace?.uid, email: session.data?.user.email };
}

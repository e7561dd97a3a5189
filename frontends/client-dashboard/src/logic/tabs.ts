import {
  AGENCY_ADMIN_CLIENT_PAGES,
  AGENT_PAGE_LABELS,
  CLIENT_AGENT_TITLE_MAX,
  CLIENT_DASHBOARD_PAGES,
  customTabVisible,
  type ClientDashboardPage,
  type CustomTab,
  type Region,
} from '@platform/contracts';

/** One entry of the client's navigation: a built-in agent page or an agency custom tab. */
export type DashboardTab =
  | { kind: 'page'; key: ClientDashboardPage; path: string; label: string }
  | { kind: 'custom'; key: string; path: string; label: string; tab: CustomTab };

export interface TabAccess {
  /** An agency admin signed in with the agency secret, or a client made isAdmin (seesEveryPage), gets every agency admin page and custom tab. */
  agencyAdmin: boolean;
  /** paths such as /convos or a custom tab's /faq */
  canAccess?: readonly string[];
  /** paths in the order the agency chose; the others follow in their default order */
  clientTabOrder?: readonly string[];
}

/**
 * The tabs a client sees (spec §6): built-in pages listed in canAccess, custom tabs listed in
 * canAccess or marked alwaysVisible, ordered by clientTabOrder. An agency admin sees every
 * agency admin page and every custom tab.
 */
export function clientTabs(access: TabAccess, customTabs: readonly CustomTab[] = []): DashboardTab[] {
  const allowed = new Set(access.agencyAdmin ? AGENCY_ADMIN_CLIENT_PAGES.map((key) => `/${key}`) : access.canAccess ?? []);
  const pages: DashboardTab[] = CLIENT_DASHBOARD_PAGES.filter((key) => allowed.has(`/${key}`)).map((key) => ({ kind: 'page', key, path: `/${key}`, label: AGENT_PAGE_LABELS[key] }));
  const custom: DashboardTab[] = customTabs
    .filter((tab) => customTabVisible(tab, access))
    .map((tab) => ({ kind: 'custom', key: `c${tab.href}`, path: tab.href, label: tab.label || tab.href, tab }));
  const all = [...pages, ...custom];
  const order = access.clientTabOrder ?? [];
  const rank = (tab: DashboardTab) => {
    const at = order.indexOf(tab.path);
    return at === -1 ? order.length + all.indexOf(tab) : at;
  };
  return [...all].sort((a, b) => rank(a) - rank(b));
}

export const agentBase = (region: Region, agentId: string) => `/app/${region}/agents/${encodeURIComponent(agentId)}`;
export const tabHref = (region: Region, agentId: string, tab: DashboardTab) => `${agentBase(region, agentId)}/${tab.key}`;

/** Where a signed-in client lands: the first allowed tab of the first agent (spec §2.9). */
export function landingHref(region: Region, agentIds: readonly string[], tabs: readonly DashboardTab[]): string | undefined {
  const [agentId] = agentIds;
  const [tab] = tabs;
  if (!agentId) return undefined;
  return tab ? tabHref(region, agentId, tab) : `${agentBase(region, agentId)}/overview`;
}

/**
 * The agent selector (billing.md §2): another agent keeps the rest of the current path; without
 * one it opens the first allowed section, and otherwise overview.
 */
export function switchAgentHref(region: Region, currentPathname: string, agentId: string, tabs: readonly DashboardTab[]): string {
  const rest = /^\/app\/(?:eu|na)\/agents\/[^/]+\/(.+)$/.exec(currentPathname)?.[1];
  if (rest) return `${agentBase(region, agentId)}/${rest}`;
  return `${agentBase(region, agentId)}/${tabs[0]?.key ?? 'overview'}`;
}

/** The tab a path under /app/{region}/agents/{id}/ opens, if the client may see it. */
export function tabAt(rest: string | undefined, tabs: readonly DashboardTab[]): DashboardTab | undefined {
  if (!rest) return undefined;
  return tabs.find((tab) => tab.key === rest.replace(/\/+$/, ''));
}

/** An agent's title in the selector: cut at 30 characters. */
export function agentTitle(title: string | undefined): string {
  const clean = (title ?? '').trim() || 'Untitled agent';
  return clean.length > CLIENT_AGENT_TITLE_MAX ? `${clean.slice(0, CLIENT_AGENT_TITLE_MAX)}...` : clean;
}

/**
 * Where a notification's path opens: `/{page}?agentId=…` (notification paths name the page and
 * the agent) becomes that agent's page; any other path is kept.
 */
export function notificationHref(region: Region, path: string): string {
  const url = new URL(path, 'http://dashboard.local');
  const agentId = url.searchParams.get('agentId');
  if (!agentId || url.pathname.startsWith('/app/')) return path;
  url.searchParams.delete('agentId');
  const rest = url.searchParams.toString();
  return `${agentBase(region, agentId)}${url.pathname}${rest ? `?${rest}` : ''}`;
}

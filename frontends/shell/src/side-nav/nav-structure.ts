import type { Region } from '@platform/contracts';

/** Side navigation of the app shell (spec 2.6). Paths are relative to /app/{region}. */
export interface NavItem {
  label: string;
  path: string;
  icon: string;
}
export interface NavGroup {
  key: 'integrations' | 'utilities' | 'whitelabel';
  label: string;
  items: NavItem[];
}

export const NAV_TOP: NavItem[] = [{ label: 'Agents', path: '/agents', icon: 'agents' }];

export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'integrations',
    label: 'Integrations',
    items: [
      { label: 'Functions', path: '/integrations', icon: 'functions' },
      { label: 'Meta Pages', path: '/meta-pages', icon: 'meta' },
      { label: 'WhatsApp', path: '/whatsapp-numbers', icon: 'whatsapp' },
      { label: 'Twilio Numbers', path: '/twilio-numbers', icon: 'phone' },
    ],
  },
  {
    key: 'utilities',
    label: 'Utilities',
    items: [
      { label: 'Crawler', path: '/automations', icon: 'crawler' },
      { label: 'Events', path: '/events', icon: 'events' },
      { label: 'Sessions', path: '/sessions', icon: 'sessions' },
      { label: 'Prompts', path: '/prompts', icon: 'prompts' },
    ],
  },
  {
    key: 'whitelabel',
    label: 'Whitelabel',
    items: [
      { label: 'Agency', path: '/agency', icon: 'agency' },
      { label: 'Clients', path: '/clients', icon: 'clients' },
    ],
  },
];

export const NAV_BOTTOM: NavItem[] = [{ label: 'Credentials', path: '/credentials', icon: 'credentials' }];

/** Every item, in display order. */
export const ALL_NAV_ITEMS: NavItem[] = [...NAV_TOP, ...NAV_GROUPS.flatMap((g) => g.items), ...NAV_BOTTOM];

export const navHref = (region: Region, path: string) => `/app/${region}${path}`;

/** Active when the URL is the item's path or below it (the agents item covers agent pages). */
export function isNavActive(pathname: string, region: Region, path: string): boolean {
  const href = navHref(region, path);
  return pathname === href || pathname.startsWith(`${href}/`);
}

export type GroupState = Record<NavGroup['key'], boolean>;
export const DEFAULT_GROUP_STATE: GroupState = { integrations: true, utilities: true, whitelabel: true };

/** Stored state may be partial or stale: unknown keys drop, missing ones default to open. */
export function normaliseGroupState(stored: unknown): GroupState {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<string, unknown>>;
  const state = { ...DEFAULT_GROUP_STATE };
  for (const key of Object.keys(state) as NavGroup['key'][]) if (typeof value[key] === 'boolean') state[key] = value[key] as boolean;
  return state;
}

/** Title of an app page, for placeholders and the document title. */
export function navLabelFor(path: string): string | undefined {
  return ALL_NAV_ITEMS.find((item) => item.path === path)?.label;
}

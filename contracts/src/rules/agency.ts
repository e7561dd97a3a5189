import { AGENCY_FIELDS_IGNORED_FOR_CHANGES, type Agency, type CustomTab } from '../entities/agency';
import { MESSAGES } from '../constants/messages';
import { RESERVED_TAB_PATHS } from '../constants/navigation';
import { FONTS } from '../constants/agency';

/** Spec 4.1: local data differs from the stored agency, ignoring the listed fields (key order and absent-vs-undefined ignored). */
export function agencyHasChanges(local: Record<string, unknown>, stored: Record<string, unknown> | null | undefined): boolean {
  return canonical(withoutIgnored(local)) !== canonical(withoutIgnored(stored ?? {}));
}

const withoutIgnored = (value: Record<string, unknown>) => {
  const copy: Record<string, unknown> = { ...value };
  for (const key of AGENCY_FIELDS_IGNORED_FOR_CHANGES) delete copy[key];
  return copy;
};

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Spec 5: a product subdomain as typed, made a host below `rootDomain`: lowercased, spaces
 * removed, the root-domain suffix removed if typed, then appended. '' when nothing is left.
 */
export function productSubdomainHost(input: string, rootDomain: string): string {
  const root = rootDomain.toLowerCase().replace(/^\.+/, '');
  let label = input.toLowerCase().replace(/\s+/g, '').replace(/\.+$/, '');
  if (label === root) return '';
  if (label.endsWith(`.${root}`)) label = label.slice(0, -(root.length + 1));
  return label ? `${label}.${root}` : '';
}

/** Spec 5: the problem with a custom tab's URL among the agency's other tabs, or undefined. */
export function customTabHrefProblem(href: string, otherTabs: readonly Pick<CustomTab, 'href'>[]): string | undefined {
  if (!href.includes('/')) return MESSAGES.agency.tabHrefNeedsSlash;
  if (RESERVED_TAB_PATHS.includes(href)) return MESSAGES.agency.tabHrefReserved;
  if (otherTabs.some((tab) => tab.href === href)) return MESSAGES.agency.tabHrefDuplicate;
  return undefined;
}

/** Spec 5: the font name as the fonts service is asked for it (spaces become '+'); null for inherit (always accepted). */
export function fontQueryName(font: string): string | null {
  const trimmed = font.trim();
  if (trimmed === FONTS.inherit) return null;
  return trimmed.replace(/\s+/g, '+');
}

/** The agency without its secret: what the owner's agency answers never leave out, others never see. */
export type AgencyView = Agency & { ID: string };

/** Hosts an http tab page may be on: the viewer's own machine, which browsers trust like https. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin an iframe custom tab is framed from (ADR 0027): an https page, or an http page on
 * a loopback host; undefined for anything else (plain http elsewhere, javascript:, data:).
 */
export function customTabFrameOrigin(iframeUrl: string | undefined): string | undefined {
  if (!iframeUrl) return undefined;
  let url: URL;
  try {
    url = new URL(iframeUrl);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return url.origin;
  return undefined;
}

/** The origins an agency's iframe tabs are framed from, sorted and without repeats. */
export function customTabFrameOrigins(tabs: readonly Pick<CustomTab, 'pageType' | 'iframeUrl'>[] | undefined): string[] {
  const origins = (tabs ?? []).filter((tab) => tab.pageType === 'iframe').map((tab) => customTabFrameOrigin(tab.iframeUrl));
  return [...new Set(origins.filter((origin): origin is string => Boolean(origin)))].sort();
}

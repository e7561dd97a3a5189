import type { Agency, CustomTab } from '../entities/agency';

/**
 * The client dashboard's frame in an agency's brand (spec 2.4, 2.10): one HTML document the
 * agency settings preview shows in a sandboxed iframe and the gateway serves on agency hosts,
 * so both look the same. Every agency value is escaped; `bodyHtml` is the caller's markup.
 */
export interface ClientPageOptions {
  agency: Agency;
  /** Powered by the product (hidden with the whitelabel addon). */
  poweredBy: boolean;
  productName: string;
  /** the page's own content */
  bodyHtml: string;
  /** the region of the agency's data: the EU GDPR note shows for eu */
  region?: 'eu' | 'na';
  /** tab labels in the side navigation */
  navLabels?: readonly string[];
  /** extra <head> markup (the gateway's stylesheet and script links) */
  headHtml?: string;
  year?: number;
  /** the page title after the agency name, e.g. "Sign in" */
  title?: string;
}

export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The primary colour of the agency's theme (customThemeJSONString.primary), or the product's. */
export function agencyPrimaryColor(agency: Agency, fallback = '#4f46e5'): string {
  try {
    const primary = (JSON.parse(agency.customThemeJSONString ?? '{}') as { primary?: unknown }).primary;
    return typeof primary === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(primary) ? primary : fallback;
  } catch {
    return fallback;
  }
}

/** The client dashboard footer's EU GDPR note (spec 2.4), shown when the agency's data is in the EU. */
export const CLIENT_FOOTER_GDPR_NOTE = 'Your data is stored in the EU and processed under the GDPR.';

const secondaryColor = (agency: Agency) => (/^#[0-9a-fA-F]{3,8}$/.test(agency.secondaryColorHex ?? '') ? agency.secondaryColorHex! : '#0ea5e9');

export const safeUrl = (url: string | undefined) => (url && /^(https?:\/\/|\/)/.test(url) ? url : '');
const cssString = (value: string) => value.replace(/[^A-Za-z0-9 +_-]/g, '');

const VARIANT_CSS: Record<string, string> = {
  default: '.card{background:#fff;border:1px solid #e5e7eb;box-shadow:0 1px 3px rgba(0,0,0,.08)}',
  bordered: '.card{background:#fff;border:2px solid var(--brand)}',
  faded: '.card{background:color-mix(in srgb,var(--brand) 8%,#fff);border:none}',
  flat: '.card{background:#fff;border:none;box-shadow:none}',
};
const USAGE_CSS: Record<string, string> = {
  plain: '.topbar{background:#fff;color:#111;border-bottom:1px solid #e5e7eb}',
  colorful: '.topbar{background:var(--brand);color:#fff}',
  gradient: '.topbar{background:linear-gradient(90deg,var(--brand),var(--secondary));color:#fff}',
};

export function clientPageHtml(o: ClientPageOptions): string {
  const { agency } = o;
  const name = agency.name || 'Agency';
  const font = agency.googleFont && agency.googleFont !== 'inherit' ? `'${cssString(agency.googleFont)}', ` : '';
  const logo = safeUrl(agency.squarePhotoURL);
  const favicon = safeUrl(agency.faviconURL);
  const year = o.year ?? new Date().getFullYear();
  const links = [
    agency.tosPage ? `<a href="${escapeHtml(safeUrl(agency.tosPage))}" target="_blank" rel="noopener">Terms of Service</a>` : '',
    agency.privacyPolicypPage ? `<a href="${escapeHtml(safeUrl(agency.privacyPolicypPage))}" target="_blank" rel="noopener">Privacy Policy</a>` : '',
  ].filter(Boolean);
  const nav = (o.navLabels ?? []).map((label) => `<li>${escapeHtml(label)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(o.title ? `${name} | ${o.title}` : name)}</title>
${favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : ''}
<style>
:root{--brand:${agencyPrimaryColor(agency)};--secondary:${secondaryColor(agency)}}
*{box-sizing:border-box}body{margin:0;font-family:${font}system-ui,sans-serif;background:#f8fafc;color:#111;min-height:100vh;display:flex;flex-direction:column}
.topbar{display:flex;align-items:center;gap:12px;padding:12px 20px}.topbar img{width:36px;height:36px;border-radius:8px;object-fit:cover}
.topbar .name{font-weight:700;font-size:18px}.layout{display:flex;flex:1}.nav{width:180px;padding:16px}.nav ul{list-style:none;margin:0;padding:0}
.nav li{padding:8px 10px;border-radius:6px;margin-bottom:4px}.nav li:first-child{background:var(--brand);color:#fff}
main{flex:1;padding:24px}.card{border-radius:10px;padding:20px;max-width:640px}.button{background:var(--brand);color:#fff;border:0;border-radius:6px;padding:10px 16px;font:inherit;cursor:pointer}
footer{padding:16px 20px;font-size:12px;color:#555;border-top:1px solid #e5e7eb;display:flex;flex-wrap:wrap;gap:12px}footer a{color:inherit}
input{font:inherit;padding:8px;border:1px solid #cbd5e1;border-radius:6px;width:100%;margin:6px 0 12px}
${VARIANT_CSS[agency.themeVariant ?? 'default'] ?? VARIANT_CSS.default}
${USAGE_CSS[agency.themeColorUsage ?? 'plain'] ?? USAGE_CSS.plain}
</style>
${o.headHtml ?? ''}
<style data-agency-css>${(agency.customCSS ?? '').replace(/<\/style/gi, '<\\/style')}</style>
</head><body>
<header class="topbar">${logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(name)} logo" data-agency-logo>` : ''}<span class="name">${escapeHtml(name)}</span></header>
<div class="layout">${nav ? `<nav class="nav"><ul>${nav}</ul></nav>` : ''}<main>${o.bodyHtml}</main></div>
<footer><span>© ${year} ${escapeHtml(name)}</span>${o.poweredBy ? `<span>Powered by ${escapeHtml(o.productName)}</span>` : ''}${links.join('')}${o.region === 'eu' ? `<span>${CLIENT_FOOTER_GDPR_NOTE}</span>` : ''}</footer>
</body></html>`;
}

/** An html custom tab's page: its markup, the dashboard variables (`window.dashboardVariables`), then its script (spec 3.2). */
export function customTabPageHtml(tab: Pick<CustomTab, 'htmlContent' | 'jsContent'>, variables: Record<string, unknown>): string {
  const json = JSON.stringify(variables).replace(/</g, '\\u003c');
  const js = (tab.jsContent ?? '').replace(/<\/script/gi, '<\\/script');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body>${tab.htmlContent ?? ''}<script>window.dashboardVariables=${json};</script><script>${js}</script></body></html>`;
}

/** The id of the JSON data block an agency host's page carries: the agency's public branding. */
export const AGENCY_HOST_DATA_ID = 'agency-host-data';

/** What the client dashboard knows of the agency host it runs on (the gateway's lookup, no secrets). */
export interface AgencyHostData {
  agency: Agency & { ID: string };
  /** Powered by the product (hidden with the whitelabel addon) */
  poweredBy: boolean;
  region: 'eu' | 'na';
}

/**
 * The <head> additions of the client dashboard on an agency host: the branded title and favicon,
 * the agency's colours as CSS variables, its custom CSS, and its public branding as a JSON data
 * block (not a script: the CSP's script-src 'self' stays whole).
 */
export function agencyHostHeadHtml(data: AgencyHostData, title: string): string {
  const { agency } = data;
  const favicon = safeUrl(agency.faviconURL);
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return [
    `<title>${escapeHtml(`${agency.name || 'Agency'} | ${title}`)}</title>`,
    favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : '',
    `<style>:root{--brand:${agencyPrimaryColor(agency)};--secondary:${secondaryColor(agency)}}</style>`,
    `<style data-agency-css>${(agency.customCSS ?? '').replace(/<\/style/gi, '<\\/style')}</style>`,
    `<script type="application/json" id="${AGENCY_HOST_DATA_ID}">${json}</script>`,
  ].join('');
}

/**
 * Spec §6: a client sees a custom tab listed in its canAccess or marked alwaysVisible; the agency
 * admin sees every one. The dashboard's navigation and agency-domain's tab page share this rule.
 */
export function customTabVisible(tab: Pick<CustomTab, 'href' | 'alwaysVisible'>, access: { agencyAdmin: boolean; canAccess?: readonly string[] }): boolean {
  return Boolean(tab.href) && (access.agencyAdmin || Boolean(tab.alwaysVisible) || (access.canAccess ?? []).includes(tab.href));
}

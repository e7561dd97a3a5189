import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { agencyHostHeadHtml, clientPageHtml, escapeHtml, type AgencyHostData } from '@platform/contracts';
import type { AgencyBranding } from './lookup';

/** Product name on agency hosts' "Powered by" (the shell's PRODUCT.name). */
export const PRODUCT_NAME = 'Agent Platform';

/** The agency host's page title before the dashboard takes over (spec 2.9: the sign-in). */
const TITLE = 'Sign in';

/** The built shell's index.html with the agency's head: the client dashboard in its brand. */
export function brandedShellPage(indexHtml: string, branding: AgencyBranding): string {
  const head = agencyHostHeadHtml(branding as AgencyHostData, TITLE);
  // The agency's favicon replaces the product's (white label); without one the product's stays.
  const page = branding.agency.faviconURL ? indexHtml.replace(/<link rel=["']?icon["']?[^>]*>/, '') : indexHtml;
  return page.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `${head}</head>`);
}

/** Without a built shell (a gateway run without frontends): the agency's frame and a sign-in notice. */
function unbuiltPage(branding: AgencyBranding): string {
  const body = `<div class="card" data-client-sign-in><h2>Sign in to ${escapeHtml(branding.agency.name ?? 'your dashboard')}</h2></div>`;
  return clientPageHtml({ agency: branding.agency, poweredBy: branding.poweredBy, productName: PRODUCT_NAME, bodyHtml: body, region: branding.region, title: TITLE });
}

/** Reads the shell's index.html again only when a build replaced it. */
export function agencyHostPages(frontendDist: string) {
  const indexPath = path.join(frontendDist, 'index.html');
  let cached: { builtAt: number; html: string } | undefined;
  return (branding: AgencyBranding): string => {
    const builtAt = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs;
    if (builtAt === undefined) return unbuiltPage(branding);
    if (cached?.builtAt !== builtAt) cached = { builtAt, html: readFileSync(indexPath, 'utf8') };
    return brandedShellPage(cached.html, branding);
  };
}

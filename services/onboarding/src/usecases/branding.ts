import type { BrandingInfo } from '@platform/contracts';
import type { Logger } from '@platform/kit';
import { colorsInCss, normalizeColor, rankBrandColors } from '../domain/brand-colors';
import { websiteUrl } from '../domain/website-url';
import type { Site, WebsiteReader } from '../clients/website';

export type BrandingResult = { ok: true; branding: BrandingInfo & { logo?: string }; site: Site } | { ok: false };

/** Pages read for branding and for the agent's knowledge of the site. */
export const SITE_LIMITS = { maxPages: 8, maxStylesheets: 6 };

export class BrandingUseCases {
  constructor(private readonly deps: { website: WebsiteReader; logger: Logger }) {}

  /** The site's colours ranked by prominence, its logo and favicon; not ok when the site cannot be read. */
  async analyze(website: string): Promise<BrandingResult> {
    const url = websiteUrl(website);
    if (!url) return { ok: false };
    let site: Site;
    try {
      site = await this.deps.website.read(url, SITE_LIMITS);
    } catch (err) {
      this.deps.logger.info({ err: (err as Error).message, website }, 'website not readable for branding');
      return { ok: false };
    }
    const home = site.pages[0]!.facts;
    const themeColor = home.themeColor ? normalizeColor(home.themeColor) : null;
    const sightings = [
      ...(themeColor ? [{ hex: themeColor, weight: 10 }] : []),
      ...site.stylesheets.flatMap((css) => colorsInCss(css)),
      ...site.pages.flatMap((p) => p.facts.inlineCss.flatMap((css) => colorsInCss(css))),
      ...site.pages.flatMap((p) => p.facts.styleAttributes.flatMap((css) => colorsInCss(css, { declarationsOnly: true }))),
    ];
    const logo = site.pages.map((p) => p.facts.logo).find(Boolean);
    return { ok: true, site, branding: { colors: rankBrandColors(sightings), ...(site.favicon ? { favicon: site.favicon } : {}), ...(logo ? { logo } : {}) } };
  }
}

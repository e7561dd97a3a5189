/** Limits of one website crawl. */
export interface CrawlLimits {
  maxPages: number;
  maxDepth: number;
  /** largest page read, in bytes; a larger start page fails the source */
  maxPageBytes: number;
  /** the whole crawl */
  maxDurationMs: number;
}

export const DEFAULT_CRAWL_LIMITS: CrawlLimits = { maxPages: 200, maxDepth: 4, maxPageBytes: 5_000_000, maxDurationMs: 120_000 };

/** The crawler's name in requests and in robots.txt groups. */
export const CRAWLER_USER_AGENT = 'PlatformKnowledgeBot';

// Links to files that are not pages.
const NOT_A_PAGE = /\.(png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|xml|zip|gz|tar|mp[34]|mov|avi|woff2?|ttf|eot|pdf|docx?|xlsx?|pptx?)$/i;

const siteOf = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The page address a link names, without its fragment; null when it is not a page to crawl. */
export function pageUrl(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (NOT_A_PAGE.test(url.pathname)) return null;
  url.hash = '';
  return url.toString();
}

/** A link is crawled only within the start page's site (same host, with or without www, same port). */
export function sameSite(url: string, start: string): boolean {
  const a = new URL(url);
  const b = new URL(start);
  return siteOf(a.hostname) === siteOf(b.hostname) && a.port === b.port;
}

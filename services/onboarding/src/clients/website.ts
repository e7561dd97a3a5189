import { SafeHttpClient, type SafeHttpOptions } from '@platform/kit';
import { readPage, type PageFacts } from '../domain/page';

export interface SitePage {
  url: string;
  facts: PageFacts;
}

export interface Site {
  pages: SitePage[];
  /** the text of the linked stylesheets */
  stylesheets: string[];
  /** the site's favicon, when one answers */
  favicon?: string;
}

export interface SiteLimits {
  /** pages read, the first one included (same origin links only) */
  maxPages: number;
  maxStylesheets: number;
}

/**
 * Reads a company's website through the kit's SSRF-safe client (every hop checked after DNS;
 * loopback only with OUTBOUND_ALLOW_LOOPBACK). Throws OutboundRequestFailed when the first page
 * cannot be read; later pages and stylesheets that fail are skipped.
 */
export class WebsiteReader {
  private readonly http: SafeHttpClient;

  constructor(options: SafeHttpOptions) {
    this.http = new SafeHttpClient({ timeoutMs: 8_000, maxRedirects: 5, maxResponseBytes: 2_000_000, ...options });
  }

  async read(start: URL, limits: SiteLimits): Promise<Site> {
    const first = await this.page(start.toString(), true);
    const origin = new URL(first!.url).origin;
    const pages: SitePage[] = [first!];
    const queue = first!.facts.links.filter((link) => sameOrigin(link, origin));
    const seen = new Set([withoutHash(first!.url)]);
    while (pages.length < limits.maxPages && queue.length > 0) {
      const next = withoutHash(queue.shift()!);
      if (seen.has(next)) continue;
      seen.add(next);
      const page = await this.page(next, false);
      if (!page) continue;
      pages.push(page);
      queue.push(...page.facts.links.filter((link) => sameOrigin(link, origin)));
    }
    const sheetUrls = [...new Set(pages.flatMap((p) => p.facts.stylesheets))].slice(0, limits.maxStylesheets);
    const stylesheets = (await Promise.all(sheetUrls.map((url) => this.text(url)))).filter((css): css is string => css !== undefined);
    return { pages, stylesheets, favicon: await this.favicon(first!, origin) };
  }

  private async page(url: string, required: boolean): Promise<SitePage | undefined> {
    try {
      const answer = await this.http.request(url, { headers: { accept: 'text/html' } });
      const isHtml = /html/i.test(String(answer.headers['content-type'] ?? 'text/html'));
      if (answer.status >= 400 || !isHtml) throw new Error(`page answered ${answer.status}`);
      return { url: answer.url, facts: readPage(answer.body, answer.url) };
    } catch (err) {
      if (required) throw err;
      return undefined;
    }
  }

  private async text(url: string): Promise<string | undefined> {
    try {
      const answer = await this.http.request(url);
      return answer.status < 400 ? answer.body : undefined;
    } catch {
      return undefined;
    }
  }

  private async favicon(first: SitePage, origin: string): Promise<string | undefined> {
    if (first.facts.icons[0]) return first.facts.icons[0];
    const conventional = `${origin}/favicon.ico`;
    try {
      const answer = await this.http.request(conventional);
      return answer.status < 400 ? conventional : undefined;
    } catch {
      return undefined;
    }
  }
}

const withoutHash = (url: string) => url.split('#')[0]!;
function sameOrigin(link: string, origin: string): boolean {
  try {
    const url = new URL(link);
    return url.origin === origin && !/\.(png|jpe?g|gif|webp|svg|ico|pdf|zip|css|js)$/i.test(url.pathname);
  } catch {
    return false;
  }
}

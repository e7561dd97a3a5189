import { KNOWLEDGE_MESSAGES } from '@platform/contracts';
import { OutboundRequestFailed, SafeHttpClient } from '@platform/kit';
import robotsParser from 'robots-parser';
import { CRAWLER_USER_AGENT, pageUrl, sameSite, type CrawlLimits } from '../domain/crawl-rules';
import { htmlText } from '../domain/html-text';

export interface CrawledPage {
  url: string;
  title?: string;
  text: string;
}

export type CrawlResult = { ok: true; pages: CrawledPage[] } | { ok: false; reason: string };

/**
 * Reads a website breadth first from its start page: same site only, robots.txt respected,
 * through the kit's SSRF-safe client (every hop checked after DNS), within the page, depth,
 * size and time limits. A start page that cannot be read fails the crawl with the reason;
 * a later page that fails is skipped.
 */
export class WebsiteCrawler {
  constructor(private readonly options: { allowLoopback: boolean; limits: CrawlLimits }) {}

  async crawl(start: string): Promise<CrawlResult> {
    const { limits } = this.options;
    const deadline = Date.now() + limits.maxDurationMs;
    const http = new SafeHttpClient({ allowLoopback: this.options.allowLoopback, timeoutMs: 15_000, maxRedirects: 5, maxResponseBytes: limits.maxPageBytes });
    const robots = await this.robots(http, start);
    const pages: CrawledPage[] = [];
    const seen = new Set<string>([start]);
    let frontier = [start];
    for (let depth = 0; depth <= limits.maxDepth && frontier.length && pages.length < limits.maxPages; depth += 1) {
      const next: string[] = [];
      for (const url of frontier) {
        if (pages.length >= limits.maxPages) break;
        if (Date.now() > deadline) return pages.length ? { ok: true, pages } : { ok: false, reason: KNOWLEDGE_MESSAGES.crawlTimedOut };
        if (!robots(url)) {
          if (url === start) return { ok: false, reason: KNOWLEDGE_MESSAGES.robotsDisallowed };
          continue;
        }
        const read = await this.page(http, url);
        if (!read.ok) {
          if (url === start) return { ok: false, reason: read.reason };
          continue;
        }
        if (read.page.text) pages.push(read.page);
        for (const href of read.links) {
          const link = pageUrl(href, read.page.url);
          if (link && !seen.has(link) && sameSite(link, start)) {
            seen.add(link);
            next.push(link);
          }
        }
      }
      frontier = next;
    }
    return { ok: true, pages };
  }

  private async page(http: SafeHttpClient, url: string): Promise<{ ok: true; page: CrawledPage; links: string[] } | { ok: false; reason: string }> {
    try {
      const answer = await http.request(url, { headers: { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/html,text/plain;q=0.9' } });
      if (answer.status >= 400) return { ok: false, reason: `The page ${url} answered HTTP ${answer.status}.` };
      const type = String(answer.headers['content-type'] ?? 'text/html');
      if (/text\/plain/i.test(type)) return { ok: true, page: { url: answer.url, text: answer.body.trim() }, links: [] };
      if (!/html/i.test(type)) return { ok: false, reason: `The page ${url} is not HTML (${type}).` };
      const { title, text, links } = htmlText(answer.body);
      return { ok: true, page: { url: answer.url, title, text }, links };
    } catch (err) {
      if (err instanceof OutboundRequestFailed) return { ok: false, reason: `${err.message} (${url})` };
      throw err;
    }
  }

  /** The site's robots.txt rules for this crawler; no robots.txt (or an unreadable one) allows all. */
  private async robots(http: SafeHttpClient, start: string): Promise<(url: string) => boolean> {
    const robotsUrl = new URL('/robots.txt', start).toString();
    try {
      const answer = await http.request(robotsUrl, { headers: { 'user-agent': CRAWLER_USER_AGENT } });
      if (answer.status !== 200) return () => true;
      const rules = robotsParser(robotsUrl, answer.body);
      return (url) => rules.isAllowed(url, CRAWLER_USER_AGENT) !== false;
    } catch {
      return () => true;
    }
  }
}

import { Parser } from 'htmlparser2';

/** What one HTML page says about the site: its styles, icons, logo, links and readable text. */
export interface PageFacts {
  title: string;
  stylesheets: string[];
  inlineCss: string[];
  styleAttributes: string[];
  themeColor?: string;
  icons: string[];
  logo?: string;
  links: string[];
  text: string;
}

const SKIPPED_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const BLOCK = new Set(['p', 'div', 'section', 'article', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'tr', 'header', 'footer', 'main', 'nav', 'dd', 'dt']);

/** Reads a page with htmlparser2; relative addresses are resolved against `baseUrl`. */
export function readPage(html: string, baseUrl: string): PageFacts {
  const facts: PageFacts = { title: '', stylesheets: [], inlineCss: [], styleAttributes: [], icons: [], links: [], text: '' };
  const resolve = (href: string | undefined) => {
    if (!href) return undefined;
    try {
      return new URL(href, baseUrl).toString();
    } catch {
      return undefined;
    }
  };
  const open: string[] = [];
  let text = '';
  let css = '';
  let logoCandidate: string | undefined;
  let ogImage: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        open.push(name);
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        if (name === 'link' && rel.includes('stylesheet')) push(facts.stylesheets, resolve(attrs.href));
        if (name === 'link' && (rel.includes('icon') || rel.includes('apple-touch-icon'))) push(facts.icons, resolve(attrs.href));
        if (name === 'meta' && (attrs.name ?? '').toLowerCase() === 'theme-color' && attrs.content) facts.themeColor = attrs.content;
        if (name === 'meta' && (attrs.property ?? '').toLowerCase() === 'og:image') ogImage = resolve(attrs.content);
        if (attrs.style) facts.styleAttributes.push(attrs.style);
        if (name === 'a' && attrs.href) push(facts.links, resolve(attrs.href));
        if (name === 'img' && !logoCandidate && /logo/i.test(`${attrs.src ?? ''} ${attrs.alt ?? ''} ${attrs.class ?? ''} ${attrs.id ?? ''}`)) logoCandidate = resolve(attrs.src);
        if (BLOCK.has(name)) text += '\n';
      },
      ontext(chunk) {
        const current = open[open.length - 1];
        if (current === 'style') css += chunk;
        else if (current === 'title') facts.title += chunk;
        else if (!open.some((tag) => SKIPPED_TEXT.has(tag) || tag === 'head')) text += chunk;
      },
      onclosetag(name) {
        if (name === 'style' && css.trim()) facts.inlineCss.push(css);
        if (name === 'style') css = '';
        const at = open.lastIndexOf(name);
        if (at >= 0) open.splice(at);
        if (BLOCK.has(name)) text += '\n';
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  facts.title = facts.title.trim();
  facts.logo = logoCandidate ?? ogImage;
  facts.text = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return facts;
}

function push(list: string[], value: string | undefined) {
  if (value && !list.includes(value)) list.push(value);
}

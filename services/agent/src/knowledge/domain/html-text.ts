import { Parser } from 'htmlparser2';

export interface PageText {
  title?: string;
  text: string;
  links: string[];
}

// Elements whose text is not content (navigation repeats on every page; its links are still followed).
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'nav']);
// Inline elements that sit next to each other without spaces in the markup.
const SPACED = new Set(['a', 'button', 'span', 'label', 'td', 'th']);
// Elements that end a line of text.
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'tr', 'header', 'footer', 'main', 'nav', 'ul', 'ol', 'table', 'blockquote', 'pre']);

/** The readable text of an HTML page (paragraphs kept apart), its title and the links it holds (raw hrefs). */
export function htmlText(html: string): PageText {
  const parts: string[] = [];
  const links: string[] = [];
  let skipping = 0;
  let inTitle = false;
  let title = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) skipping += 1;
        if (name === 'title') inTitle = true;
        if (name === 'a' && attributes.href) links.push(attributes.href);
        if (BLOCKS.has(name)) parts.push('\n\n');
      },
      ontext(text) {
        if (inTitle) title += text;
        else if (!skipping) parts.push(text);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (name === 'title') inTitle = false;
        if (SPACED.has(name)) parts.push(' ');
        if (BLOCKS.has(name)) parts.push('\n\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  const text = parts
    .join('')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
  return { title: title.trim() || undefined, text, links };
}

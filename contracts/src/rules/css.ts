/*
 * The CSS in an AI style assistant's answer. Shared by the agent service (which returns it
 * with the answer) and the CSS editor (Insert on an earlier message), so both always agree.
 */

/** A fenced code block of a chat answer: group 1 the language (may be empty), group 2 the code. */
export const CODE_FENCE = /```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)```/g;

/** A selector or at-rule prelude, not a sentence. */
function looksLikeSelector(selector: string): boolean {
  if (!selector || selector.length > 300) return false;
  if (!/^[@.#:*[a-zA-Z]/.test(selector)) return false;
  if (!/^[\w\s.#:*[\]@>+~,()="'^$|%!/-]+$/.test(selector)) return false;
  // prose has many plain words in a row; selectors rarely more than a few per comma part
  return selector.split(',').every((part) => part.trim().split(/\s+/).length <= 6);
}

const DECLARATION = /[a-zA-Z-]+\s*:\s*[^;{}]+/;

/**
 * CSS rules written without a fence: every top-level `selector { ... }` block whose
 * selector looks like one and whose body declares something. Null when there is none.
 */
export function findRawCss(text: string): string | null {
  const rules: string[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const start = Math.max(text.lastIndexOf('\n', open) + 1, at);
    let depth = 0;
    let close = -1;
    for (let i = open; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        close = i;
        break;
      }
    }
    if (close < 0) break;
    const selector = text.slice(start, open).trim();
    if (looksLikeSelector(selector) && DECLARATION.test(text.slice(open + 1, close))) rules.push(text.slice(start, close + 1).trim());
    at = close + 1;
  }
  return rules.length ? rules.join('\n\n') : null;
}

/**
 * The CSS in a model's answer: the ```css fenced blocks; else fenced blocks without a
 * language that hold CSS rules; else CSS rules written in the text. Null when there is none
 * (the UI then says 'Generated response but no CSS code found...').
 */
export function extractCss(answer: string): string | null {
  const fences = [...answer.matchAll(CODE_FENCE)].map((match) => ({ language: match[1]!.toLowerCase(), body: match[2]!.trim() }));
  const tagged = fences.filter((fence) => fence.language === 'css' && fence.body);
  if (tagged.length) return tagged.map((fence) => fence.body).join('\n\n');
  const untagged = fences.filter((fence) => fence.language === '' && findRawCss(fence.body) !== null);
  if (untagged.length) return untagged.map((fence) => fence.body).join('\n\n');
  // Code in another language is not CSS, even if it has braces.
  const prose = answer.replace(CODE_FENCE, '');
  return findRawCss(prose);
}

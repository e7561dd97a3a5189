import type { AiCssRequest } from '@platform/contracts';

/*
 * The AI style assistant of the CSS editor, as pure functions: what the model is asked,
 * and the CSS found in what it answers.
 */

export const CSS_ASSISTANT_SYSTEM_PROMPT = [
  'You are the style assistant of a chat widget editor. The user describes how the chat widget should look;',
  'you answer with CSS that achieves it.',
  'Reply with one short sentence, then all of the CSS in a single ```css fenced code block.',
  'Write only CSS: no HTML, no JavaScript, no @import of external files.',
  'When the current CSS is given, build on it: repeat the rules you keep and change only what was asked.',
].join(' ');

/** At most this many chat messages are sent (the newest). */
export const MAX_CHAT_MESSAGES = 20;
/** The current CSS is cut to this many characters in the prompt. */
export const MAX_CURRENT_CSS_CHARS = 20_000;

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The conversation sent to the model: instructions, the current CSS, the newest messages. */
export function buildCssChat(request: Pick<AiCssRequest, 'messages' | 'currentCSS'>): PromptMessage[] {
  const out: PromptMessage[] = [{ role: 'system', content: CSS_ASSISTANT_SYSTEM_PROMPT }];
  const current = request.currentCSS?.trim();
  if (current) {
    out.push({ role: 'system', content: `The widget's current custom CSS:\n\`\`\`css\n${current.slice(0, MAX_CURRENT_CSS_CHARS)}\n\`\`\`` });
  }
  for (const message of request.messages.slice(-MAX_CHAT_MESSAGES)) out.push({ role: message.role, content: message.content });
  return out;
}

const FENCE = /```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)```/g;

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
  const fences = [...answer.matchAll(FENCE)].map((match) => ({ language: match[1]!.toLowerCase(), body: match[2]!.trim() }));
  const tagged = fences.filter((fence) => fence.language === 'css' && fence.body);
  if (tagged.length) return tagged.map((fence) => fence.body).join('\n\n');
  const untagged = fences.filter((fence) => fence.language === '' && findRawCss(fence.body) !== null);
  if (untagged.length) return untagged.map((fence) => fence.body).join('\n\n');
  // Code in another language is not CSS, even if it has braces.
  const prose = answer.replace(FENCE, '');
  return findRawCss(prose);
}

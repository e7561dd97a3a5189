import type { AiCssRequest } from '@platform/contracts';

/*
 * The AI style assistant of the CSS editor: what the model is asked. The CSS found in its
 * answer is contracts' `extractCss`, shared with the editor.
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

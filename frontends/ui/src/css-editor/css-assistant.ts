import { CODE_FENCE, MESSAGES, extractCss, type AiCssRequest, type AiCssResult } from '@platform/contracts';

/*
 * The CSS editor's AI style assistant, as pure functions: when a message may be sent, what
 * the request carries, what an answer leads to (notice, insertion), and the CSS found in a
 * message (contracts' extractCss, the one the agent service uses, so "Insert" on an old
 * message agrees with what the server found).
 */

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** answered by the sandbox model (no real LLM configured) */
  sandbox?: boolean;
  /** the apology shown after a failure: never sent back to the model */
  failed?: boolean;
}

export const CSS_MESSAGES = MESSAGES.cssAssistant;

/** Chat textarea rows (autosize). */
export const CHAT_ROWS = { min: 1, max: 3 } as const;

/** "An AI CSS message is sent only when non-empty and not already generating." */
export const canSend = (text: string, generating: boolean): boolean => !generating && text.trim().length > 0;

/** Ctrl+Enter or Cmd+Enter submits the chat. */
export const isSendShortcut = (event: { key: string; ctrlKey?: boolean; metaKey?: boolean }): boolean =>
  event.key === 'Enter' && Boolean(event.ctrlKey || event.metaKey);

/** The request body: the conversation without failure apologies, plus the editor's CSS. */
export function buildRequest(
  conversation: readonly ChatMessage[],
  currentCSS: string,
  extra: Pick<AiCssRequest, 'userData' | 'agentID' | 'bucket'> = {},
): AiCssRequest {
  const messages = conversation.filter((m) => !m.failed && m.content.trim()).map((m) => ({ role: m.role, content: m.content }));
  const body: AiCssRequest = { messages, currentCSS };
  if (extra.userData) body.userData = extra.userData;
  if (extra.agentID) body.agentID = extra.agentID;
  if (extra.bucket) body.bucket = extra.bucket;
  return body;
}

/** The editor's text with `css` added at the end (an empty editor just gets the CSS). */
export function insertCss(current: string, css: string): string {
  const addition = css.trim();
  if (!addition) return current;
  const before = current.replace(/\s+$/, '');
  return before ? `${before}\n\n${addition}\n` : `${addition}\n`;
}

/** What the server answered (contracts' answer of POST /ai-css-generator). */
export type AssistantAnswer = AiCssResult;

export type GenerationOutcome =
  | { kind: 'inserted'; reply: ChatMessage; css: string; notice: string }
  | { kind: 'no-css'; reply: ChatMessage; notice: string }
  | { kind: 'failed'; reply: ChatMessage; notice: string };

/**
 * What an answer (or a thrown error: pass undefined) leads to: the chat reply, and either
 * the CSS to insert with 'CSS generated and inserted successfully!', the notice
 * 'Generated response but no CSS code found...', or 'Failed to generate CSS. Please try again.'
 * with an apology in the chat.
 */
export function generationOutcome(answer: AssistantAnswer | undefined): GenerationOutcome {
  if (!answer || answer.success === false || typeof answer.response !== 'string' || !answer.response.trim()) {
    return {
      kind: 'failed',
      reply: { role: 'assistant', content: CSS_MESSAGES.generationFailedChatReply, failed: true },
      notice: CSS_MESSAGES.generationFailed,
    };
  }
  const reply: ChatMessage = { role: 'assistant', content: answer.response, ...(answer.sandbox ? { sandbox: true } : {}) };
  const css = (typeof answer.css === 'string' && answer.css.trim() ? answer.css : null) ?? extractCss(answer.response);
  if (!css) return { kind: 'no-css', reply, notice: CSS_MESSAGES.noCssGenerated };
  return { kind: 'inserted', reply, css, notice: CSS_MESSAGES.generatedAndInserted };
}

/** "Insert" on one message: the CSS and the notice, or the 'No CSS code found in this message' notice. */
export function manualInsertion(message: ChatMessage): { css: string; notice: string } | { css: null; notice: string } {
  const css = message.failed ? null : extractCss(message.content);
  return css ? { css, notice: CSS_MESSAGES.insertedManually } : { css: null, notice: CSS_MESSAGES.noCssInMessage };
}

/** A message split into prose and code parts, for display (code blocks shown monospaced). */
export function messageParts(content: string): Array<{ kind: 'text' | 'code'; value: string; language?: string }> {
  const parts: Array<{ kind: 'text' | 'code'; value: string; language?: string }> = [];
  let at = 0;
  for (const match of content.matchAll(CODE_FENCE)) {
    const index = match.index ?? 0;
    const text = content.slice(at, index).trim();
    if (text) parts.push({ kind: 'text', value: text });
    parts.push({ kind: 'code', value: match[2]!.replace(/\s+$/, ''), language: match[1] || undefined });
    at = index + match[0].length;
  }
  const rest = content.slice(at).trim();
  if (rest) parts.push({ kind: 'text', value: rest });
  return parts;
}

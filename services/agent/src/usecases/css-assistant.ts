import { createHash } from 'node:crypto';
import { extractCss, type AiCssRequest } from '@platform/contracts';
import type { Logger, Principal } from '@platform/kit';
import { buildCssChat } from '../domain/css-assistant';
import { LlmError, type ChatClient, type LlmErrorKind } from '../clients/llm-client';

export type CssResult =
  | { ok: true; answer: { response: string; css: string | null; sandbox: boolean; model: string } }
  | { ok: false; failure: LlmErrorKind };

/** The AI style assistant: the conversation sent to the model, the CSS found in its answer. */
export class CssAssistantUseCases {
  constructor(private readonly deps: { chat: ChatClient; logger: Logger }) {}

  async generate(body: AiCssRequest, caller: Principal): Promise<CssResult> {
    try {
      const completion = await this.deps.chat.complete(buildCssChat(body), {
        // a stable pseudonym of the caller, for the provider's abuse monitoring
        user: createHash('sha256').update(`${caller.kind}:${caller.id}`).digest('hex').slice(0, 32),
      });
      return { ok: true, answer: { response: completion.content, css: extractCss(completion.content), sandbox: completion.sandbox, model: completion.model } };
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      this.deps.logger.warn({ kind: err.kind, status: err.status, reason: err.message }, 'css generation failed');
      return { ok: false, failure: err.kind };
    }
  }
}

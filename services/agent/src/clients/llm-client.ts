/*
 * The one HTTP client of the LLM provider: OpenAI's chat completions API, or anything that
 * speaks it (the local sandbox in infra/sandboxes/llm). Base URL, key and model come from
 * configuration; nothing here knows which one it talks to.
 */
import { createParser } from 'eventsource-parser';

export interface LlmConfig {
  /** e.g. https://api.openai.com/v1 (LLM_API_BASE) */
  apiBase: string;
  /** LLM_API_KEY; empty means not configured */
  apiKey: string;
  /** LLM_MODEL */
  model: string;
  /** LLM_TIMEOUT_MS: the whole request, answer included */
  timeoutMs: number;
  /** LLM_MAX_TOKENS: longest answer asked for */
  maxTokens: number;
}

export function loadLlmConfig(source: Record<string, string | undefined> = process.env): LlmConfig {
  const read = (name: string, fallback: string) => {
    const value = source[name]?.trim();
    return value ? value : fallback;
  };
  const positive = (name: string, fallback: number) => {
    const value = Number(read(name, String(fallback)));
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
    return value;
  };
  return {
    apiBase: read('LLM_API_BASE', 'https://api.openai.com/v1').replace(/\/+$/, ''),
    apiKey: read('LLM_API_KEY', ''),
    model: read('LLM_MODEL', 'gpt-4o-mini'),
    // below the gateway's 30 s proxy timeout, so the caller gets our message, not a 504
    timeoutMs: positive('LLM_TIMEOUT_MS', 25_000),
    maxTokens: positive('LLM_MAX_TOKENS', 1024),
  };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  /** default: the configured model */
  model?: string;
  temperature?: number;
  maxTokens?: number;
  /** an end-user id the provider may use for abuse monitoring */
  user?: string;
}

export interface ChatCompletion {
  content: string;
  model: string;
  finishReason: string | null;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  /**
   * The provider said it is a sandbox (system_fingerprint 'sandbox' or the x-sandbox
   * header). Passed through to the UI as is; nothing branches on it.
   */
  sandbox: boolean;
}

export interface ChatClient {
  complete(messages: ChatMessage[], options?: ChatOptions): Promise<ChatCompletion>;
}

/** A client that can also stream: `onDelta` gets each piece of the answer as it arrives; the result is the whole answer. */
export interface StreamingChatClient extends ChatClient {
  stream(messages: ChatMessage[], options: ChatOptions, onDelta: (text: string) => void): Promise<ChatCompletion>;
}

export type LlmErrorKind = 'not_configured' | 'timeout' | 'network' | 'unauthorized' | 'rate_limited' | 'rejected' | 'upstream' | 'bad_response';

/** A failed completion; `kind` says why, `status` is the provider's HTTP status if it answered. */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** OpenAI's error body: {error: {message, type, param, code}}. */
function providerMessage(body: unknown): string | undefined {
  const error = (body as { error?: { message?: unknown } | string } | null)?.error;
  if (typeof error === 'string') return error;
  return typeof error?.message === 'string' ? error.message : undefined;
}

function kindOfStatus(status: number): LlmErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'upstream';
  return 'rejected';
}

function failure(err: unknown, config: LlmConfig): LlmError {
  if (err instanceof LlmError) return err;
  const name = (err as Error | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new LlmError('timeout', `no answer within ${config.timeoutMs} ms`);
  return new LlmError('network', `request failed: ${(err as Error).message}`);
}

export function createChatClient(config: LlmConfig, fetchImpl: typeof fetch = fetch): StreamingChatClient {
  const request = (messages: ChatMessage[], options: ChatOptions, stream: boolean) => {
    if (!config.apiKey) throw new LlmError('not_configured', 'LLM_API_KEY is not set');
    return fetchImpl(`${config.apiBase}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: options.model ?? config.model,
        messages,
        temperature: options.temperature ?? 0.3,
        max_tokens: options.maxTokens ?? config.maxTokens,
        ...(options.user ? { user: options.user } : {}),
        // the last chunk carries the token counts the credits are computed from
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  };
  return {
    async stream(messages, options, onDelta) {
      let response: Response;
      try {
        response = await request(messages, options, true);
      } catch (err) {
        throw failure(err, config);
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        throw new LlmError(kindOfStatus(response.status), providerMessage(body) ?? `HTTP ${response.status}`, response.status);
      }
      if (!response.body) throw new LlmError('bad_response', 'the streamed answer has no body', response.status);
      let content = '';
      let model = options.model ?? config.model;
      let finishReason: string | null = null;
      let usage: ChatCompletion['usage'];
      let sandbox = response.headers.get('x-sandbox') === 'true';
      let broken: LlmError | undefined;
      const parser = createParser({
        onEvent: ({ data }) => {
          if (data === '[DONE]' || broken) return;
          try {
            const chunk = JSON.parse(data) as {
              model?: string;
              system_fingerprint?: string | null;
              usage?: ChatCompletion['usage'] | null;
              choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
            };
            if (chunk.model) model = chunk.model;
            if (chunk.system_fingerprint === 'sandbox') sandbox = true;
            if (chunk.usage) usage = chunk.usage;
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) finishReason = choice.finish_reason;
            const piece = choice?.delta?.content;
            if (typeof piece === 'string' && piece.length) {
              content += piece;
              onDelta(piece);
            }
          } catch {
            broken = new LlmError('bad_response', 'a streamed chunk is not JSON', response.status);
          }
        },
      });
      const decoder = new TextDecoder();
      try {
        for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(bytes, { stream: true }));
      } catch (err) {
        throw failure(err, config);
      }
      if (broken) throw broken;
      return { content, model, finishReason, usage, sandbox };
    },
    async complete(messages, options = {}) {
      let response: Response;
      let body: unknown;
      try {
        response = await request(messages, options, false);
        const text = await response.text();
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
      } catch (err) {
        throw failure(err, config);
      }
      if (!response.ok) {
        throw new LlmError(kindOfStatus(response.status), providerMessage(body) ?? `HTTP ${response.status}`, response.status);
      }
      const completion = body as {
        model?: string;
        system_fingerprint?: string | null;
        usage?: ChatCompletion['usage'];
        choices?: Array<{ message?: { content?: unknown }; finish_reason?: string | null }>;
      } | undefined;
      const choice = completion?.choices?.[0];
      if (typeof choice?.message?.content !== 'string') throw new LlmError('bad_response', 'the answer has no choices[0].message.content', response.status);
      return {
        content: choice.message.content,
        model: completion?.model ?? options.model ?? config.model,
        finishReason: choice.finish_reason ?? null,
        usage: completion?.usage,
        sandbox: completion?.system_fingerprint === 'sandbox' || response.headers.get('x-sandbox') === 'true',
      };
    },
  };
}

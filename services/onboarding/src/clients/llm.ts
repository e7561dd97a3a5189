/** OpenAI chat completions (or the local sandbox), one non-streamed answer. LLM_API_BASE, LLM_API_KEY, LLM_MODEL. */
export interface LlmConfig {
  apiBase: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface Completion {
  complete(messages: Array<{ role: 'system' | 'user'; content: string }>): Promise<string>;
}

export class OpenAiCompletion implements Completion {
  constructor(private readonly config: LlmConfig) {}

  async complete(messages: Array<{ role: 'system' | 'user'; content: string }>): Promise<string> {
    const response = await fetch(`${this.config.apiBase}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
      body: JSON.stringify({ model: this.config.model, messages, temperature: 0.4, max_tokens: 800 }),
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    if (!response.ok) throw new Error(`LLM answered ${response.status}`);
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    return body.choices?.[0]?.message?.content ?? '';
  }
}

import type { TelegramWebhookInfo } from '@platform/contracts';
import { providerErrorText } from '../domain/provider-errors';

/** A Bot API answer: {ok, result} or {ok: false, error_code, description}. */
type BotApiAnswer<T> = { ok: true; result: T } | { ok: false; error_code?: number; description?: string };

/** A Bot API call the provider refused; `description` is Telegram's own text. */
export class TelegramApiError extends Error {
  constructor(
    readonly description: string,
    readonly status: number,
  ) {
    super(description);
  }
}

/** The Telegram Bot API (https://core.telegram.org/bots/api), base URL from configuration. */
export class TelegramApi {
  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  setWebhook(token: string, params: { url: string; secret_token: string; allowed_updates?: string[] }) {
    return this.call<boolean>(token, 'setWebhook', params);
  }

  deleteWebhook(token: string) {
    return this.call<boolean>(token, 'deleteWebhook', {});
  }

  getWebhookInfo(token: string) {
    return this.call<TelegramWebhookInfo>(token, 'getWebhookInfo', {});
  }

  sendMessage(token: string, params: { chat_id: string; text: string }) {
    return this.call<{ message_id: number }>(token, 'sendMessage', params);
  }

  private async call<T>(token: string, method: string, params: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new TelegramApiError(`Telegram is unreachable (${(err as Error).message})`, 502);
    }
    const answer = (await response.json().catch(() => undefined)) as BotApiAnswer<T> | undefined;
    if (!answer?.ok) throw new TelegramApiError(providerErrorText(answer), response.status);
    return answer.result;
  }
}

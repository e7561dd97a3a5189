/** Twilio's account credentials: the Account SID and its Auth Token (HTTP Basic). */
export interface TwilioAccount {
  sid: string;
  authToken: string;
}

/** An IncomingPhoneNumber as Twilio answers it (the fields the platform reads). */
export interface TwilioIncomingNumber {
  sid: string;
  account_sid: string;
  phone_number: string;
  friendly_name: string;
  voice_url: string;
}
export interface TwilioAvailableNumber {
  phone_number: string;
  friendly_name: string;
  locality: string | null;
  region: string | null;
  iso_country: string;
}

/** A call Twilio refused ({code, message, status}) or could not take (status 502). */
export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Twilio's REST API 2010-04-01 (IncomingPhoneNumbers, AvailablePhoneNumbers); base URL from configuration. */
export class TwilioApi {
  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  /** The account itself: a 401 means the SID and token do not match. */
  fetchAccount(account: TwilioAccount): Promise<{ sid: string; status: string }> {
    return this.call(account, 'GET', '.json');
  }

  async searchLocal(account: TwilioAccount, country: string, filters: { AreaCode?: string; Contains?: string; PageSize?: string }): Promise<TwilioAvailableNumber[]> {
    const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const answer = await this.call<{ available_phone_numbers: TwilioAvailableNumber[] }>(account, 'GET', `/AvailablePhoneNumbers/${encodeURIComponent(country)}/Local.json?${query}`);
    return answer.available_phone_numbers;
  }

  buy(account: TwilioAccount, params: { PhoneNumber: string; VoiceUrl?: string; FriendlyName?: string }): Promise<TwilioIncomingNumber> {
    return this.call(account, 'POST', '/IncomingPhoneNumbers.json', params);
  }

  async findByNumber(account: TwilioAccount, phoneNumber: string): Promise<TwilioIncomingNumber | undefined> {
    const answer = await this.call<{ incoming_phone_numbers: TwilioIncomingNumber[] }>(account, 'GET', `/IncomingPhoneNumbers.json?${new URLSearchParams({ PhoneNumber: phoneNumber })}`);
    return answer.incoming_phone_numbers.find((number) => number.phone_number === phoneNumber);
  }

  update(account: TwilioAccount, sid: string, params: { VoiceUrl: string; VoiceMethod?: string }): Promise<TwilioIncomingNumber> {
    return this.call(account, 'POST', `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, params);
  }

  async release(account: TwilioAccount, sid: string): Promise<void> {
    await this.call(account, 'DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`);
  }

  private async call<T>(account: TwilioAccount, method: 'GET' | 'POST' | 'DELETE', path: string, form?: Record<string, string | undefined>): Promise<T> {
    const body = form ? new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString() : undefined;
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(account.sid)}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${account.sid}:${account.authToken}`).toString('base64')}`,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new TwilioApiError(502, undefined, `Twilio is unreachable (${(err as Error).message})`);
    }
    if (response.status === 204) return undefined as T;
    const answer = (await response.json().catch(() => undefined)) as (T & { code?: number; message?: string }) | undefined;
    if (!response.ok || !answer) throw new TwilioApiError(response.status, answer?.code, answer?.message ?? `HTTP ${response.status}`);
    return answer;
  }
}

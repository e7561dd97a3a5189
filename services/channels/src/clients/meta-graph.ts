import { META_GRAPH_API_VERSION, type DiscoveredWhatsappNumber, type WhatsappTextMessage } from '@platform/contracts';
import { providerErrorText } from '../domain/provider-errors';

/** A Graph API refusal; `reason` is Meta's text (error_user_msg, else message). */
export class MetaGraphError extends Error {
  constructor(
    readonly reason: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(reason);
  }
}

/** A page as GET /me/accounts answers it. */
export interface GraphPage {
  id: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

/** A message template as GET /{waba-id}/message_templates answers it. */
export interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components?: Array<{ type: string; text?: string }>;
}

/** The Meta Graph API v18.0 (pages, Send API, WhatsApp Cloud API), base URL from configuration. */
export class MetaGraph {
  constructor(private readonly options: { baseUrl: string; appId: string; appSecret: string; timeoutMs: number }) {}

  /** A short-lived user token for a long-lived one (GET /oauth/access_token, fb_exchange_token). */
  async exchangeToken(token: string): Promise<string> {
    const query = new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: this.options.appId, client_secret: this.options.appSecret, fb_exchange_token: token });
    const answer = await this.call<{ access_token: string }>('GET', `/oauth/access_token?${query}`);
    return answer.access_token;
  }

  async phoneNumbers(wabaId: string, token: string): Promise<DiscoveredWhatsappNumber[]> {
    return (await this.call<{ data: DiscoveredWhatsappNumber[] }>('GET', `/${encodeURIComponent(wabaId)}/phone_numbers`, token)).data;
  }

  async register(phoneId: string, token: string, pin: string): Promise<void> {
    await this.call('POST', `/${encodeURIComponent(phoneId)}/register`, token, { messaging_product: 'whatsapp', pin });
  }

  /** Subscribes the app to the account, its messages delivered to `callbackUrl` (verified by Meta with `verifyToken`). */
  async subscribe(wabaId: string, token: string, callbackUrl: string, verifyToken: string): Promise<void> {
    await this.call('POST', `/${encodeURIComponent(wabaId)}/subscribed_apps`, token, { override_callback_uri: callbackUrl, verify_token: verifyToken });
  }

  async sendText(phoneId: string, token: string, message: WhatsappTextMessage): Promise<string> {
    const answer = await this.call<{ messages: Array<{ id: string }> }>('POST', `/${encodeURIComponent(phoneId)}/messages`, token, message);
    return answer.messages[0]!.id;
  }

  async createTemplate(wabaId: string, token: string, template: { name: string; language: string; category: string; bodyText: string }): Promise<{ id: string; status: string }> {
    return this.call('POST', `/${encodeURIComponent(wabaId)}/message_templates`, token, {
      name: template.name,
      language: template.language,
      category: template.category,
      components: [{ type: 'BODY', text: template.bodyText }],
    });
  }

  /** The account's message templates (GET /{waba-id}/message_templates). */
  async templates(wabaId: string, token: string): Promise<GraphTemplate[]> {
    return (await this.call<{ data: GraphTemplate[] }>('GET', `/${encodeURIComponent(wabaId)}/message_templates?fields=id,name,language,category,status,components&limit=200`, token)).data;
  }

  /** A template message (allowed outside the 24-hour window); answers Meta's message id. */
  async sendTemplate(phoneId: string, token: string, to: string, template: { name: string; language: string }): Promise<string> {
    const answer = await this.call<{ messages: Array<{ id: string }> }>('POST', `/${encodeURIComponent(phoneId)}/messages`, token, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: { name: template.name, language: { code: template.language } },
    });
    return answer.messages[0]!.id;
  }

  /** The user's pages with their tokens and Instagram accounts (GET /me/accounts). */
  async pages(userToken: string): Promise<GraphPage[]> {
    const fields = 'id,name,access_token,picture,instagram_business_account{id,username,name,profile_picture_url}';
    return (await this.call<{ data: GraphPage[] }>('GET', `/me/accounts?fields=${encodeURIComponent(fields)}`, userToken)).data;
  }

  /** Whether the page (its token) sends its messages to this app. */
  async pageSubscribed(pageToken: string): Promise<boolean> {
    return (await this.call<{ data: unknown[] }>('GET', '/me/subscribed_apps', pageToken)).data.length > 0;
  }

  async subscribePage(pageId: string, pageToken: string): Promise<void> {
    await this.call('POST', `/${encodeURIComponent(pageId)}/subscribed_apps`, pageToken, { subscribed_fields: 'messages,messaging_postbacks' });
  }

  async unsubscribePage(pageId: string, pageToken: string): Promise<void> {
    await this.call('DELETE', `/${encodeURIComponent(pageId)}/subscribed_apps`, pageToken);
  }

  /** The app's webhook for an object ('page', 'instagram'); Meta verifies the callback with the verify token first. */
  async subscribeApp(object: 'page' | 'instagram', callbackUrl: string, verifyToken: string): Promise<void> {
    const appToken = `${this.options.appId}|${this.options.appSecret}`;
    await this.call('POST', `/${encodeURIComponent(this.options.appId)}/subscriptions`, appToken, { object, callback_url: callbackUrl, verify_token: verifyToken, fields: 'messages' });
  }

  /** Send API (Messenger and Instagram) with the page token. */
  async sendPageMessage(pageToken: string, recipientId: string, text: string): Promise<void> {
    await this.call('POST', '/me/messages', pageToken, { recipient: { id: recipientId }, message: { text }, messaging_type: 'RESPONSE' });
  }

  private async call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/${META_GRAPH_API_VERSION}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new MetaGraphError(`Meta is unreachable (${(err as Error).message})`, 502);
    }
    const answer = (await response.json().catch(() => undefined)) as (T & { error?: { code?: number } }) | undefined;
    if (!response.ok || !answer || answer.error) throw new MetaGraphError(providerErrorText(answer), response.status, answer?.error?.code);
    return answer;
  }
}

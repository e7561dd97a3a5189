import { generateRequestDetails } from 'web-push';
import type { WebPushSubscription } from '@platform/contracts';
import { OutboundRequestFailed, type SafeHttpClient } from '@platform/kit';

/** The platform's VAPID identity (RFC 8292): its key pair (base64url) and a contact (mailto: or https:). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** sent: the push service took it (201); gone: the subscription no longer exists (404/410); failed: anything else. */
export type PushOutcome = { result: 'sent' | 'gone' } | { result: 'failed'; reason: string };

/** How long a push service keeps an undelivered notification for an offline browser (a day, like the pop-up's relevance). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push (RFC 8030): web-push encrypts the payload for the subscription (RFC 8291 aes128gcm) and
 * signs the VAPID JWT; the request goes through the kit's SSRF-safe client, since the endpoint is
 * whatever URL the browser handed in.
 */
export class WebPushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly http: SafeHttpClient,
  ) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async send(subscription: WebPushSubscription, payload: string, urgency: 'normal' | 'high'): Promise<PushOutcome> {
    let request;
    try {
      request = generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, { vapidDetails: this.vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency });
    } catch (err) {
      return { result: 'failed', reason: `bad subscription: ${(err as Error).message}` };
    }
    try {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const answer = await this.http.request(request.endpoint, { method: 'POST', headers, body: request.body ?? undefined });
      if (answer.status === 404 || answer.status === 410) return { result: 'gone' };
      if (answer.status >= 200 && answer.status < 300) return { result: 'sent' };
      return { result: 'failed', reason: `push service answered ${answer.status}: ${answer.body.slice(0, 200)}` };
    } catch (err) {
      if (err instanceof OutboundRequestFailed) return { result: 'failed', reason: err.message };
      throw err;
    }
  }
}

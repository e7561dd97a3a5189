import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_MESSAGES, WORKSPACE_EVENT_TYPES, type EventEnvelope } from '@platform/contracts';

/** The public name of a platform event a workspace may subscribe to, or null. */
export function publicEventType(event: Pick<EventEnvelope, 'type'>): string | null {
  return WORKSPACE_EVENT_TYPES.find((entry) => entry.source === event.type)?.type ?? null;
}

/** Sent only when subscribed (spec §7); the test event always. */
export const isSubscribed = (subscribedEvents: readonly string[], type: string, isTest: boolean) => isTest || subscribedEvents.includes(type);

/** The body POSTed to the endpoint: `{type, payload: {createdAt, workspaceSecret, ...data}}`. */
export function deliveryBody(type: string, data: Record<string, unknown>, createdAt: string, workspaceSecret: string): string {
  return JSON.stringify({ type, payload: { ...data, createdAt, workspaceSecret } });
}

const hmacHex = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the workspace secret. */
export function signatureHeader(secret: string, body: string, nowMs: number): string {
  return `t=${nowMs},v1=${hmacHex(secret, nowMs, body)}`;
}

/** What a receiver checks: the signature matches and its timestamp is recent (replays refused). */
export function verifySignatureHeader(header: string | undefined, secret: string, body: string, nowMs: number, toleranceMs = 5 * 60_000): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || Math.abs(nowMs - timestamp) > toleranceMs || typeof parts.v1 !== 'string') return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface RetryPolicy {
  /** attempts in all, the first included */
  maxAttempts: number;
  /** wait after the first failure; each later wait is 4 times longer */
  baseDelayMs: number;
}

/** After `attempts` failed attempts: when to try again, or null when it has finally failed. */
export function nextAttemptDelay(attempts: number, policy: RetryPolicy): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return policy.baseDelayMs * 4 ** (attempts - 1);
}

/** An answer in 2xx is delivered; anything else (or no answer) is retried. */
export const isDelivered = (status: number) => status >= 200 && status < 300;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notice the workspace's members get when a delivery has finally failed. */
export function failureNotice(input: { endpoint: string; type: string; attempts: number; lastError: string }): { subject: string; html: string } {
  return {
    subject: NOTIFICATION_MESSAGES.endpointFailedSubject,
    html:
      `<p>We could not deliver the event <strong>${escapeHtml(input.type)}</strong> to your events endpoint ` +
      `<code>${escapeHtml(input.endpoint)}</code> after ${input.attempts} attempts.</p>` +
      `<p>Last error: ${escapeHtml(input.lastError)}</p><p>Check the endpoint in your workspace's Events settings.</p>`,
  };
}

/** The e-mail a workspace's members get when its own credits cross below its low-credit threshold. */
export function creditsLowNotice(balance: number, dashboardUrl: string): { subject: string; html: string } {
  return {
    subject: NOTIFICATION_MESSAGES.creditsLowTitle,
    html: `<p><strong>${escapeHtml(NOTIFICATION_MESSAGES.creditsLowTitle)}</strong></p><p>${escapeHtml(NOTIFICATION_MESSAGES.creditsLowBody(balance))}</p><p><a href="${escapeHtml(dashboardUrl)}/">Open the dashboard</a></p>`,
  };
}

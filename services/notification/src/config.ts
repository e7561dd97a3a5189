import { createECDH, createHash } from 'node:crypto';
import type { VapidKeys } from './clients/web-push';
import { env, outboundOptionsFromEnv, platformConfig, type PlatformConfig, type SafeHttpOptions } from '@platform/kit';
import type { RetryPolicy } from './domain/event-delivery';

export interface NotificationConfig {
  port: number;
  platform: PlatformConfig;
  workspaceServiceUrl: string;
  agencyServiceUrl: string;
  serviceCallTimeoutMs: number;
  smtpUrl: string;
  mailFrom: string;
  /** Origin of the links in notification e-mails (PUBLIC_URL). */
  publicUrl: string;
  /** Events endpoints are user-given URLs: fetched through the kit's SSRF-safe client. */
  outbound: SafeHttpOptions;
  /** EVENTS_MAX_ATTEMPTS (default 6) and EVENTS_RETRY_BASE_MS (default 30 s; waits 30 s, 2 min, 8 min, 32 min, 2 h 8 min). */
  retry: RetryPolicy;
  /** How often the delivery worker looks for due deliveries (EVENTS_POLL_MS). */
  deliveryPollMs: number;
  /** Web Push's VAPID identity; null when neither WEB_PUSH_VAPID_PRIVATE_KEY nor WEB_PUSH_VAPID_SEED is set (no push messages). */
  vapid: VapidKeys | null;
}

/**
 * WEB_PUSH_VAPID_PRIVATE_KEY (production: a base64url P-256 private key), else a key derived from
 * WEB_PUSH_VAPID_SEED (local runs: a generated secret), so no private key is ever committed.
 * The public key is always computed from the private one.
 */
export function vapidKeys(privateKey: string, seed: string, subject: string): VapidKeys | null {
  const secret = privateKey ? Buffer.from(privateKey, 'base64url') : seed ? createHash('sha256').update(`vapid:${seed}`).digest() : null;
  if (!secret) return null;
  if (secret.length !== 32) throw new Error('WEB_PUSH_VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(secret);
  return { privateKey: secret.toString('base64url'), publicKey: ecdh.getPublicKey().toString('base64url'), subject };
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};
const base = (name: string, fallback: string) => env(name, fallback).replace(/\/+$/, '');

export function loadConfig(): NotificationConfig {
  return {
    port: int('PORT', 4006),
    platform: platformConfig(),
    workspaceServiceUrl: base('SERVICE_URL_WORKSPACE', 'http://127.0.0.1:4001'),
    agencyServiceUrl: base('SERVICE_URL_AGENCY_DOMAIN', 'http://127.0.0.1:4004'),
    serviceCallTimeoutMs: int('SERVICE_CALL_TIMEOUT_MS', 3000),
    smtpUrl: env('SMTP_URL', 'smtp://127.0.0.1:1025'),
    mailFrom: env('MAIL_FROM', 'Platform <no-reply@localhost>'),
    publicUrl: base('PUBLIC_URL', 'http://localhost:8080'),
    outbound: { ...outboundOptionsFromEnv(), timeoutMs: int('EVENTS_TIMEOUT_MS', 10_000), maxResponseBytes: 64_000 },
    retry: { maxAttempts: Math.max(1, int('EVENTS_MAX_ATTEMPTS', 6)), baseDelayMs: int('EVENTS_RETRY_BASE_MS', 30_000) },
    deliveryPollMs: Math.max(50, int('EVENTS_POLL_MS', 1000)),
    vapid: vapidKeys(env('WEB_PUSH_VAPID_PRIVATE_KEY', ''), env('WEB_PUSH_VAPID_SEED', ''), env('WEB_PUSH_SUBJECT', 'mailto:push@localhost')),
  };
}

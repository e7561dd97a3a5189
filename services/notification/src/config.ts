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
  };
}

import { TOPICS } from '@platform/contracts';
import type { RegionalStripeAccounts } from './domain/stripe-account';
import { env, platformConfig, secretEnv, type PlatformConfig } from '@platform/kit';

export interface BillingConfig {
  port: number;
  platform: PlatformConfig;
  /** Where the workspace service answers POST /internal/access/check. */
  workspaceServiceUrl: string;
  /** Where agency-domain keeps the clients' records (SERVICE_URL_AGENCY_DOMAIN): a client's Stripe customer (billing §3); '' for none. */
  agencyDomainServiceUrl: string;
  serviceCallTimeoutMs: number;
  /**
   * The Stripe API (stripe-mock locally): STRIPE_API_BASE, STRIPE_SECRET_KEY; the signing secrets of the
   * account endpoint (STRIPE_WEBHOOK_SECRET) and of the Connect endpoint (STRIPE_CONNECT_WEBHOOK_SECRET).
   */
  stripe: { apiBase: string; secretKey: string; webhookSecret: string; connectWebhookSecret: string; publishableKey: string; jsUrl: string; regionalAccounts: RegionalStripeAccounts };
  /** The credit ledger's consumer group and topic (CREDIT_CONSUMER_GROUP, CREDIT_CONSUMPTION_TOPIC; tests use their own). */
  ledger: { consumerGroup: string; topic: string };
  /** Where Stripe Connect onboarding sends the agency back (PUBLIC_URL). */
  publicUrl: string;
  /** The credit transfer crash test only: the process dies between a transfer's two sides. */
  crashBetweenTransferSides: boolean;
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};

export function loadConfig(): BillingConfig {
  return {
    port: int('PORT', 4005),
    platform: platformConfig(),
    workspaceServiceUrl: env('SERVICE_URL_WORKSPACE', 'http://127.0.0.1:4001').replace(/\/+$/, ''),
    agencyDomainServiceUrl: env('SERVICE_URL_AGENCY_DOMAIN', 'http://127.0.0.1:4004').replace(/\/+$/, ''),
    serviceCallTimeoutMs: int('SERVICE_CALL_TIMEOUT_MS', 3000),
    stripe: {
      apiBase: env('STRIPE_API_BASE', 'https://api.stripe.com').replace(/\/+$/, ''),
      secretKey: env('STRIPE_SECRET_KEY', 'sk_test_123'),
      webhookSecret: secretEnv('STRIPE_WEBHOOK_SECRET'),
      connectWebhookSecret: secretEnv('STRIPE_CONNECT_WEBHOOK_SECRET'),
      // The browser's side (ADR 0018): STRIPE_PUBLISHABLE_KEY and STRIPE_JS_URL (the stripe-js sandbox locally).
      publishableKey: env('STRIPE_PUBLISHABLE_KEY', 'pk_test_sandbox'),
      jsUrl: env('STRIPE_JS_URL', 'https://js.stripe.com/v3/'),
      // useMultipleStripes (ADR 0025): STRIPE_ACCOUNT_US, _GB, _NZ, _EU; AU is excluded, so it has none
      regionalAccounts: Object.fromEntries((['US', 'GB', 'NZ', 'EU'] as const).map((region) => [region, env(`STRIPE_ACCOUNT_${region}`, '')]).filter(([, id]) => id)),
    },
    ledger: {
      consumerGroup: env('CREDIT_CONSUMER_GROUP', 'billing.credit-ledger'),
      topic: env('CREDIT_CONSUMPTION_TOPIC', TOPICS.creditConsumption.name),
    },
    publicUrl: env('PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, ''),
    crashBetweenTransferSides: env('BILLING_CRASH_BETWEEN_TRANSFER_SIDES', '') === '1',
  };
}

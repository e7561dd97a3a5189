import { BILLING_API_MESSAGES } from '@platform/contracts';

/**
 * Stripe's two kinds of webhook endpoint (ADR 0044): an account endpoint gets the platform's own
 * events, a Connect endpoint gets connected accounts' events (they carry `account`), and each has
 * its own signing secret.
 */
export type WebhookEndpoint = 'platform' | 'connect';

/** Why an event does not belong to the endpoint it reached, or undefined when it does. */
export function wrongEndpoint(endpoint: WebhookEndpoint, account: string | null | undefined): string | undefined {
  if (endpoint === 'platform' && account) return BILLING_API_MESSAGES.connectEventOnPlatformEndpoint;
  if (endpoint === 'connect' && !account) return BILLING_API_MESSAGES.platformEventOnConnectEndpoint;
  return undefined;
}

import { MESSAGES } from '@platform/contracts';

/**
 * The text of a provider's failure: the nested provider error details first, then the
 * message, then the spec's fallback (agents-channels-domains 8).
 */
export function providerErrorText(body: unknown, fallback: string = MESSAGES.channels.unexpectedError): string {
  const b = (body ?? {}) as { error?: { error_user_msg?: string; message?: string } | string; description?: string; message?: string };
  if (b.error && typeof b.error === 'object') return b.error.error_user_msg || b.error.message || fallback;
  return b.description || (typeof b.error === 'string' ? b.error : undefined) || b.message || fallback;
}

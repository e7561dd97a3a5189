import { createHash } from 'node:crypto';

/**
 * The event id of a provider message: the same delivery always gives the same id, so a
 * retried webhook is one event to every consumer that dedupes by id (a UUID built from a hash).
 */
export function deterministicEventId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  // RFC 4122 layout: version 5 nibble, variant 10xx.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

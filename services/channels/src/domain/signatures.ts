import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 (hex) of a secret, kept instead of the secret where only a comparison is needed. */
export const secretDigest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Constant-time check of a presented secret against its stored digest: both sides are
 * 32-byte digests, so neither the length nor the content of the secret leaks through timing.
 */
export function matchesDigest(given: string | undefined, digestHex: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(digestHex)) return false;
  return timingSafeEqual(createHash('sha256').update(given).digest(), Buffer.from(digestHex, 'hex'));
}

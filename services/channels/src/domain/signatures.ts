import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex>`: the HMAC-SHA256 of the raw body with the app
 * secret, compared in constant time.
 */
export function validMetaSignature(rawBody: Buffer | undefined, header: string | undefined, appSecret: string): boolean {
  if (!rawBody || typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(header.slice('sha256='.length), 'hex'), expected);
}

import { createHash } from 'node:crypto';

/** Credentials are only ever kept (cache keys, rate-limit keys) as this digest. */
export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

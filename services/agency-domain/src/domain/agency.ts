import { AGENCY_DEFAULTS, DEFAULT_AGENCY_BRANDING_TEXT, newAgencySecret, newDocumentId, type Agency } from '@platform/contracts';

/** A new agency (spec 3.1 defaults) owned by workspace `uid`. */
export function newAgency(uid: string, now: Date): Agency & { ID: string; userId: string; secret: string } {
  return { ID: newDocumentId(), userId: uid, ...AGENCY_DEFAULTS, secret: newAgencySecret(), createdAt: now.getTime() };
}

/**
 * Spec 4.4: when a workspace has more than one agency, those never modified or still carrying
 * the default branding text are retired. One is always kept: the most recently modified
 * real one, else the oldest default (so the owner never loses every agency).
 */
export function agenciesToRetire<T extends Pick<Agency, 'ID' | 'lastModified' | 'brandingText' | 'createdAt'>>(agencies: readonly T[]): { keep: T | undefined; retire: T[] } {
  if (agencies.length <= 1) return { keep: agencies[0], retire: [] };
  const isDefault = (a: T) => !a.lastModified || a.brandingText === DEFAULT_AGENCY_BRANDING_TEXT;
  const real = agencies.filter((a) => !isDefault(a)).sort((a, b) => (b.lastModified ?? 0) - (a.lastModified ?? 0));
  const keep = real[0] ?? [...agencies].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))[0];
  return { keep, retire: agencies.filter((a) => a !== keep && isDefault(a)) };
}

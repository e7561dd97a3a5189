import { REGIONS, type Region } from '@platform/contracts';

/** The request's region first, then the others: lookups the spec makes cross-region. */
export const regionsFrom = (region: Region): Region[] => [region, ...REGIONS.filter((r) => r !== region)];

/** A document-store duplicate-key error (unique index). */
export const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

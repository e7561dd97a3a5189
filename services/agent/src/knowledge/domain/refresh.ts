import type { KnowledgeRefreshRate } from '@platform/contracts';

const HOUR = 3_600_000;

/** How long after a successful read a source is read again; never: not scheduled. */
export const REFRESH_INTERVAL_MS: Record<KnowledgeRefreshRate, number | null> = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  never: null,
};

/** When a source read at `at` is due again, or undefined when its rate is never. */
export function nextRefreshAt(rate: KnowledgeRefreshRate | undefined, at: number): number | undefined {
  const interval = REFRESH_INTERVAL_MS[rate ?? 'never'];
  return interval === null ? undefined : at + interval;
}

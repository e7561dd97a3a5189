import type { KnowledgeSourceView } from '@platform/contracts';

/** A source is still being read: the Crawler page reads its list again until none is. */
export const isReading = (source: KnowledgeSourceView) => source.status === 'INITIALIZED' || source.status === 'PENDING';

/** The Crawler page's summary line: sources, pages read and characters held across the workspace. */
export function crawlerTotals(sources: KnowledgeSourceView[]): { sources: number; pages: number; characters: number; failed: number } {
  return sources.reduce(
    (sum, source) => ({
      sources: sum.sources + 1,
      pages: sum.pages + (source.pageCount ?? 0),
      characters: sum.characters + (source.charCount ?? 0),
      failed: sum.failed + (source.status === 'ERROR' ? 1 : 0),
    }),
    { sources: 0, pages: 0, characters: 0, failed: 0 },
  );
}

import Fuse from 'fuse.js';
import { NAVIGATION_SEARCH } from '@platform/contracts';
import { matchBadge, type NavSearchResult, type SearchableTab } from './navigation-search';

// Fuse.js lives in its own chunk: the search box loads this module when it is first used.
/**
 * Fuzzy search with Fuse.js: at most 5 results, each scoring at least 0.3, best first.
 * Results are cached per query and path (the path fixes which tabs exist and where they lead).
 */
export class NavigationSearch {
  private readonly fuse: Fuse<SearchableTab>;
  private readonly cache = new Map<string, NavSearchResult[]>();

  constructor(readonly tabs: readonly SearchableTab[]) {
    this.fuse = new Fuse(tabs, {
      keys: [
        { name: 'label', weight: 3 },
        { name: 'keywords', weight: 2 },
        { name: 'parent', weight: 0.5 },
        { name: 'desc', weight: 1 },
      ],
      includeScore: true,
      ignoreLocation: true,
      // Fuse scores 0 (perfect) to 1. 0.4 keeps typos ("hndoff") but drops letter soup; the
      // spec's minimum similarity (0.3) is applied to the result below.
      threshold: 0.4,
    });
  }

  search(query: string, path: string): NavSearchResult[] {
    const normalised = query.trim().toLowerCase();
    if (!normalised) return [];
    const key = `${path}\u0000${normalised}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const results = this.fuse
      .search(normalised)
      .map((r) => ({ tab: r.item, score: Math.round((1 - (r.score ?? 1)) * 1000) / 1000 }))
      .filter((r) => r.score >= NAVIGATION_SEARCH.minScore)
      .sort((a, b) => b.score - a.score || (a.tab.index ?? 0) - (b.tab.index ?? 0))
      .slice(0, NAVIGATION_SEARCH.maxResults)
      .map((r) => ({ ...r, badge: matchBadge(r.score) }));
    this.cache.set(key, results);
    return results;
  }

  get cacheSize(): number {
    return this.cache.size;
  }
}

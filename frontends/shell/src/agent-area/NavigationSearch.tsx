import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NAVIGATION_SEARCH } from '@platform/contracts';
import { Badge, Group, IconSearch, Paper, Popover, Stack, Text, TextInput, UnstyledButton, useDebouncedValue } from '@platform/ui';
import { autoNavigateTarget, type NavSearchResult, type SearchableTab } from './logic/navigation-search';
import type { NavigationSearch as SearchIndex } from './logic/search-index';

// Fuse.js arrives with the first use of the box, not with the agent area.
const loadSearchIndex = () => import(/* webpackChunkName: "navigation-search" */ './logic/search-index');

const BADGE_COLOR: Record<string, string> = { 'Strong match': 'teal', 'Good match': 'blue', 'Possible match': 'gray' };

/**
 * Spec 2.8: fuzzy search over the tabs and sub-tabs. Debounced 300 ms, at most 5 suggestions
 * scoring 0.3 or more, a badge per match, and a strong match (above 0.8) opens by itself
 * 300 ms later while the box keeps focus.
 */
export function NavigationSearch({ tabs, compact = false }: { tabs: readonly SearchableTab[]; compact?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [index, setIndex] = useState<SearchIndex>();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, NAVIGATION_SEARCH.debounceMs);
  const [focused, setFocused] = useState(false);
  const focusedRef = useRef(false);
  const wantsIndex = focused || query !== '';
  useEffect(() => {
    if (!wantsIndex) return;
    let current = true;
    void loadSearchIndex().then(({ NavigationSearch }) => current && setIndex(new NavigationSearch(tabs)));
    return () => {
      current = false;
    };
  }, [tabs, wantsIndex]);
  const searching = query.trim() !== '' && (query !== debounced || !index);
  const currentHref = pathname + search;
  const results: NavSearchResult[] = useMemo(() => (searching || !index ? [] : index.search(debounced, pathname)), [index, debounced, pathname, searching]);

  const go = (tab: SearchableTab) => {
    setQuery('');
    if (tab.href !== currentHref) navigate(tab.href);
  };

  // Auto-navigation on a strong match, only while the box has focus.
  useEffect(() => {
    const target = autoNavigateTarget(results);
    if (!target || !focused || target.href === currentHref) return;
    const timer = window.setTimeout(() => {
      if (focusedRef.current) go(target);
    }, NAVIGATION_SEARCH.autoNavigateDelayMs);
    return () => window.clearTimeout(timer);
  }, [results, focused]); // eslint-disable-line react-hooks/exhaustive-deps

  const open = focused && query.trim() !== '';
  return (
    <Popover opened={open} position="bottom-end" width={compact ? 'target' : 360} shadow="md" withinPortal trapFocus={false} returnFocus={false}>
      <Popover.Target>
        <TextInput
          aria-label="Search agent settings"
          placeholder={compact ? 'Search...' : 'Search tabs and settings...'}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onFocus={() => {
            focusedRef.current = true;
            setFocused(true);
          }}
          onBlur={() => {
            focusedRef.current = false;
            // Let a click on a suggestion land before the list closes.
            window.setTimeout(() => setFocused(false), 150);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results[0]) go(results[0].tab);
            if (e.key === 'Escape') setQuery('');
          }}
          data-testid="nav-search"
          w={compact ? '100%' : 210}
          style={{ flexShrink: 0 }}
        />
      </Popover.Target>
      <Popover.Dropdown p={4} data-testid="nav-search-results">
        {searching ? (
          <Text size="sm" c="dimmed" p="xs">
            Searching...
          </Text>
        ) : results.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            No results found
          </Text>
        ) : (
          <Stack gap={2}>
            {results.map((r) => (
              <UnstyledButton
                key={r.tab.href}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(r.tab)}
                className="nav-search__item"
                data-testid="nav-search-result"
              >
                <Paper p={6} radius="sm" bg="transparent">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {r.tab.parent ? `${r.tab.parent} › ${r.tab.label}` : r.tab.label}
                      </Text>
                      {r.tab.desc && (
                        <Text size="xs" c="dimmed" truncate>
                          {r.tab.desc}
                        </Text>
                      )}
                    </div>
                    <Badge size="xs" variant="light" color={BADGE_COLOR[r.badge]} style={{ flexShrink: 0 }}>
                      {r.badge}
                    </Badge>
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

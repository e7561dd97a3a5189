import { NAVIGATION_SEARCH } from '@platform/contracts';
import { autoNavigateTarget, buildSearchableTabs, matchBadge } from '../src/agent-area/logic/navigation-search';
import { NavigationSearch } from '../src/agent-area/logic/search-index';
import { visibleAgentTabs } from '../../ui/src/agent-editor/logic/tabs';

const tabs = buildSearchableTabs('eu', 'a1', visibleAgentTabs({ signedInOwner: true, enableNodes: true }));

describe('navigation search (spec 2.8)', () => {
  it('indexes the visible tabs and every settings and voice sub-tab', () => {
    const hrefs = tabs.map((t) => t.href);
    expect(hrefs).toContain('/app/eu/agents/a1/settings?tab=handoff');
    expect(hrefs).toContain('/app/eu/agents/a1/voice?tab=phoneNumbers');
    expect(hrefs).not.toContain('/app/eu/agents/a1/tools');
    expect(tabs.every((t, i) => t.index === i && t.label && t.href)).toBe(true);
  });

  it('finds a sub-tab by its name with a strong match that auto-navigates', () => {
    const results = new NavigationSearch(tabs).search('handoff', '/app/eu/agents/a1/overview');
    expect(results[0].tab.href).toBe('/app/eu/agents/a1/settings?tab=handoff');
    expect(results[0].badge).toBe('Strong match');
    expect(autoNavigateTarget(results)?.href).toBe('/app/eu/agents/a1/settings?tab=handoff');
  });

  it('tolerates typos and searches keywords', () => {
    const search = new NavigationSearch(tabs);
    expect(search.search('hndoff', '/p')[0].tab.label).toBe('Handoff');
    expect(search.search('whatsapp', '/p')[0].tab.label).toBe('Channels');
    expect(search.search('css', '/p')[0].tab.href).toContain('tab=advanced');
  });

  it('returns at most 5 results, each scoring at least 0.3, best first', () => {
    const search = new NavigationSearch(tabs);
    for (const query of ['voice', 'settings', 'a', 'prompt', 'chat']) {
      const results = search.search(query, '/p');
      expect(results.length).toBeLessThanOrEqual(NAVIGATION_SEARCH.maxResults);
      for (const r of results) expect(r.score).toBeGreaterThanOrEqual(NAVIGATION_SEARCH.minScore);
      expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
    }
    expect(search.search('xyzzy', '/p')).toEqual([]);
    expect(search.search('   ', '/p')).toEqual([]);
  });

  it('labels matches by score: above 0.8 strong, above 0.6 good, otherwise possible', () => {
    expect(matchBadge(0.81)).toBe('Strong match');
    expect(matchBadge(0.8)).toBe('Good match');
    expect(matchBadge(0.61)).toBe('Good match');
    expect(matchBadge(0.6)).toBe('Possible match');
    expect(matchBadge(0.3)).toBe('Possible match');
    expect(autoNavigateTarget([{ tab: tabs[0], score: 0.8, badge: 'Good match' }])).toBeUndefined();
    expect(autoNavigateTarget([])).toBeUndefined();
  });

  it('caches results per query and path', () => {
    const search = new NavigationSearch(tabs);
    const first = search.search('Knowledge', '/a');
    expect(search.search('  knowledge ', '/a')).toBe(first);
    expect(search.cacheSize).toBe(1);
    expect(search.search('knowledge', '/b')).not.toBe(first);
    expect(search.cacheSize).toBe(2);
  });
});

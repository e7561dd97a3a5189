import { initialTab } from '../src/agency/initial-tab';

describe('agency screen initial tab', () => {
  it('follows activeTabIndex and falls back to Overview', () => {
    expect(initialTab('?activeTabIndex=3')).toBe('Theme');
    expect(initialTab('?activeTabIndex=9')).toBe('Overview');
    expect(initialTab('?activeTabIndex=x')).toBe('Overview');
    expect(initialTab('')).toBe('Overview');
  });
});

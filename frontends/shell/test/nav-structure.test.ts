import { ALL_NAV_ITEMS, NAV_GROUPS, isNavActive, navHref, normaliseGroupState } from '../src/side-nav/nav-structure';

describe('side navigation', () => {
  it('has every item and group of spec 2.6, in order', () => {
    expect(NAV_GROUPS.map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([
      ['Integrations', ['Functions', 'Meta Pages', 'WhatsApp', 'Twilio Numbers']],
      ['Utilities', ['Crawler', 'Events', 'Sessions', 'Prompts']],
      ['Whitelabel', ['Agency', 'Clients']],
    ]);
    expect(ALL_NAV_ITEMS[0].label).toBe('Agents');
    expect(ALL_NAV_ITEMS[ALL_NAV_ITEMS.length - 1].label).toBe('Credentials');
  });

  it('links to the routes of spec 2.1', () => {
    const hrefs = Object.fromEntries(ALL_NAV_ITEMS.map((i) => [i.label, navHref('eu', i.path)]));
    expect(hrefs).toEqual({
      Agents: '/app/eu/agents',
      Functions: '/app/eu/integrations',
      'Meta Pages': '/app/eu/meta-pages',
      WhatsApp: '/app/eu/whatsapp-numbers',
      'Twilio Numbers': '/app/eu/twilio-numbers',
      Crawler: '/app/eu/automations',
      Events: '/app/eu/events',
      Sessions: '/app/eu/sessions',
      Prompts: '/app/eu/prompts',
      Agency: '/app/eu/agency',
      Clients: '/app/eu/clients',
      Credentials: '/app/eu/credentials',
    });
  });

  it('marks an item active on its path and below', () => {
    expect(isNavActive('/app/na/agents/abc/overview', 'na', '/agents')).toBe(true);
    expect(isNavActive('/app/na/agency', 'na', '/agents')).toBe(false);
    expect(isNavActive('/app/na/events', 'na', '/events')).toBe(true);
  });

  it('restores remembered group state and defaults the rest to open', () => {
    expect(normaliseGroupState({ utilities: false, bogus: true })).toEqual({ integrations: true, utilities: false, whitelabel: true });
    expect(normaliseGroupState('garbage')).toEqual({ integrations: true, utilities: true, whitelabel: true });
  });
});

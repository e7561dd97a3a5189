import { FOOTER_COLUMNS, headerLinksFor, isMarketingPath } from '../src/public/public-nav';

describe('public header and footer (spec 2.3)', () => {
  it('shows the marketing links on marketing paths and the home page', () => {
    for (const path of ['/', '/pricing', '/voice-agent', '/get-free-plan']) {
      expect(headerLinksFor(path).map((l) => l.label)).toEqual(['Integration list', 'Pricing', 'Get free plan now', 'About Us', 'Security']);
    }
  });

  it('shows Affiliates, Docs, Discord, Pricing elsewhere', () => {
    expect(isMarketingPath('/legal/tos')).toBe(false);
    expect(headerLinksFor('/legal/tos').map((l) => l.label)).toEqual(['Affiliates', 'Docs', 'Discord', 'Pricing']);
  });

  it('has the Legal, Support and Compliance footer columns', () => {
    expect(FOOTER_COLUMNS.map((c) => c.title)).toEqual(['Legal', 'Support', 'Compliance']);
  });
});

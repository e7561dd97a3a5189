import { LEGAL_PATHS, PUBLIC_MARKETING_PATHS } from '@platform/contracts';
import { LEGAL_PAGES } from '../src/public/content/legal';
import { MARKETING_PAGES } from '../src/public/content/marketing';

describe('public page content', () => {
  const paths = [...MARKETING_PAGES, ...LEGAL_PAGES].map((p) => p.path);

  it('covers every legal path of spec 2.1 plus the agents privacy policy', () => {
    for (const path of LEGAL_PATHS) expect(paths).toContain(path);
    expect(paths).toContain('/legal/ai-agents-privacy-policy');
  });

  it('covers every marketing path (home and pricing have their own components)', () => {
    for (const path of PUBLIC_MARKETING_PATHS.filter((p) => !['/landing2', '/pricing'].includes(p))) expect(paths).toContain(path);
  });

  it('has no placeholder text', () => {
    expect(JSON.stringify([MARKETING_PAGES, LEGAL_PAGES])).not.toMatch(/lorem|ipsum|TODO/i);
  });
});

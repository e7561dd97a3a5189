import { colorsInCss, normalizeColor, rankBrandColors } from '../src/domain/brand-colors';
import { readPage } from '../src/domain/page';
import { websiteUrl } from '../src/domain/website-url';

describe('brand colours', () => {
  it('normalizes hex and rgb spellings, and nothing else', () => {
    expect(normalizeColor('#ABC')).toBe('#aabbcc');
    expect(normalizeColor('#e4572eff')).toBe('#e4572e');
    expect(normalizeColor('rgb(118, 176, 65)')).toBe('#76b041');
    expect(normalizeColor('rgba(0 0 0 / 50%)')).toBe('#000000');
    expect(normalizeColor('rgb(300, 0, 0)')).toBeNull();
    expect(normalizeColor('tomato')).toBeNull();
  });

  it('weighs fills and brand tokens above text and borders', () => {
    const css = ':root { --brand-primary: #e4572e } header { background-color: #17bebb } p { color: #333333; border: 1px solid #ffc914 }';
    const ranked = rankBrandColors(colorsInCss(css));
    expect(ranked.slice(0, 3)).toEqual(['#e4572e', '#17bebb', '#ffc914']);
    // greys come after real colours, however often they are used
    expect(ranked.at(-1)).toBe('#333333');
  });

  it('merges near-identical shades into one, and keeps at most 11', () => {
    // 20 clearly different blues/greens (weight 6 each), and one red seen in two near-identical shades (5 + 5)
    const distinct = Array.from({ length: 20 }, (_, i) => ({ hex: `#00${(i * 12).toString(16).padStart(2, '0')}${(255 - i * 12).toString(16).padStart(2, '0')}`, weight: 6 }));
    const ranked = rankBrandColors([...distinct, { hex: '#e4572e', weight: 5 }, { hex: '#e5582f', weight: 5 }]);
    expect(ranked).toHaveLength(11);
    expect(ranked[0]).toBe('#e4572e');
    expect(ranked).not.toContain('#e5582f');
  });

  it('reads style attributes as declarations', () => {
    expect(rankBrandColors(colorsInCss('background: #123abc; color: #fff', { declarationsOnly: true }))).toEqual(['#123abc', '#ffffff']);
  });
});

describe('website address', () => {
  it('takes a URL or a bare domain', () => {
    expect(websiteUrl('example.com')?.toString()).toBe('https://example.com/');
    expect(websiteUrl('http://127.0.0.1:4110')?.toString()).toBe('http://127.0.0.1:4110/');
    expect(websiteUrl('not a site')).toBeNull();
  });
});

describe('page facts', () => {
  it('finds stylesheets, icons, the logo, same-site links and readable text', () => {
    const html = `<html><head><title>Home</title><link rel="stylesheet" href="/a.css"><link rel="shortcut icon" href="fav.png"><style>h1{color:#f00}</style><script>var x = "hidden"</script></head>
      <body><img src="/img/brand-logo.svg"><a href="/about">About</a><p>We bake   bread.</p></body></html>`;
    const facts = readPage(html, 'http://site.test/index.html');
    expect(facts).toMatchObject({
      title: 'Home',
      stylesheets: ['http://site.test/a.css'],
      icons: ['http://site.test/fav.png'],
      inlineCss: ['h1{color:#f00}'],
      logo: 'http://site.test/img/brand-logo.svg',
      links: ['http://site.test/about'],
    });
    expect(facts.text).toBe('About\nWe bake bread.');
  });
});

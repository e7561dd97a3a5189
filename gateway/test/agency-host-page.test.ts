import { AGENCY_HOST_DATA_ID } from '@platform/contracts';
import { brandedShellPage } from '../src/agency-hosts/pages';

const INDEX = '<!doctype html><html><head><meta charset="utf-8"><title>Agent Platform</title><link rel=icon href=/favicon.ico><script defer src="/main.1234abcd.js"></script></head><body><div id="shell-root"></div></body></html>';
const branding = {
  agency: { ID: 'ag1', name: 'Brand</title><script>x</script>', faviconURL: '/files/fav.png', customCSS: '.topbar{color:red}</style><script>', customThemeJSONString: '{"primary":"#e11d48"}' },
  poweredBy: true,
  region: 'eu' as const,
};

describe('the client dashboard page of an agency host', () => {
  const html = brandedShellPage(INDEX, branding);

  it('is the shell with the agency title, favicon, colours and custom CSS', () => {
    expect(html).toContain('<script defer src="/main.1234abcd.js"></script>');
    expect(html).not.toContain('<title>Agent Platform</title>');
    expect(html).toContain('<title>Brand&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; | Sign in</title>');
    expect(html).toContain('<link rel="icon" href="/files/fav.png">');
    expect(html).not.toContain('/favicon.ico');
    expect(brandedShellPage(INDEX, { ...branding, agency: { ...branding.agency, faviconURL: undefined } })).toContain('<link rel=icon href=/favicon.ico>');
    expect(html).toContain('--brand:#e11d48');
    expect(html).toContain('<style data-agency-css>.topbar{color:red}<\\/style><script></style>');
  });

  it('carries the branding as a JSON data block that cannot end its element early', () => {
    const block = new RegExp(`<script type="application/json" id="${AGENCY_HOST_DATA_ID}">(.*?)</script>`).exec(html);
    expect(block).not.toBeNull();
    expect(block![1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual(branding);
  });
});

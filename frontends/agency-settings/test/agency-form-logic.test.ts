import { clientPageHtml, customTabPageHtml } from '@platform/contracts';
import { dnsRows } from '../src/agency/dns';
import { moveTab, newCustomTab } from '../src/agency/custom-tabs';

describe('DNS tutorial rows', () => {
  it('a subdomain gets a CNAME named by its labels below the apex; an apex gets an A record at @', () => {
    expect(dnsRows('app.acme.com')[0]).toEqual({ type: 'CNAME', name: 'app', value: 'cname.vercel-dns.com', ttl: 'Auto' });
    expect(dnsRows('acme.localhost')[0]).toMatchObject({ type: 'CNAME', name: 'acme' });
    expect(dnsRows('acme.com')[0]).toEqual({ type: 'A', name: '@', value: '76.76.21.21', ttl: 'Auto' });
    expect(dnsRows('app.acme.com', { type: 'TXT', domain: '_vercel.acme.com', value: 'vc-domain-verify=x' })[1]).toEqual({ type: 'TXT', name: '_vercel', value: 'vc-domain-verify=x', ttl: 'Auto' });
  });
});

describe('custom tabs editor', () => {
  it('new tabs get a free href and the starter page; moving stops at the ends', () => {
    const first = newCustomTab([]);
    const second = newCustomTab([first]);
    expect(first.href).toBe('/custom-1');
    expect(second.href).toBe('/custom-2');
    expect(first.jsContent).toContain('dashboardVariables');
    expect(first.jsContent).toContain("addEventListener('dashboard-event'");
    expect(moveTab([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveTab([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveTab([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
  });
  it('the page carries the variables without letting them close the script', () => {
    const doc = customTabPageHtml({ htmlContent: '<p>hi</p>', jsContent: 'x()' }, { name: '</script><b>' });
    expect(doc).toContain('<p>hi</p>');
    expect(doc).not.toContain('</script><b>');
  });
});

describe('the branded client page', () => {
  it('escapes agency values, applies colours and footer rules', () => {
    const html = clientPageHtml({
      agency: { name: '<Acme>', customThemeJSONString: '{"primary":"#ff0000"}', tosPage: 'https://acme.test/tos', faviconURL: '/f.png', customCSS: 'body{color:red}' },
      poweredBy: true,
      productName: 'Agent Platform',
      bodyHtml: '<p>x</p>',
      region: 'eu',
    });
    expect(html).toContain('<title>&lt;Acme&gt;</title>');
    expect(html).toContain('--brand:#ff0000');
    expect(html).toContain('Powered by Agent Platform');
    expect(html).toContain('Terms of Service');
    expect(html).not.toContain('Privacy Policy');
    expect(html).toContain('GDPR');
    expect(html).toContain('<link rel="icon" href="/f.png">');
    expect(clientPageHtml({ agency: {}, poweredBy: false, productName: 'P', bodyHtml: '', region: 'na' })).not.toContain('Powered by');
  });
});

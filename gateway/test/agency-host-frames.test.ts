import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { customTabFrameOrigin, type CustomTab } from '@platform/contracts';
import { createApp, stripeJsSources } from '@platform/kit';
import type { AgencyBranding, AgencyHostLookup } from '../src/agency-hosts/lookup';
import { agencyHostRoutes } from '../src/agency-hosts/routes';
import { silentLogger } from './helpers/upstream';

const tabs: CustomTab[] = [
  { href: '/site', pageType: 'iframe', iframeUrl: 'https://tabs.example.com/page?x=1' },
  { href: '/again', pageType: 'iframe', iframeUrl: 'https://tabs.example.com/other' },
  { href: '/local', pageType: 'iframe', iframeUrl: 'http://127.0.0.1:4321/tab.html' },
  { href: '/plain', pageType: 'iframe', iframeUrl: 'http://plain.example.com/' },
  { href: '/script', pageType: 'iframe', iframeUrl: 'javascript:alert(1)' },
  { href: '/html', pageType: 'html', iframeUrl: 'https://html-tab-leftover.example.com/' },
];
const branding: AgencyBranding = { agency: { ID: 'ag1', name: 'Brand', customTabs: tabs }, poweredBy: false, region: 'eu' };
const frameSrc = (csp: string | undefined) => /(?:^|;)frame-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ');
const imgSrc = (csp: string | undefined) => /(?:^|;)img-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ');

describe('frames on an agency host (issue 12, ADR 0027)', () => {
  let dist: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body></body></html>');
    const lookup = { find: async (host: string) => (host === 'brand.localhost' ? branding : null) } as unknown as AgencyHostLookup;
    app = createApp({ name: 'gateway', logger: silentLogger, routes: agencyHostRoutes({ lookup, productHosts: new Set(['localhost']), productOrigins: ['http://localhost:9090'], selfPort: 0, frontendDist: dist }), readBodies: false, exposeMetrics: false });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("lets the dashboard frame the agency's iframe tabs' origins and nothing else", async () => {
    const res = await request(app).get('/app/eu/agents/a1/site').set('host', 'brand.localhost').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(frameSrc(res.headers['content-security-policy'])).toEqual(["'self'", ...stripeJsSources().frame, 'http://127.0.0.1:4321', 'https://tabs.example.com']);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/plain\.example|javascript|html-tab-leftover/);
  });

  it("keeps the product's policy (any https frame, for the shell's preview) off agency hosts", async () => {
    const res = await request(app).get('/app/eu/agents').set('host', 'localhost').set('accept', 'text/html');
    expect(frameSrc(res.headers['content-security-policy'])).toEqual(["'self'", ...stripeJsSources().frame, 'https:']);
  });

  it("shows the product's files on the agency host: uploads are served at the product's origin, plain http locally (ADR 0040)", async () => {
    const res = await request(app).get('/app/eu/agents/a1/overview').set('host', 'brand.localhost').set('accept', 'text/html');
    expect(imgSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://localhost:9090']);
    const product = await request(app).get('/app/eu/agents').set('host', 'localhost').set('accept', 'text/html');
    expect(imgSrc(product.headers['content-security-policy'])).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('frames https pages and loopback http pages only', () => {
    expect(customTabFrameOrigin('https://tabs.example.com:8443/a?b#c')).toBe('https://tabs.example.com:8443');
    expect(customTabFrameOrigin('http://localhost:5000/x')).toBe('http://localhost:5000');
    for (const refused of ['http://plain.example.com/', 'http://127.0.0.1.evil.example/', 'javascript:alert(1)', 'data:text/html,hi', 'not a url', '', undefined]) expect(customTabFrameOrigin(refused)).toBeUndefined();
  });
});

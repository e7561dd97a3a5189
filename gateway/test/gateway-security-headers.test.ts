import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { stripeJsSources } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

// Stripe.js's origins (STRIPE_JS_URL) join script-src, connect-src and frame-src (ADR 0018); the
// product's pages frame any https page for the custom tab preview (ADR 0027).
const stripe = stripeJsSources();
const CSP =
  `default-src 'self';script-src ${["'self'", ...stripe.script].join(' ')};style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;` +
  `connect-src ${["'self'", ...stripe.connect].join(' ')};object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'` +
  `;frame-src ${["'self'", ...stripe.frame, 'https:'].join(' ')}`;

describe('gateway security headers', () => {
  let dist: string;
  let workspace: Upstream;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    workspace = await startUpstream('workspace');
    gateway = createGateway(loadConfig(gatewayEnv({ FRONTEND_DIST: dist, SERVICE_URL_WORKSPACE: workspace.url })), silentLogger);
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await workspace.close();
  });

  it('sends the policy on pages, on API answers proxied from a service, and on errors', async () => {
    for (const res of [
      await request(gateway).get('/app/eu/agents').set('accept', 'text/html'),
      await request(gateway).get('/api/workspace/v2/workspaces/u1'),
      await request(gateway).get('/api/nope'),
    ]) {
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      // Plain http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS when the request came over https through a trusted proxy', async () => {
    const behindIngress = createGateway(loadConfig(gatewayEnv({ FRONTEND_DIST: dist, TRUST_PROXY: 'loopback' })), silentLogger);
    const res = await request(behindIngress).get('/app/eu/agents').set('accept', 'text/html').set('x-forwarded-proto', 'https');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // From an untrusted peer the same header proves nothing.
    const spoofed = await request(gateway).get('/app/eu/agents').set('accept', 'text/html').set('x-forwarded-proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets any site frame the agent iframe render path, and only that', async () => {
    const res = await request(gateway).get('/app/eu/render/agent123/iframe').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const other = await request(gateway).get('/app/eu/render/agent123/settings').set('accept', 'text/html');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

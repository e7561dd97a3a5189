import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { createLogger } from '@platform/kit';
import { waitFor } from '@platform/test-support';
import { buildGateway } from '../../../gateway/src/app';
import { loadConfig as loadGatewayConfig } from '../../../gateway/src/config';
import { personWithWorkspace, startHarness, type Harness } from './support/harness';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('the gateway on agency hosts', () => {
  let h: Harness;
  let service: Server;
  let gateway: Server;
  let gatewayUrl: string;
  let sub: string;
  let applyRevocation: (event: unknown) => boolean;
  let tenant: { person: Parameters<Harness['as']>[0]; uid: string; agencyId: string };

  beforeAll(async () => {
    h = await startHarness();
    service = h.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => service.once('listening', resolve));
    const port = await freePort();
    const config = loadGatewayConfig({
      PORT: String(port),
      INTERNAL_SIGNING_SECRET: h.config.platform.internalSigningSecret,
      JWT_SECRET: h.config.platform.jwtSecret,
      FRONTEND_DIST: '/nonexistent/frontend',
      SERVICE_URL_AGENCY_DOMAIN: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      ALLOWED_ORIGINS: `http://localhost:${port}`,
    });
    const built = buildGateway(config, createLogger('test', 'silent'));
    applyRevocation = built.applyRevocation;
    gateway = built.app.listen(port, '127.0.0.1');
    await new Promise((resolve) => gateway.once('listening', resolve));
    gatewayUrl = `http://127.0.0.1:${port}`;

    const { person, uid } = await personWithWorkspace(h);
    const agency = (
      await h.as(person).post(`/v2/workspaces/${uid}/agency`, {
        name: 'Brandy & Co',
        faviconURL: 'https://cdn.example.test/favicon.png',
        customThemeJSONString: JSON.stringify({ primary: '#e11d48' }),
        customCSS: '.topbar{letter-spacing:1px}',
        tosPage: 'https://brandy.example.test/tos',
        settings: { disablePasswordLogin: true },
      }).expect(200)
    ).body.agency;
    tenant = { person, uid, agencyId: agency.ID };
    sub = `b${Date.now().toString(36)}`;
    await h.as(person).post('/vercel-api/custom-domain', { customDomain: sub, userId: uid, agencyId: agency.ID, isVGSubdomain: true }).expect(200);
  });
  afterAll(async () => {
    await new Promise((resolve) => gateway.close(resolve));
    await new Promise((resolve) => service.close(resolve));
    await h.close();
  });

  it('an unverified host gets the product; once verified, /, /prototype and /share show the branded client sign-in', async () => {
    const host = `${sub}.localhost`;
    // Not verified yet: the product answers (no frontend built here: its placeholder).
    expect((await request(gatewayUrl).get('/').set('Host', host)).text).not.toContain('Brandy');
    const liveBefore = await request(gatewayUrl).get(`/proxy?domain=${host}`);
    expect(liveBefore.status).toBe(404);

    // Verification (the owner's status poll) marks it; the gateway's negative answer expires in seconds.
    const owner = (await h.mongo.collection('eu', 'agencies').findOne({ VGsubDomain: host }))!;
    await h.as({ kind: 'workspace', workspaceId: owner.userId, region: 'eu' }).get(`/vercel-api/custom-domain?domain=${host}&domainType=vgSubdomain&userId=${owner.userId}`).expect(200, { success: true, isVerified: true });
    await waitFor(async () => (await request(gatewayUrl).get('/').set('Host', host)).text.includes('Brandy'), 10_000, 250);

    for (const path of ['/', '/prototype', '/share/abc']) {
      const page = await request(gatewayUrl).get(path).set('Host', host).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('<title>Brandy &amp; Co | Sign in</title>');
      expect(page.text).toContain('<link rel="icon" href="https://cdn.example.test/favicon.png">');
      expect(page.text).toContain('--brand:#e11d48');
      expect(page.text).toContain('.topbar{letter-spacing:1px}');
      expect(page.text).toContain('Powered by');
      expect(page.text).toContain('Terms of Service');
      expect(page.text).toContain('GDPR');
      // Password login disabled: no password field.
      expect(page.text).not.toContain('type="password"');
    }
    // The liveness check asks this gateway for the host.
    expect((await request(gatewayUrl).get(`/proxy?domain=${host}`).expect(200)).body).toEqual({ success: true, live: true });
    // Other hosts and the product's own host are the product's.
    expect((await request(gatewayUrl).get('/').set('Host', 'unknown-agency.localhost')).text).not.toContain('Brandy');
    expect((await request(gatewayUrl).get('/')).text).not.toContain('Brandy');
    // A change reaches the page at once through credentials.agency-changed (not after the cache's 15 s).
    await h.as(tenant.person).post(`/v2/workspaces/${tenant.uid}/agency`, { name: 'Renamed Co' }).expect(200);
    expect((await request(gatewayUrl).get('/').set('Host', host)).text).toContain('Brandy');
    const stored = (await h.mongo.collection('eu', 'agencies').findOne({ _id: tenant.agencyId } as never)) as unknown as { _outbox: Array<{ envelope: { type: string; data: { hosts: string[] } } }> };
    const changed = stored._outbox.filter((entry) => entry.envelope.type === 'credentials.agency-changed').at(-1)!.envelope;
    expect(changed.data.hosts).toEqual([host]);
    expect(applyRevocation(changed)).toBe(true);
    expect((await request(gatewayUrl).get('/').set('Host', host)).text).toContain('<title>Renamed Co | Sign in</title>');
    // The default logo is served.
    await request(gatewayUrl).get('/assets/agency-default-logo.png').expect(200).expect('content-type', 'image/png');
  }, 30_000);
});

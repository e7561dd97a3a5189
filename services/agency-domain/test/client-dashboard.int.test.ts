import { CLIENTS_API_MESSAGES } from '@platform/contracts';
import { anonymous, gateway, uniqueEmail } from '@platform/test-support';
import { agencyWithOrganization, signInClient, startHarness, type Harness } from './support/harness';

/**
 * The client dashboard's html custom tabs (a page under its own sandboxing CSP, only for a client
 * who may see the tab) and the organisation switcher (ADR 0027).
 */
describe('client dashboard: custom tab pages and the organisation switcher', () => {
  let h: Harness;
  let a: Awaited<ReturnType<typeof agencyWithOrganization>>;
  let other: { ID: string };
  const password = 'Dashboard-pass-123';
  const email = uniqueEmail('tabclient');
  let identity: Awaited<ReturnType<typeof signInClient>>['identity'];
  // query strings in the path: the harness signs the forwarded identity over the whole URL
  const tabPath = (query: Record<string, string>) => `/v2/client/custom-tab?${new URLSearchParams(query).toString()}`;
  const tabs = [
    { label: 'FAQ', href: '/faq', pageType: 'html', htmlContent: '<h1>FAQ</h1>', jsContent: 'document.body.dataset.ran = "yes";' },
    { label: 'News', href: '/news', pageType: 'html', htmlContent: '<h1>News</h1>', jsContent: '', alwaysVisible: true },
    { label: 'Secret', href: '/secret', pageType: 'html', htmlContent: '<h1>Secret</h1>', jsContent: '' },
    { label: 'Site', href: '/site', pageType: 'iframe', iframeUrl: 'https://example.com/' },
  ];

  beforeAll(async () => {
    h = await startHarness();
    a = await agencyWithOrganization(h, 'eu', 'tabs');
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/agency`, { customTabs: tabs }).expect(200);
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs/${a.org.ID}`, { ID: a.org.ID, name: 'Acme' }).expect(200);
    other = (await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs`, { name: 'Beta' }).expect(201)).body.organization;
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/clients`, { orgId: a.org.ID, name: 'Tab', email, dashboardPassword: password, canAccess: ['/home', '/faq'] }).expect(200);
    ({ identity } = await signInClient(h, email, password, a.agency.ID));
  });
  afterAll(() => h.close());

  it("serves an html tab the client may see under the sandboxing CSP, with the dashboard variables and the tab's script", async () => {
    const res = await h.as(identity).get(tabPath({ href: '/faq', agentId: 'agent123' })).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms allow-popups;/);
    expect(csp).not.toMatch(/allow-same-origin/);
    expect(csp).toContain("script-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.text).toContain('<h1>FAQ</h1>');
    expect(res.text).toContain('document.body.dataset.ran = "yes";');
    expect(res.text).toContain(`"clientName":"Tab"`);
    expect(res.text).toContain(`"orgId":"${a.org.ID}"`);
    expect(res.text).toContain(`"agentId":"agent123"`);
    // always visible: any client
    await h.as(identity).get(tabPath({ href: '/news' })).expect(200);
  });

  it('refuses a tab the client may not see, an iframe tab, an unknown one, and callers who are not clients', async () => {
    for (const href of ['/secret', '/site', '/missing']) {
      expect((await h.as(identity).get(tabPath({ href })).expect(404)).body.message).toBe('This custom tab does not exist.');
    }
    await h.as(identity).get(tabPath({ href: 'faq' })).expect(400);
    await h.as(a.person).get(tabPath({ href: '/faq' })).expect(403);
    await h.as(anonymous).get(tabPath({ href: '/faq' })).expect(401);
  });

  it("a client's session names its own organisation only, and it cannot switch to another", async () => {
    const me = (await h.as(identity).get('/v2/client/me').expect(200)).body;
    expect(me.organizations).toEqual([{ ID: a.org.ID, name: 'Acme' }]);
    expect((await h.as(identity).post('/v2/client/organization', { orgId: other.ID }).expect(404)).body.message).toBe(CLIENTS_API_MESSAGES.organizationNotFound);
    await h.as(identity).get('/v2/client/me').expect(200);
  });

  it('the agency admin sees every organisation and switches: a new session for the other one, the old one ended', async () => {
    const signIn = (await h.as(anonymous).post('/client-auth/agency-admin', { agencyId: a.agency.ID, secret: a.agency.secret, orgId: a.org.ID }).expect(200)).body;
    expect(signIn.organizations.map((org: { name: string }) => org.name)).toEqual(['Acme', 'Beta']);
    const admin = (await h.as(gateway).post('/internal/credentials/verify', { credential: signIn.token }).expect(200)).body.identity;
    // the agency admin sees every custom tab
    await h.as(admin).get(tabPath({ href: '/secret' })).expect(200);

    const switched = await h.as(admin).post('/v2/client/organization', { orgId: other.ID }).expect(200);
    expect(switched.body).toMatchObject({ agencyAdmin: true, organization: { ID: other.ID, name: 'Beta' }, message: 'Signed in successfully.' });
    expect(String(switched.headers['set-cookie'])).toMatch(/^client_session=/);
    await h.as(gateway).post('/internal/credentials/verify', { credential: signIn.token }).expect(404);
    const now = (await h.as(gateway).post('/internal/credentials/verify', { credential: switched.body.token }).expect(200)).body.identity;
    expect(now).toMatchObject({ orgId: other.ID, agencyAdmin: true });
    // an organisation of another agency is not one to switch to
    const b = await agencyWithOrganization(h, 'eu', 'elsewhere');
    await h.as(now).post('/v2/client/organization', { orgId: b.org.ID }).expect(404);
  });
});

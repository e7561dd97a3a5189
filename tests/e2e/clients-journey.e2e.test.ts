/**
 * The agency side of issue 12, in Chromium through the gateway of the running platform: an
 * agency with a product subdomain (an agency host, http://{sub}.localhost:{port}) creates an
 * organisation on its Clients screen, gives it an agent, adds two clients (one organisation
 * admin), sets a client's access and tab order, and sees them kept after a reload. On the
 * agency host the client then signs in: the httpOnly session cookie belongs to that host only,
 * the dashboard's session answers the tabs in the order set, the client sees its
 * organisation's agent and is refused the agency's routes (ADR 0019).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newAgentDraft } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail } from './support/platform';

describe('clients journey (agency side)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let region = 'eu';
  let uid = '';
  let agencyId = '';
  let agentId = '';
  const sub = `cl${Date.now().toString(36)}`;
  const adminEmail = uniqueEmail('orgadmin');
  const clientEmail = uniqueEmail('client');
  let clientPassword = '';
  const api = (path: string) => `/api/${region}${path}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an agency with an agent and an agency host', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('clients-agency'));
    await passOnboarding(page);
    await page.waitForURL(/\/app\/(eu|na)\//);
    region = /\/app\/(eu|na)\//.exec(page.url())![1]!;
    // The own workspace of the region (a busy machine may answer 503 once: asked again).
    uid = await waitFor(async () => {
      const res = await page.request.get('/api/workspace/v2/auth/session');
      const session = res.ok() ? ((await res.json()) as { workspaces?: Array<{ uid: string; region: string; isOwn?: boolean }> }) : undefined;
      return session?.workspaces?.find((w) => w.isOwn && w.region === region)?.uid;
    }, 30_000, 500);
    agencyId = (await (await page.request.post(api(`/agency-domain/v2/workspaces/${uid}/agency`), { data: { name: 'Clinic Partners' } })).json()).agency.ID;
    const draft = newAgentDraft({ title: 'Front desk', ownerID: uid });
    agentId = draft.ID;
    expect((await page.request.post(api(`/agent/v2/agents/${draft.ID}`), { data: draft })).status()).toBe(200);
    const domain = await page.request.post(api('/vercel-api/custom-domain'), { data: { customDomain: sub, userId: uid, agencyId, isVGSubdomain: true } });
    expect(domain.status()).toBe(200);
    await waitFor(async () => {
      const res = await page.request.get(api(`/vercel-api/custom-domain?domain=${sub}.localhost&domainType=vgSubdomain&userId=${uid}`));
      return res.ok() && (await res.json()).isVerified === true;
    }, 30_000, 500);
  });

  it('creates an organisation and gives it the agent', async () => {
    await page.goto(`/app/${region}/clients`);
    await page.getByTestId('clients-screen').waitFor();
    await page.getByTestId('no-organizations').waitFor();
    await page.getByTestId('new-organization').click();
    const card = page.getByTestId('organization-card');
    await card.getByText('New Organization').waitFor();
    await card.getByTestId('organization-menu').click();
    await page.getByTestId('edit-organization').click();
    const drawer = page.getByTestId('organization-drawer');
    await drawer.getByTestId('organization-name').fill('');
    await drawer.getByTestId('organization-save').click();
    await page.getByText('Organization name is required.').first().waitFor();
    await drawer.getByTestId('organization-name').fill('Acme Clinic');
    await drawer.getByTestId('organization-agents').getByLabel('Front desk').check();
    await screenshot(page, 'clients-01-organization-drawer');
    await drawer.getByTestId('organization-save').click();
    await page.getByText('Organization updated successfully!').first().waitFor();
    await card.getByTestId('organization-card-name').getByText('Acme Clinic').waitFor();
    await card.getByText('1 agent', { exact: true }).waitFor();
  });

  it('adds two clients, one of them the organisation admin, and sets access and tab order', async () => {
    const card = page.getByTestId('organization-card');
    // the organisation admin, with the default access and order
    await card.getByTestId('add-client').click();
    let drawer = page.getByTestId('client-drawer');
    expect(await drawer.getByTestId('client-password').inputValue()).toHaveLength(15);
    await drawer.getByTestId('client-save').click();
    await page.getByText('Please fill out all fields.').first().waitFor();
    await drawer.getByTestId('client-name').fill('Olga Admin');
    await drawer.getByTestId('client-email').fill(adminEmail);
    await drawer.getByText('Organisation admin').click();
    await drawer.getByTestId('client-save').click();
    await card.locator(`[data-client-email="${adminEmail}"]`).getByText('Admin', { exact: true }).waitFor();

    // a client without Campaigns, with Leads first and Settings added last
    await card.getByTestId('add-client').click();
    drawer = page.getByTestId('client-drawer');
    await drawer.getByTestId('client-name').fill('Carl Client');
    await drawer.getByTestId('client-email').fill(clientEmail);
    clientPassword = await drawer.getByTestId('client-password').inputValue();
    await drawer.getByTestId('client-access-page-campaigns').uncheck();
    await drawer.getByTestId('client-access-page-settings').check();
    for (let i = 0; i < 3; i += 1) await drawer.getByRole('button', { name: 'Move Leads up' }).click();
    expect((await drawer.getByTestId('client-access-order-item').allInnerTexts()).map((text) => text.split('\n')[0])).toEqual(['1. Leads', '2. Home', '3. Chats', '4. Analytics', '5. Settings']);
    await screenshot(page, 'clients-02-client-drawer');
    await drawer.getByTestId('client-save').click();
    const row = card.locator(`[data-client-email="${clientEmail}"]`);
    await row.getByTestId('client-tabs').getByText('/leads /home /convos /analytics /settings').waitFor();

    // the same e-mail in another organisation is refused
    await page.getByTestId('new-organization').click();
    await page.getByTestId('organization-card').nth(1).waitFor();
    const other = page.getByTestId('organization-card').filter({ hasText: 'New Organization' });
    await other.getByTestId('add-client').click();
    drawer = page.getByTestId('client-drawer');
    await drawer.getByTestId('client-name').fill('Copy');
    await drawer.getByTestId('client-email').fill(clientEmail);
    await drawer.getByTestId('client-save').click();
    await page.getByText(/^Client already exists to org: /).first().waitFor();
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByTestId('clients-screen').waitFor();
    await page.locator(`[data-client-email="${clientEmail}"]`).getByTestId('client-tabs').getByText('/leads /home /convos /analytics /settings').waitFor();
    await page.locator(`[data-client-email="${adminEmail}"]`).getByText('Admin', { exact: true }).waitFor();
    await screenshot(page, 'clients-03-organizations');
  });

  it('the client signs in on the agency host, with its tabs in order and its organisation’s agent only', async () => {
    const port = new URL(baseUrl).port;
    const host = `${sub}.localhost`;
    const branded = await context.newPage();
    await branded.goto(`http://${host}:${port}/`);
    // Same-origin calls from the agency host's page, as its login screen makes them (*.localhost resolves in the browser only).
    const call = (method: string, path: string, body?: object) =>
      branded.evaluate(
        async ({ method, path, body }) => {
          const res = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
          return { status: res.status, text: await res.text() };
        },
        { method, path: api(path), body },
      );
    const login = await call('POST', '/agency-domain/client-auth/login', { email: clientEmail, password: clientPassword, agencyId });
    expect(login.status).toBe(200);
    expect(login.text).not.toContain(clientPassword);
    const cookie = (await context.cookies(`http://${host}:${port}`)).find((c) => c.name === 'client_session');
    expect(cookie).toMatchObject({ domain: host, httpOnly: true });
    // the product host never receives it
    expect((await context.cookies(baseUrl)).some((c) => c.name === 'client_session')).toBe(false);

    const me = await call('GET', '/agency-domain/v2/client/me');
    expect(JSON.parse(me.text)).toMatchObject({ client: { email: clientEmail, clientTabOrder: ['/leads', '/home', '/convos', '/analytics', '/settings'] }, organization: { name: 'Acme Clinic' } });
    const agents = JSON.parse((await call('GET', '/agent/v2/client/agents')).text);
    expect(agents.agents.map((a: { ID: string }) => a.ID)).toEqual([agentId]);
    expect((await call('GET', `/agency-domain/v2/workspaces/${uid}/orgs`)).status).toBe(403);
    expect((await call('POST', '/agency-domain/client-auth/logout', {})).status).toBe(200);
    expect((await call('GET', '/agency-domain/v2/client/me')).status).toBe(401);
  });
});

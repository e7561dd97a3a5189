/**
 * The client's agent editor, in Chromium on an agency host (http://{sub}.localhost; ADR 0031): the
 * agency owner sets up an agency subdomain, an agent, an organisation and two clients through the
 * API. The client with /overview and /settings in canAccess opens the Widget tab, changes a field,
 * publishes, reloads and sees it kept, uploads an avatar and publishes it (ADR 0036); its Settings
 * show the agency-only fields disabled. The client without them sees neither tab, is sent to its
 * first allowed tab from their address, and its save through the API is refused.
 */
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { AGENCY_API, AGENT_API, CLIENTS_API, gatewayPath, type Endpoint, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail } from './support/platform';

type AnyEndpoint = Endpoint<any, any, any, any>;

/** Calls an endpoint as the signed-in agency owner (the page's session cookie). */
async function call<T = any>(request: APIRequestContext, endpoint: AnyEndpoint, region: Region, options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {}): Promise<T> {
  const url = gatewayPath(endpoint, options.params, region, options.query);
  const answer = endpoint.method === 'get' ? await request.get(url) : await request.post(url, { data: options.body ?? {} });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok()) throw new Error(`${endpoint.operationId} ${answer.status()}: ${JSON.stringify(body)}`);
  return body as T;
}

describe('client agent editor journey', () => {
  let browser: Browser;
  let owner: Page;
  let region: Region = 'eu';
  let host = '';
  let agentId = '';
  const sub = `ce${Date.now().toString(36)}`;
  const editorClient = { email: uniqueEmail('clienteditor'), name: 'Eda Editor', dashboardPassword: 'editor-password-7' };
  const readerClient = { email: uniqueEmail('clientreader'), name: 'Rita Reader', dashboardPassword: 'reader-password-7' };
  const contexts: BrowserContext[] = [];

  const navTabs = async (page: Page) => page.getByTestId('client-nav').locator('[data-tab]').evaluateAll((links) => links.map((l) => l.getAttribute('data-tab')));
  const signIn = async (client: { email: string; dashboardPassword: string }) => {
    const context = await browser.newContext({ baseURL: host, viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('client-login-email').fill(client.email);
    await page.getByTestId('client-login-password').fill(client.dashboardPassword);
    await page.getByTestId('client-sign-in').click();
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentId}/home$`), { waitUntil: 'commit' });
    await page.getByTestId('client-nav').waitFor();
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    host = `http://${sub}.localhost:${new URL(baseUrl).port}`;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the agency sets up its subdomain, an agent, an organisation and two clients', async () => {
    await owner.goto('/signup');
    await signInWithCode(owner, uniqueEmail('editorowner'));
    await passOnboarding(owner);
    region = /\/app\/(eu|na)\//.exec(owner.url())![1] as Region;
    const session = await (await owner.request.get('/api/workspace/v2/auth/session')).json();
    const uid = session.workspaces.find((w: { isOwn?: boolean; region: string }) => w.isOwn && w.region === region).uid;
    const { agency } = await call(owner.request, AGENCY_API.saveAgency, region, { params: { uid }, body: { name: `Editwell ${Date.now() % 10000}` } });
    await call(owner.request, AGENCY_API.setCustomDomain, region, { body: { customDomain: sub, userId: uid, agencyId: agency.ID, isVGSubdomain: true } });
    await waitFor(async () => (await call(owner.request, AGENCY_API.getCustomDomain, region, { query: { domain: `${sub}.localhost`, domainType: 'vgSubdomain', userId: uid } })).isVerified, 20_000, 500);
    agentId = (await call(owner.request, AGENT_API.convertAgentTemplateToAgent, region, { body: { agentName: 'Front desk', agentTemplate: {}, workspaceId: uid } })).agentCreated.ID;
    const orgId = (await call(owner.request, CLIENTS_API.createOrganization, region, { params: { uid }, body: { name: 'Contoso' } })).organization.ID;
    await call(owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Contoso', widgetIDs: [agentId], dashboardLayout: 'vertical' } });
    await call(owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...editorClient, orgId, canAccess: ['/home', '/overview', '/settings'] } });
    await call(owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...readerClient, orgId, canAccess: ['/home', '/convos'] } });
  });

  it('a client with /overview and /settings edits the Widget, publishes, and the change is kept after a reload', async () => {
    const page = await signIn(editorClient);
    expect(await navTabs(page)).toEqual(['home', 'overview', 'settings']);
    await page.getByTestId('client-nav').locator('[data-tab="overview"]').click();
    await page.getByTestId('client-editor-overview').waitFor();
    const publish = page.getByTestId('client-publish');
    expect(await publish.textContent()).toBe('Published');
    expect(await publish.isDisabled()).toBe(true);
    const proactive = page.getByTestId('client-editor-overview').getByLabel('Proactive message');
    await proactive.fill('Hello from Contoso! Ask us anything.');
    expect(await publish.textContent()).toBe('Publish');
    await screenshot(page, 'client-editor-01-widget-edited');
    await publish.click();
    await waitFor(async () => (await publish.textContent()) === 'Published', 10_000, 100);
    await page.reload();
    await page.getByTestId('client-editor-overview').waitFor();
    const kept = page.getByTestId('client-editor-overview').getByLabel('Proactive message');
    await waitFor(async () => (await kept.inputValue()) === 'Hello from Contoso! Ask us anything.', 10_000, 100);
    // A client with Widget uploads images too (ADR 0036), and publishes them.
    const avatarField = page.getByTestId('image-field-avatarImageURL');
    await avatarField.getByTestId('image-upload-button').waitFor();
    await avatarField.locator('input[type="file"]').setInputFiles(path.join(__dirname, 'fixtures/avatar.png'));
    await avatarField.getByTestId('image-upload-preview').locator('img').waitFor();
    expect(await avatarField.getByLabel('Avatar', { exact: true }).inputValue()).toMatch(/\/api\/(eu|na)\/agent\/files\/\w{8}\.png$/);
    await publish.click();
    await waitFor(async () => (await publish.textContent()) === 'Published', 10_000, 100);
    await screenshot(page, 'client-editor-02-widget-kept');

    // Settings: no secret key, and the token limit (billing) is the agency's to change.
    await page.goto(`/app/${region}/agents/${agentId}/settings?tab=security`);
    await page.getByTestId('settings-security').waitFor();
    expect(await page.getByTestId('agent-secret-key').count()).toBe(0);
    await page.getByRole('tab', { name: 'Technical' }).click();
    await page.getByTestId('settings-technical').waitFor();
    expect(await page.getByTestId('settings-technical').getByLabel('Token limit').isDisabled()).toBe(true);
    await screenshot(page, 'client-editor-03-settings-technical');
  });

  it('a client without them sees neither tab, is sent away from their address, and its save is refused by the API', async () => {
    const page = await signIn(readerClient);
    expect(await navTabs(page)).toEqual(['home', 'convos']);
    await page.goto(`/app/${region}/agents/${agentId}/overview`);
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentId}/home$`), { waitUntil: 'commit' });
    expect(await page.getByTestId('client-editor-overview').count()).toBe(0);
    await screenshot(page, 'client-editor-04-reader');
    // The page's own fetch (Node does not resolve *.localhost; the browser does), with the client's session cookie.
    const answer = await page.evaluate(
      async ({ readUrl, saveUrl }) => {
        const { agent } = await (await fetch(readUrl, { headers: { accept: 'application/json' } })).json();
        const saved = await fetch(saveUrl, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ ...agent, proactiveMessage: 'Changed by a reader' }) });
        return { status: saved.status, body: await saved.json() };
      },
      { readUrl: gatewayPath(AGENT_API.getAgent, { agentId }, region), saveUrl: gatewayPath(AGENT_API.saveAgent, { agentId }, region) },
    );
    expect(answer).toEqual({ status: 403, body: { success: false, message: 'Your account cannot create or change agents.' } });
  });
});

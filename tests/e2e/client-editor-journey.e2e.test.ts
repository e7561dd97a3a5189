/**
 * The client's agent editor, in Chromium on an agency host (http://{sub}.localhost; ADR 0031): the
 * agency owner sets up an agency subdomain, an agent, an organisation and two clients through the
 * API. The client with /overview and /settings in canAccess opens the Widget tab, changes a field,
 * publishes, reloads and sees it kept, and is offered image uploads (ADR 0036); its Settings
 * show the agency-only fields disabled. The client without them sees neither tab, is sent to its
 * first allowed tab from their address, and its save through the API is refused.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AGENT_API, gatewayPath, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, screenshot, uniqueEmail } from './support/platform';
import { clientNavTabs, setUpAgencyWithClients, signInClient, type AgencyClient, type AgencyWithClients } from './support/agency-clients';

describe('client agent editor journey', () => {
  let browser: Browser;
  let owner: Page;
  let region: Region = 'eu';
  let agency: AgencyWithClients;
  let agentId = '';
  const sub = `ce${Date.now().toString(36)}`;
  const editorClient = { email: uniqueEmail('clienteditor'), name: 'Eda Editor', dashboardPassword: 'editor-password-7' };
  const readerClient = { email: uniqueEmail('clientreader'), name: 'Rita Reader', dashboardPassword: 'reader-password-7' };
  const contexts: BrowserContext[] = [];

  const signIn = (client: AgencyClient) => signInClient(browser, agency, client, contexts);

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the agency sets up its subdomain, an agent, an organisation and two clients', async () => {
    agency = await setUpAgencyWithClients(owner, {
      ownerEmail: uniqueEmail('editorowner'),
      agencyName: `Editwell ${Date.now() % 10000}`,
      subdomain: sub,
      clients: [{ client: editorClient, canAccess: ['/home', '/overview', '/settings'] }, { client: readerClient, canAccess: ['/home', '/convos'] }],
    });
    ({ region, agentId } = agency);
  });

  it('a client with /overview and /settings edits the Widget, publishes, and the change is kept after a reload', async () => {
    const page = await signIn(editorClient);
    expect(await clientNavTabs(page)).toEqual(['home', 'overview', 'settings']);
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
    // A client with Widget is offered image uploads (ADR 0036; the upload itself: client-pages.int and the Knowledge journey).
    const imageField = page.getByTestId('image-field-roundedImageURL');
    await imageField.getByTestId('image-upload-button').waitFor();
    expect(await imageField.locator('input[type="file"]').count()).toBe(1);
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
    expect(await clientNavTabs(page)).toEqual(['home', 'convos']);
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

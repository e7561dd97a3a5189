/**
 * Knowledge and Tools in the client dashboard, in Chromium on an agency host (http://{sub}.localhost;
 * ADR 0036): the agency owner sets up an agency subdomain, an agent, an organisation and three
 * clients through the API. The client with /kb adds the company site and a file, sees both reach
 * SUCCESS, searches them and deletes the site; the client without /kb has no Knowledge tab and is
 * sent away from its address; the client with /tools adds a tool, tests it against the tool-server
 * sandbox and publishes it.
 */
import { AGENT_API, gatewayPath, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { screenshot, uniqueEmail } from './support/platform';
import { clientJourneyBrowser, clientNavTabs, setUpAgencyWithClients, type AgencyClient, type AgencyWithClients } from './support/agency-clients';

const companySite = `http://127.0.0.1:${process.env.COMPANY_SITE_PORT ?? 4150}`;
const toolServer = `http://127.0.0.1:${process.env.TOOL_SERVER_SANDBOX_PORT ?? 4170}`;

describe('client Knowledge and Tools journey', () => {
  const journey = clientJourneyBrowser();
  let region: Region = 'eu';
  let agency: AgencyWithClients;
  let agentId = '';
  const sub = `cp${Date.now().toString(36)}`;
  const kbClient = { email: uniqueEmail('clientkb'), name: 'Kim Knowledge', dashboardPassword: 'knowledge-password-7' };
  const toolsClient = { email: uniqueEmail('clienttools'), name: 'Tom Tools', dashboardPassword: 'tools-password-7' };
  const readerClient = { email: uniqueEmail('clientreader'), name: 'Rita Reader', dashboardPassword: 'reader-password-7' };

  const signIn = (client: AgencyClient) => journey.signIn(agency, client);

  it('the agency sets up its subdomain, an agent, an organisation and three clients', async () => {
    agency = await setUpAgencyWithClients(journey.owner, {
      ownerEmail: uniqueEmail('pagesowner'),
      agencyName: `Pagewell ${Date.now() % 10000}`,
      subdomain: sub,
      clients: [{ client: kbClient, canAccess: ['/home', '/kb'] }, { client: toolsClient, canAccess: ['/home', '/tools'] }, { client: readerClient, canAccess: ['/home', '/convos'] }],
    });
    ({ region, agentId } = agency);
  });

  it('a client with /kb adds the company site and a file, sees both reach SUCCESS, searches them and deletes the site', async () => {
    const page = await signIn(kbClient);
    expect(await clientNavTabs(page)).toEqual(['home', 'kb']);
    await page.getByTestId('client-nav').locator('[data-tab="kb"]').click();
    const tab = page.getByTestId('client-editor-kb');
    await tab.waitFor();
    await tab.getByTestId('kb-website-input').fill(companySite);
    await tab.getByTestId('kb-add-website').click();
    const site = tab.getByTestId('kb-source').filter({ hasText: '127.0.0.1' });
    await site.and(page.locator('[data-status="SUCCESS"]')).waitFor({ timeout: 45_000 });
    expect(await site.getByTestId('kb-source-counts').textContent()).toMatch(/chars · \d+ chunks · \d+ pages/);

    await tab.getByTestId('file-drop-zone').locator('input[type="file"]').setInputFiles({ name: 'opening-hours.txt', mimeType: 'text/plain', buffer: Buffer.from('Contoso opens at nine every weekday and closes at six. We are closed on Sundays.') });
    const file = tab.getByTestId('kb-source').filter({ hasText: 'opening-hours.txt' });
    await file.and(page.locator('[data-status="SUCCESS"]')).waitFor({ timeout: 45_000 });
    await tab.getByTestId('kb-search-input').fill('When are you closed?');
    await tab.getByTestId('kb-search').click();
    await tab.getByTestId('kb-search-chunk').first().waitFor();
    await screenshot(page, 'client-pages-01-knowledge');
    // and deletes the website: the file stays
    await site.getByRole('button', { name: 'Delete 127.0.0.1' }).click();
    await waitFor(async () => (await tab.getByTestId('kb-source').count()) === 1, 10_000, 100);
    expect(await tab.getByTestId('kb-source').textContent()).toContain('opening-hours.txt');
  });

  it('a client without /kb has no Knowledge tab and is sent away from its address', async () => {
    const page = await signIn(readerClient);
    expect(await clientNavTabs(page)).toEqual(['home', 'convos']);
    await page.goto(`/app/${region}/agents/${agentId}/kb`);
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentId}/home$`), { waitUntil: 'commit' });
    expect(await page.getByTestId('client-editor-kb').count()).toBe(0);
    // the page's own fetch with the client's session cookie: the route refuses it too
    const status = await page.evaluate(async (url) => (await fetch(url, { headers: { accept: 'application/json' } })).status, gatewayPath(AGENT_API.listKnowledgeSources, { agentId }, region));
    expect(status).toBe(403);
  });

  it('a client with /tools adds a tool, tests it against the tool server and publishes it', async () => {
    const page = await signIn(toolsClient);
    expect(await clientNavTabs(page)).toEqual(['home', 'tools']);
    await page.getByTestId('client-nav').locator('[data-tab="tools"]').click();
    const tab = page.getByTestId('client-editor-tools');
    await tab.waitFor();
    await tab.getByTestId('tool-add').click();
    const card = tab.getByTestId('tool-card');
    await card.getByLabel('Server URL', { exact: true }).fill(`${toolServer}/order-status`);
    await card.getByLabel('Server URL secret').fill('sandbox-tool-secret');
    await card.getByTestId('tool-test').click();
    await card.getByTestId('tool-test-result').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('tool-test-result').textContent()).toContain('HTTP 200');
    await screenshot(page, 'client-pages-02-tools');
    const publish = page.getByTestId('client-publish');
    await publish.click();
    await waitFor(async () => (await publish.textContent()) === 'Published', 10_000, 100);
    await page.reload();
    await page.getByTestId('client-editor-tools').getByTestId('tool-card').waitFor();
  });
});

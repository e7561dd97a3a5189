/**
 * The client's agent editor, in Chromium on an agency host (http://{sub}.localhost; ADR 0031): the
 * agency owner sets up an agency subdomain, an agent, an organisation and two clients through the
 * API. The client with /overview and /settings in canAccess opens the Widget tab, changes a field,
 * publishes, reloads and sees it kept, uploads an avatar whose preview shows, publishes it and sees it after a
 * reload (ADR 0036, 0040); its Settings
 * show the agency-only fields disabled. The client without them sees neither tab, is sent to its
 * first allowed tab from their address, and its save through the API is refused.
 */
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { AGENT_API, gatewayPath, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { screenshot, uniqueEmail } from './support/platform';
import { callApi, clientJourneyBrowser, clientNavTabs, setUpAgencyWithClients, type AgencyClient, type AgencyWithClients } from './support/agency-clients';

/** The image field's preview shows its image: loaded with pixels (a blocked or broken image turns into the placeholder). */
const previewLoaded = (field: Locator) =>
  waitFor(async () => field.getByTestId('image-upload-preview').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0).catch(() => false), 10_000, 100);

describe('client agent editor journey', () => {
  const journey = clientJourneyBrowser();
  let region: Region = 'eu';
  let agency: AgencyWithClients;
  let agentId = '';
  const sub = `ce${Date.now().toString(36)}`;
  const editorClient = { email: uniqueEmail('clienteditor'), name: 'Eda Editor', dashboardPassword: 'editor-password-7' };
  const readerClient = { email: uniqueEmail('clientreader'), name: 'Rita Reader', dashboardPassword: 'reader-password-7' };

  const signIn = (client: AgencyClient) => journey.signIn(agency, client);

  it('the agency sets up its subdomain, an agent, an organisation and two clients', async () => {
    agency = await setUpAgencyWithClients(journey.owner, {
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
    // A client with Widget uploads an avatar (ADR 0036): its preview shows (the image loaded, not only an <img> that the
    // agency host's CSP then blocks: the files are served at the product's origin, ADR 0040), and after publish and a reload too.
    const avatarField = page.getByTestId('image-field-avatarImageURL');
    const avatarUrl = avatarField.getByLabel('Avatar', { exact: true });
    await avatarField.getByTestId('image-upload-button').waitFor();
    await avatarField.locator('input[type="file"]').setInputFiles(path.join(__dirname, 'fixtures/avatar.png'));
    await waitFor(async () => /\/api\/(eu|na)\/agent\/files\/\w{8}\.png$/.test(await avatarUrl.inputValue()), 10_000, 100);
    const uploaded = await avatarUrl.inputValue();
    await previewLoaded(avatarField);
    await publish.click();
    await waitFor(async () => (await publish.textContent()) === 'Published', 10_000, 100);
    const published = (await callApi(journey.owner.request, AGENT_API.getAgent, region, { params: { agentId } })) as { agent: { avatarImageURL?: string } };
    expect(published.agent.avatarImageURL).toBe(uploaded);
    await page.reload();
    await page.getByTestId('client-editor-overview').waitFor();
    await waitFor(async () => (await avatarUrl.inputValue()) === uploaded, 10_000, 100);
    await previewLoaded(avatarField);
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

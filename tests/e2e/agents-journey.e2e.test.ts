/**
 * The agents journey, in Chromium through the gateway of the running platform: sign up, open
 * the New Agent drawer (Create disabled while the name is empty), create an agent from a name
 * and land on its node view with the debugger, create one from each template, change settings
 * on three sub-tabs and publish (the button turns Published), upload an avatar and fetch it,
 * insert CSS from the AI style assistant and publish again, restore a version, export the
 * agent template and import it again, and reach Settings > Handoff through the navigation search.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AGENT_TEMPLATE_CATEGORIES, KNOWLEDGE_DOCUMENT_ACCEPT } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { artifactsDir, baseUrl, launchBrowser, putOwnWorkspaceOnPlan, screenshot, signUp, uniqueEmail } from './support/platform';

const AGENT_URL = /\/app\/(eu|na)\/agents\/([^/?]+)\/(nodes|overview)\?showDebugger=true/;

const drawer = (page: Page) => page.getByTestId('new-agent-drawer');

async function openDrawerFromSidebar(page: Page): Promise<void> {
  await page.getByTestId('side-nav').getByRole('button', { name: 'New Agent' }).click();
  await drawer(page).getByText('Create a new AI agent.').waitFor();
}

/** Clicks Create, waits for the notice and the redirect; returns the new agent's id. */
async function createAndLand(page: Page): Promise<{ id: string; view: string }> {
  const before = page.url();
  await drawer(page).getByTestId('create-agent').click();
  await page.getByText('Agent created successfully, redirecting...').first().waitFor();
  await page.waitForURL((url) => AGENT_URL.test(url.href) && url.href !== before, { timeout: 15_000 });
  await page.getByTestId('agent-area').waitFor();
  const [, , id, view] = AGENT_URL.exec(page.url())!;
  return { id, view };
}

const publishButton = (page: Page) => page.getByTestId('publish');

describe('agents journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let region = 'eu';
  let firstAgentId = '';
  const agentName = `Support Bot ${Date.now() % 100000}`;

  const agentApi = async (agentId: string) => {
    const answer = await page.request.get(`/api/${region}/agent/v2/agents/${agentId}`);
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { agent: Record<string, unknown> }).agent;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const email = uniqueEmail('agents');

  it('signs up and opens the New Agent drawer with Create disabled', async () => {
    region = await signUp(page, email);
    // The journey creates more agents than the free plan's 2.
    await putOwnWorkspaceOnPlan(page, region, 'enterprise');
    await page.getByTestId('agents-empty').waitFor();
    await page.getByTestId('empty-new-agent').click();
    await drawer(page).getByText('Create a new AI agent.').waitFor();
    await drawer(page).getByText('Create an AI agent from your website automatically').waitFor();
    await drawer(page).getByText('Recommended for beginners').waitFor();
    await drawer(page).getByText('Or Choose a Template').waitFor();
    await drawer(page).getByTestId('template-grid').waitFor();
    expect(await drawer(page).getByTestId('create-agent').isDisabled()).toBe(true);
    // Typing and clearing the name shows the spec's message; Create stays disabled.
    await drawer(page).getByLabel('Agent Name').fill('x');
    await drawer(page).getByLabel('Agent Name').fill('');
    await drawer(page).getByText('Please provide a name for the agent.').waitFor();
    expect(await drawer(page).getByTestId('create-agent').isDisabled()).toBe(true);
    for (const tab of ['All Templates', 'Customer Support', 'Utility', 'Entertainment']) await drawer(page).getByRole('tab', { name: tab }).waitFor();
    // Cards are 200 to 300 px wide.
    const width = (await drawer(page).locator('.template-card').first().boundingBox())!.width;
    expect(width).toBeGreaterThanOrEqual(200);
    expect(width).toBeLessThanOrEqual(300);
    await screenshot(page, 'agents-01-drawer-create-disabled');
  });

  it('creates an agent from a name and lands on its node view with the debugger', async () => {
    await drawer(page).getByLabel('Agent Name').fill(agentName);
    expect(await drawer(page).getByTestId('create-agent').isDisabled()).toBe(false);
    const created = await createAndLand(page);
    expect(created.view).toBe('nodes');
    firstAgentId = created.id;
    await page.getByTestId('debugger-panel').waitFor();
    await page.getByTestId('agent-switcher').filter({ hasText: agentName.slice(0, 20) }).waitFor();
    await page.getByTestId('agent-tab-nodes').waitFor();
    await page.getByTestId('view-switch').filter({ hasText: 'Switch to Canvas View' }).waitFor();
    expect(await publishButton(page).textContent()).toBe('Published');
    expect(await publishButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'agents-02-created-from-name');
  });

  it('creates an agent from each template', async () => {
    const categories = Object.entries(AGENT_TEMPLATE_CATEGORIES) as [string, readonly string[]][];
    for (const [category, keys] of categories) {
      for (const key of keys) {
        await openDrawerFromSidebar(page);
        await drawer(page).getByRole('tab', { name: category, selected: false }).click();
        await drawer(page).getByRole('tab', { name: category, selected: true }).waitFor();
        expect(await drawer(page).locator('.template-card').count()).toBe(keys.length);
        await drawer(page).locator(`[data-template="${key}"]`).click();
        await drawer(page).getByLabel('Agent Name').fill(`From ${key}`);
        if (key === keys[0]) await screenshot(page, `agents-03-template-${category.toLowerCase().replace(/\s+/g, '-')}`);
        const created = await createAndLand(page);
        expect(created.id).not.toBe(firstAgentId);
        await page.getByTestId('agent-switcher').filter({ hasText: `From ${key}`.slice(0, 20) }).waitFor();
      }
    }
    await screenshot(page, 'agents-04-created-from-template');
    // The switcher lists every agent, the newest first.
    await page.getByTestId('agent-switcher').click();
    await page.getByTestId('agent-switcher-list').getByRole('menuitem', { name: agentName }).waitFor();
    const names = await page.getByTestId('agent-switcher-list').getByRole('menuitem').allTextContents();
    expect(names[0]).toBe('From game-npc');
    expect(names).toContain(agentName);
    await screenshot(page, 'agents-05-agent-switcher');
    await page.keyboard.press('Escape');
  });

  it('changes settings on three sub-tabs and publishes', async () => {
    await page.goto(`/app/${region}/agents/${firstAgentId}/settings?tab=handoff`);
    await page.getByTestId('settings-handoff').waitFor();
    expect(await publishButton(page).textContent()).toBe('Published');
    await page.getByText('Enable human handoff').click();
    await page.getByLabel('Handoff title').fill('Talk to a person');
    expect(await publishButton(page).textContent()).toBe('Publish');

    await page.locator('[data-subtab="language"]').click();
    await page.waitForURL(/tab=language/);
    await page.getByText('Translate answers with AI').click();
    await page.getByRole('textbox', { name: 'Translate to' }).click();
    await page.getByRole('option', { name: 'German' }).click();

    await page.locator('[data-subtab="technical"]').click();
    await page.waitForURL(/tab=technical/);
    const chunk = page.getByLabel('Max chunk size');
    await chunk.fill('900');
    await page.getByText('Max chunk size must be greater than 1000').waitFor();
    await screenshot(page, 'agents-06-validation');
    await chunk.fill('3000');
    await screenshot(page, 'agents-07-edited');

    await publishButton(page).click();
    await page.getByTestId('publish-hint').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="publish"]')?.textContent === 'Published');
    expect(await publishButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'agents-08-published');
    await page.getByRole('button', { name: 'Got it' }).click();

    const stored = await agentApi(firstAgentId);
    expect(stored).toMatchObject({ enableHumanHandoff: true, UIhandoffTitle: 'Talk to a person', enableAITranslate: true, AITranslateTo: 'de' });
    expect((stored.vgOptions as { maxChunkSize?: number }).maxChunkSize).toBe(3000);
    // The publish also saved a backup, marked on the newest version.
    const versions = await waitFor(async () => {
      const list = ((await (await page.request.get(`/api/${region}/agent/v2/agents/${firstAgentId}/versions`)).json()) as { versions: Array<{ backup?: { userEmail: string } }> }).versions;
      return list[0]?.backup ? list : undefined;
    }, 15_000, 250);
    expect(versions[0].backup!.userEmail).toBe(email);
  });

  it('uploads an avatar and sees it served by the platform', async () => {
    await page.goto(`/app/${region}/agents/${firstAgentId}/overview`);
    const field = page.getByTestId('image-field-avatarImageURL');
    await field.getByTestId('image-upload-button').waitFor();
    const avatar = path.join(__dirname, 'fixtures/avatar.png');
    await field.locator('input[type="file"]').setInputFiles(avatar);
    const preview = field.getByTestId('image-upload-preview').locator('img');
    await preview.waitFor();
    const src = (await preview.getAttribute('src'))!;
    expect(await field.getByLabel('Avatar', { exact: true }).inputValue()).toBe(src);
    // The browser shows it, and the platform serves the same bytes with a year of caching.
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 64, await preview.elementHandle());
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000');
    expect((await served.body()).equals(readFileSync(avatar))).toBe(true);

    // A custom primary colour gives the palette, and the agent's theme follows it (spec 4.7).
    const theme = page.getByRole('textbox', { name: 'Theme', exact: true });
    expect(await theme.inputValue()).toBe('blue-light');
    await page.getByTestId('theme-editor').getByLabel('Primary colour').fill('#7950f2');
    await page.waitForFunction(() => (document.querySelector('[data-testid="theme-editor"]')?.textContent ?? '').includes('#7950f2'));
    expect(await theme.inputValue()).toBe('custom-light');
    await screenshot(page, 'agents-08a-avatar-uploaded');
  });

  it('drops a document on Knowledge and sees it uploaded, and a wrong type refused', async () => {
    await page.getByTestId('agent-nav').locator('[data-tab="kb"]').click();
    const zone = page.getByTestId('file-drop-zone');
    await zone.waitFor();
    const input = zone.locator('input[type="file"]');
    await input.setInputFiles({ name: 'opening-hours.txt', mimeType: 'text/plain', buffer: Buffer.from('We open at 9 and close at 17, Monday to Friday.') });
    await zone.locator('[data-testid="file-drop-item"][data-status="uploaded"]').filter({ hasText: 'opening-hours.txt' }).waitFor();
    await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText(`Only ${KNOWLEDGE_DOCUMENT_ACCEPT} Files`).first().waitFor();
    // the uploaded file became a knowledge source, read off the request path
    await page.getByTestId('kb-source').filter({ hasText: 'opening-hours.txt' }).and(page.locator('[data-status="SUCCESS"]')).waitFor({ timeout: 30_000 });
    await screenshot(page, 'agents-08b-knowledge-drop');
  });

  it('asks the AI style assistant for CSS, inserts it and publishes', async () => {
    // Within the app: the uploaded avatar is an unpublished edit, which a reload would lose.
    await page.getByTestId('agent-nav').locator('[data-tab="settings"]').click();
    await page.locator('[data-subtab="advanced"]').click();
    await page.waitForURL(/tab=advanced/);
    await page.getByTestId('css-assistant-toggle').click();
    const input = page.getByTestId('css-assistant-input');
    // Empty: nothing to send.
    expect(await page.getByTestId('css-assistant-send').isDisabled()).toBe(true);
    await input.fill('Make the widget header background teal with rounded buttons');
    await input.press('Control+Enter');
    await page.getByText('CSS generated and inserted successfully!').waitFor();
    // make up points the assistant at the LLM sandbox: the answer says so.
    await page.getByTestId('css-chat-assistant').getByTestId('css-chat-sandbox').waitFor();
    await page.waitForFunction(() => document.querySelector('.cm-content')?.textContent?.includes('teal'));
    await screenshot(page, 'agents-08c-css-assistant');

    await publishButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="publish"]')?.textContent === 'Published');
    const hint = page.getByRole('button', { name: 'Got it' });
    if (await hint.isVisible()) await hint.click();
    const stored = await agentApi(firstAgentId);
    expect(stored.ADVANCED_customCSS).toContain('teal');
    expect(stored.theme).toBe('custom-light');
    expect(JSON.parse(stored.customThemeJSONString as string)).toMatchObject({ primary: '#7950f2', themeType: 'light' });
    // The stored file name: 8 random characters (spec 9), served through the gateway in the agent's region.
    expect(stored.avatarImageURL).toMatch(new RegExp(`^${baseUrl}/api/${region}/agent/files/[A-Za-z0-9]{8}\\.png$`));
  });

  it('opens Version History and restores the first version', async () => {
    await page.getByTestId('agent-actions').click();
    await page.getByRole('menuitem', { name: 'Version History' }).click();
    const rows = page.getByTestId('version-row');
    await rows.nth(1).waitFor();
    await screenshot(page, 'agents-09-version-history');
    await rows.last().getByRole('button', { name: 'Restore' }).click();
    await rows.last().getByRole('button', { name: 'Confirm restore' }).click();
    await page.getByText('Version restored').waitFor();
    await page.goto(`/app/${region}/agents/${firstAgentId}/settings?tab=handoff`);
    await page.getByTestId('settings-handoff').waitFor();
    expect(await page.getByLabel('Handoff title').inputValue()).toBe('');
    expect(await publishButton(page).textContent()).toBe('Published');
    await screenshot(page, 'agents-10-restored');
    const stored = await agentApi(firstAgentId);
    expect(stored.enableHumanHandoff ?? false).toBe(false);
  });

  it('exports the agent template and imports it as an equal agent', async () => {
    await page.getByTestId('agent-actions').click();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export Agent Template' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`${agentName}.json`);
    const file = path.join(artifactsDir, 'agents-exported-template.json');
    await download.saveAs(file);
    await page.getByText('Agent template exported successfully').waitFor();
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { name: string; template: Record<string, unknown> };
    expect(exported.name).toBe(agentName);

    await openDrawerFromSidebar(page);
    await drawer(page).getByTestId('import-template').waitFor();
    // The Import template file button opens this (hidden) file input.
    await drawer(page).locator('input[type="file"]').setInputFiles(file);
    await drawer(page).getByTestId('imported-template').waitFor();
    expect(await drawer(page).getByLabel('Agent Name').inputValue()).toBe(agentName);
    await screenshot(page, 'agents-11-import');
    const imported = await createAndLand(page);
    expect(imported.id).not.toBe(firstAgentId);

    const [original, copy] = await Promise.all([agentApi(firstAgentId), agentApi(imported.id)]);
    for (const key of ['title', 'description', 'enableNodes', 'nodes', 'proactiveMessage', 'voiceConfig', 'vgOptions', 'theme', 'lang']) {
      expect({ key, value: copy[key] }).toEqual({ key, value: original[key] });
    }
  });

  it('reaches Settings > Handoff through the navigation search', async () => {
    await page.goto(`/app/${region}/agents/${firstAgentId}/overview`);
    await page.getByTestId('agent-tab-overview').waitFor();
    const search = page.getByTestId('nav-search');
    await search.click();
    await search.pressSequentially('handof', { delay: 40 });
    await page.getByText('Searching...').or(page.getByTestId('nav-search-result').first()).waitFor();
    await page.getByTestId('nav-search-result').first().filter({ hasText: 'Strong match' }).waitFor();
    await screenshot(page, 'agents-12-navigation-search');
    await page.waitForURL(/\/settings\?tab=handoff/);
    await page.getByTestId('settings-handoff').waitFor();
    await screenshot(page, 'agents-13-search-landed-on-handoff');
  });

  it('publishes from the top bar on a phone, and Version History survives turning it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/${region}/agents/${firstAgentId}/settings?tab=core`);
    await page.getByTestId('settings-core').waitFor();
    expect(await page.getByTestId('agent-nav').getAttribute('data-layout')).toBe('horizontal');
    // The tab row scrolls sideways to show the open tab (Settings is the last one).
    const openTabShown = await page.getByTestId('agent-nav').evaluate((nav) => {
      const row = nav.querySelector('[role="tablist"]')!.getBoundingClientRect();
      const tab = nav.querySelector('[data-active]')!.getBoundingClientRect();
      return tab.left >= row.left - 1 && tab.right <= row.right + 1;
    });
    expect(openTabShown).toBe(true);
    await page.getByLabel('Description').fill('Answers questions on the go.');
    await page.waitForFunction(() => document.querySelector('[data-testid="publish"]')?.textContent === 'Publish');
    await screenshot(page, 'agents-14-phone-edited');
    await publishButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="publish"]')?.textContent === 'Published');
    const hint = page.getByRole('button', { name: 'Got it' });
    if (await hint.isVisible()) await hint.click();
    expect((await agentApi(firstAgentId)).description).toBe('Answers questions on the go.');

    await page.getByTestId('agent-actions').click();
    await page.getByRole('menuitem', { name: 'Version History' }).click();
    await page.getByTestId('version-row').first().waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('top-bar').getByRole('textbox', { name: 'Search agent settings' }).waitFor();
    expect(await page.getByTestId('version-row').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });
});

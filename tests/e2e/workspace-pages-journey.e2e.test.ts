/**
 * The side navigation's workspace-wide pages, in Chromium through the gateway of the running
 * platform: a new user with an agent that reads the local company website
 * (infra/sandboxes/company-site) and had a test chat opens Crawler and Sessions from the side
 * navigation, sees that source and that conversation, and follows each to the agent's tab; then
 * Functions shows its voice tool and the host it calls, and Credentials shows the workspace secret
 * and the agent's key, which it regenerates; Prompts finds the agent's system prompt by a word in it.
 */
import type { Browser, Page } from 'playwright-core';
import { newAgentDraft } from '@platform/contracts';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail, ownWorkspaceId } from './support/platform';

const companySite = `http://127.0.0.1:${process.env.COMPANY_SITE_PORT ?? 4150}`;

describe('workspace pages journey', () => {
  let browser: Browser;
  let page: Page;
  let region = 'eu';
  let agentId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens a page of the side navigation (its group may be folded: the state is remembered per browser). */
  async function openFromNav(group: string, label: string, path: string) {
    const nav = page.getByTestId('side-nav');
    const link = nav.getByRole('link', { name: label, exact: true });
    if (!(await link.isVisible())) await nav.getByRole('button', { name: group }).click();
    await link.click();
    await page.waitForURL(new RegExp(`/app/(eu|na)${path}$`));
  }

  it('signs up with an agent that reads a website and had a conversation', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('workspace-pages'));
    await passOnboarding(page);
    await page.waitForURL(/\/app\/(eu|na)\//);
    region = /\/app\/(eu|na)\//.exec(page.url())![1]!;
    const uid = await ownWorkspaceId(page, region);
    // A prompt agent (nodes off) with one voice tool, for the Functions page.
    const tool = { id: 'ordertool1', name: 'order_status', description: 'Looks an order up', serverUrl: 'https://tools.example.com/orders', serverUrlSecret: 'journey-secret' };
    const draft = { ...newAgentDraft({ title: 'Harbour helper', ownerID: uid }), enableNodes: false, tools: [tool], vg_systemPrompt: 'You are Marlin, the harbour bakery assistant. Recommend the sourdough.' };
    agentId = draft.ID;
    expect((await page.request.post(`/api/${region}/agent/v2/agents/${agentId}`, { data: draft })).status()).toBe(200);
    expect((await page.request.post(`/api/${region}/agent/v2/agents/${agentId}/knowledge`, { data: { sourceType: 'url', url: `${companySite}/`, refreshRate: 'never' } })).status()).toBe(201);
    expect((await page.request.post(`/api/${region}/agent/v2/agents/${agentId}/chat`, { data: { messageId: 'workspacepages1', text: 'Hello there' } })).status()).toBe(200);
  });

  it('Crawler lists the source read, with its pages, and changes its refresh rate', async () => {
    await openFromNav('Utilities', 'Crawler', '/automations');
    const source = page.getByTestId('crawler-source').and(page.locator('[data-status="SUCCESS"]'));
    await source.waitFor({ timeout: 30_000 });
    expect(await source.textContent()).toMatch(/4 pages · [\d,]+ chars/);
    expect(await page.getByTestId('crawler-totals').textContent()).toMatch(/^1 sources · 4 pages/);
    expect(await page.getByText('being built', { exact: false }).count()).toBe(0);
    const saved = page.waitForResponse((res) => res.url().includes('/knowledge/') && res.request().method() === 'POST');
    await source.getByRole('textbox').click();
    await page.getByRole('option', { name: 'Every 24h' }).click();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'workspace-pages-01-crawler');
    await source.getByRole('link', { name: 'Harbour helper' }).click();
    await page.waitForURL(new RegExp(`/agents/${agentId}/kb$`));
    await page.getByTestId('kb-source').filter({ hasText: '127.0.0.1' }).waitFor();
  });

  it("Sessions lists the conversation and opens it in the agent's Chats tab", async () => {
    await openFromNav('Utilities', 'Sessions', '/sessions');
    const row = page.getByTestId('session-row').filter({ hasText: 'Harbour helper' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Test');
    await screenshot(page, 'workspace-pages-02-sessions');
    await row.getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(new RegExp(`/agents/${agentId}/convos\\?conversation=`));
    await page.getByTestId('conversation-transcript').filter({ hasText: 'Hello there' }).waitFor();
  });

  it('Functions lists the voice tool with the host it calls and links to the Tools tab', async () => {
    await openFromNav('Integrations', 'Functions', '/integrations');
    const row = page.getByTestId('function-row').filter({ hasText: 'order_status' });
    await row.waitFor();
    expect(await row.textContent()).toContain('tools.example.com');
    expect(await page.content()).not.toContain('journey-secret');
    await screenshot(page, 'workspace-pages-03-functions');
    await row.getByRole('link', { name: 'Harbour helper' }).click();
    await page.waitForURL(new RegExp(`/agents/${agentId}/tools$`));
  });

  it("Credentials shows the workspace secret and the agent's key, and regenerates the key", async () => {
    await page.goto(`/app/${region}/credentials`);
    await page.getByTestId('credentials-page').waitFor();
    expect(await page.getByLabel('Workspace secret').inputValue()).not.toBe('');
    const row = page.getByTestId('agent-key-row').filter({ hasText: 'Harbour helper' });
    await row.getByRole('button', { name: 'Show key' }).click();
    const key = row.getByLabel('Agent secret key');
    await page.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('input[aria-label="Agent secret key"]')?.value));
    const before = await key.inputValue();
    await row.getByRole('button', { name: 'Regenerate' }).click();
    const rotated = page.waitForResponse((res) => res.url().endsWith(`/agents/${agentId}/secret-key`) && res.request().method() === 'POST');
    await page.getByTestId('confirm-regenerate-agent-key').getByRole('button', { name: 'Regenerate' }).click();
    expect((await rotated).status()).toBe(200);
    await page.getByTestId('confirm-regenerate-agent-key').waitFor({ state: 'detached' });
    expect(await key.inputValue()).not.toBe(before);
    expect(await page.getByText('being built', { exact: false }).count()).toBe(0);
    await screenshot(page, 'workspace-pages-04-credentials');
  });

  it("Prompts finds the agent's system prompt by a word in it and opens where it is edited", async () => {
    await openFromNav('Utilities', 'Prompts', '/prompts');
    const search = page.getByLabel('Search prompts');
    await search.fill('sourdogh');
    const card = page.getByTestId('prompt-card').filter({ hasText: 'Recommend the sourdough' });
    await card.waitFor();
    await search.fill('zzzqqqxx');
    await page.getByText('No prompt matches').waitFor();
    await search.fill('');
    await screenshot(page, 'workspace-pages-05-prompts');
    await card.getByRole('link', { name: 'Harbour helper' }).click();
    await page.waitForURL(new RegExp(`/agents/${agentId}/nodes$`));
  });
});

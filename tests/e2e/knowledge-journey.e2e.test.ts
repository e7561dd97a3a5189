/**
 * Knowledge and tools, in Chromium through the gateway of the running platform: a new user goes
 * through onboarding with the local company website (infra/sandboxes/company-site); the website
 * becomes the agent's knowledge source, read by the agent service off the request path; the
 * Knowledge tab shows it SUCCESS with its counts and finds the chunk a question retrieves; the
 * test chat answers what only the website says, and Chats shows the source it came from. Then a
 * voice tool is tested against the local tool server (infra/sandboxes/tool-server).
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, signInWithCode, uniqueEmail } from './support/platform';

const companySite = `http://127.0.0.1:${process.env.COMPANY_SITE_PORT ?? 4150}`;
const toolServer = `http://127.0.0.1:${process.env.TOOL_SERVER_SANDBOX_PORT ?? 4170}`;

describe('knowledge journey', () => {
  let browser: Browser;
  let page: Page;
  let agentId: string;
  let region: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('onboarding with the local website starts a knowledge source that the Knowledge tab shows read', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('knowledge'));
    await page.getByTestId('onboarding').waitFor();
    await page.getByLabel('Company name').fill('Tidewater Bakery');
    await page.getByLabel('Company website').fill(companySite);
    await page.getByLabel('What does your company do?').fill('A harbour bakery baking sourdough and celebration cakes');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('brand-colors').getByRole('button', { name: '#17bebb' }).click({ timeout: 20_000 });
    const created = page.waitForResponse((res) => res.url().includes('/onboarding/procedures/createPersonalizedAgent'));
    await page.getByRole('button', { name: 'Create AI Agent' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    agentId = ((await answer.json()) as { agentId: string }).agentId;
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click({ timeout: 30_000 });
    await page.waitForURL(new RegExp(`/app/(eu|na)/agents/${agentId}/overview`));
    region = /\/app\/(eu|na)\//.exec(page.url())![1]!;

    await page.goto(`/app/${region}/agents/${agentId}/kb`);
    const source = page.getByTestId('kb-source').filter({ hasText: '127.0.0.1' });
    await source.and(page.locator('[data-status="SUCCESS"]')).waitFor({ timeout: 30_000 });
    expect(await source.getByTestId('kb-source-counts').textContent()).toMatch(/chars · \d+ chunks · 4 pages/);
    await page.getByTestId('kb-search-input').fill('Are you open on Mondays?');
    await page.getByTestId('kb-search').click();
    await page.getByTestId('kb-search-chunk').first().filter({ hasText: 'closed on Mondays' }).waitFor();
    await screenshot(page, 'knowledge-01-sources-and-search');
  });

  it('answers in the test chat from the website, and Chats shows the source of the answer', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/overview?showDebugger=true`);
    const panel = page.getByTestId('debugger-panel');
    await panel.waitFor();
    await panel.getByLabel('Test message').fill('Are you open on Mondays?');
    await panel.getByLabel('Test message').press('Enter');
    await panel.getByTestId('test-chat-answer').filter({ hasText: 'closed on Mondays' }).waitFor({ timeout: 20_000 });
    await panel.getByTestId('test-chat-sources').filter({ hasText: 'Visit us' }).waitFor();
    await page.goto(`/app/${region}/agents/${agentId}/convos`);
    const transcript = page.getByTestId('conversation-transcript');
    await transcript.waitFor();
    const sources = transcript.getByTestId('message-sources').last();
    await sources.waitFor();
    expect(await sources.textContent()).toContain('Visit');
    expect(await sources.getByRole('link').first().getAttribute('href')).toBe(`${companySite}/visit.html`);
    await screenshot(page, 'knowledge-02-chats-sources');
  });

  it('a website page that cannot be read ends in ERROR with the reason shown', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/kb`);
    await page.getByTestId('kb-website-input').fill(`${companySite}/no-such-page`);
    await page.getByTestId('kb-add-website').click();
    const failed = page.getByTestId('kb-source').and(page.locator('[data-status="ERROR"]'));
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.getByTestId('kb-source-error').textContent()).toContain('HTTP 404');
    await screenshot(page, 'knowledge-03-source-error');
  });

  it('tests a voice tool against the local tool server and shows the answer and the time', async () => {
    // Tools belong to agents without nodes: the onboarding agent is switched to a prompt-only one.
    const saved = ((await (await page.request.get(`/api/${region}/agent/v2/agents/${agentId}`)).json()) as { agent: Record<string, unknown> }).agent;
    expect((await page.request.post(`/api/${region}/agent/v2/agents/${agentId}`, { data: { ...saved, enableNodes: false } })).status()).toBe(200);
    await page.goto(`/app/${region}/agents/${agentId}/tools`);
    await page.getByTestId('tool-add').click();
    const card = page.getByTestId('tool-card').last();
    await card.getByLabel('Server URL', { exact: true }).fill(`${toolServer}/order-status`);
    await card.getByLabel('Server URL secret').fill('sandbox-tool-secret');
    await card.getByTestId('tool-field-add').click();
    await card.getByTestId('tool-field').getByLabel('Key').fill('orderId');
    await card.getByTestId('tool-field').getByLabel('Value', { exact: true }).fill('A-17');
    await card.getByTestId('tool-test').click();
    const result = card.getByTestId('tool-test-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toContain('HTTP 200');
    expect(await result.getByTestId('tool-test-body').textContent()).toMatch(/Order A-17 is /);
    expect(await result.textContent()).toMatch(/\d+ ms/);
    await screenshot(page, 'knowledge-04-tool-test');
  });
});

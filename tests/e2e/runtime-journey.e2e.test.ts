/**
 * The runtime journey, in Chromium through the gateway of the running platform: sign up,
 * create an agent, talk to it in the test chat (a real, streamed answer), embed the Website
 * Script's popup snippet in a plain page served from another origin, chat there (the answer
 * arrives as server-sent events), and find both conversations, and the lead left on the
 * website, in the Chats and Leads tabs; then the Demo page and the iframe render path show
 * the same widget.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, signUpWithAgent } from './support/platform';


/** A plain HTML page on another local port (another origin) that embeds the popup snippet. */
async function customerSite(agentId: string, region: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html><head><title>Customer site</title></head><body style="font-family: serif; background: #fafafa">
<h1 class="vg-chat-header">Bob's Bikes</h1><p>Our shop page. The chat is in the corner.</p>
<script src="${baseUrl}/widget/embed.js" data-agent-id="${agentId}" data-region="${region}" data-position="bottom-right" defer></script>
</body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('runtime journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let region = 'eu';
  let agentId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, creates an agent and gets a real answer in the test chat', async () => {
    ({ region, agentId } = await signUpWithAgent(page, 'runtime', 'Bike shop helper'));

    const panel = page.getByTestId('debugger-panel');
    await panel.waitFor();
    const streamed = page.waitForResponse((res) => res.url().includes(`/agents/${agentId}/chat`));
    await panel.getByLabel('Test message').fill('Do you repair e-bikes?');
    await panel.getByLabel('Test message').press('Enter');
    const response = await streamed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/text\/event-stream/);
    await panel.getByTestId('test-chat-answer').filter({ hasText: 'Sandbox reply: you said "Do you repair e-bikes?".' }).waitFor();
    await screenshot(page, 'runtime-01-test-chat-answer');
  });

  it('answers on a plain page of another origin that embeds the popup snippet, streamed', async () => {
    // the agent's custom CSS styles its widget only
    const saved = ((await (await page.request.get(`/api/${region}/agent/v2/agents/${agentId}`)).json()) as { agent: Record<string, unknown> }).agent;
    const save = await page.request.post(`/api/${region}/agent/v2/agents/${agentId}`, { data: { ...saved, ADVANCED_customCSS: '.vg-chat-header { font-family: monospace; }' } });
    expect(save.status()).toBe(200);
    const site = await customerSite(agentId, region);
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await visitor.goto(site.url);
      const launcher = visitor.locator('.vg-chat-launcher');
      await launcher.waitFor();
      await screenshot(visitor, 'runtime-02-customer-site-launcher');
      await launcher.click();
      const window = visitor.locator('.vg-chat-window');
      await window.waitFor();
      const streamed = visitor.waitForResponse((res) => res.url().includes(`/widget/agents/${agentId}/messages`) && res.request().method() === 'POST');
      await window.locator('.vg-chat-input').fill('My e-mail is rider@example.com, call me back');
      await window.locator('.vg-chat-send').click();
      const response = await streamed;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/text\/event-stream/);
      expect(response.headers()['access-control-allow-origin']).toBe('*');
      await window.locator('.vg-message--assistant').filter({ hasText: 'Sandbox reply: you said "My e-mail is rider@example.com, call me back".' }).waitFor();
      // the page's own element of the same class keeps its look: the custom CSS stays in the widget's shadow root
      expect(await visitor.locator('h1.vg-chat-header').evaluate((h) => getComputedStyle(h).fontFamily)).toBe('serif');
      expect(await window.locator('.vg-chat-header').evaluate((h) => getComputedStyle(h).fontFamily)).toBe('monospace');
      await screenshot(visitor, 'runtime-03-customer-site-answer');
      // the next page of the site: the widget shows the conversation so far
      await visitor.reload();
      await visitor.locator('.vg-chat-launcher').click();
      await visitor.locator('.vg-message--user').filter({ hasText: 'My e-mail is rider@example.com, call me back' }).waitFor();
    } finally {
      await visitor.close();
      await site.close();
    }
  });

  it('lists both conversations in Chats, newest first, and the lead in Leads', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/convos`);
    const items = page.getByTestId('conversation-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain('Website');
    expect(await items.nth(1).textContent()).toContain('Test chat');
    await page.getByTestId('conversation-transcript').getByText('My e-mail is rider@example.com, call me back', { exact: true }).waitFor();
    await screenshot(page, 'runtime-04-chats');
    await page.goto(`/app/${region}/agents/${agentId}/leads`);
    await page.getByTestId('leads').getByText('rider@example.com').waitFor();
    await screenshot(page, 'runtime-05-leads');
  });

  it('shows the real widget on the Demo page and on the iframe render path', async () => {
    await page.goto(`/app/${region}/prototype?vg_id=${agentId}`);
    const demo = page.getByTestId('demo-widget').locator('.vg-chat-window--embedded');
    await demo.waitFor();
    await demo.locator('.vg-chat-input').fill('Hello from the demo');
    await demo.locator('.vg-chat-send').click();
    await demo.locator('.vg-message--assistant').filter({ hasText: 'Sandbox reply: you said "Hello from the demo".' }).waitFor();
    await screenshot(page, 'runtime-06-demo');

    const framed = await browser.newPage({ viewport: { width: 600, height: 700 } });
    try {
      const res = await framed.goto(`${baseUrl}/app/${region}/render/${agentId}/iframe`);
      expect(res!.headers()['x-frame-options']).toBeUndefined();
      await framed.locator('.vg-chat-window--full').waitFor();
      await screenshot(framed, 'runtime-07-iframe-render');
    } finally {
      await framed.close();
    }
  });
});

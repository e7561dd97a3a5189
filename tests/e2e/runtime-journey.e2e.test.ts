/**
 * The runtime journey, in Chromium through the gateway of the running platform: sign up,
 * create an agent, talk to it in the test chat (a real, streamed answer; the panel 450 px wide
 * and resizable), take the three Website Script snippets from the agent menu and embed each in a
 * plain page served from another origin (the popup, streamed as server-sent events; the embedded
 * chat in its 500x500 container; the iframe), chat there, and find the conversations, and the lead
 * left on the website, in the Chats and Leads tabs; then the Demo page, the iframe render path and
 * /share show the same widget, and with a verified agency domain the Demo opens on that domain.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AGENCY_API, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { callApi } from './support/agency-clients';
import { baseUrl, launchBrowser, ownWorkspaceId, screenshot, signUpWithAgent } from './support/platform';


/** A plain HTML page on another local port (another origin) with `snippet` (a Website Script snippet) in its body. */
async function customerSite(snippet: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html><head><title>Customer site</title></head><body style="font-family: serif; background: #fafafa">
<h1 class="vg-chat-header">Bob's Bikes</h1><p>Our shop page. The chat is in the corner.</p>
${snippet}
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

/** The agent's Website Script snippets as the agent menu offers them (popup, embedded, iframe). */
async function websiteScripts(page: Page): Promise<Record<'popup' | 'embedded' | 'iframe', string>> {
  await page.getByTestId('agent-actions').click();
  await page.getByRole('menuitem', { name: 'Website Script' }).click();
  const modal = page.getByTestId('website-script');
  const snippets = { popup: '', embedded: '', iframe: '' };
  for (const [key, tab] of [['popup', 'Popup widget'], ['embedded', 'Embedded chat'], ['iframe', 'Iframe']] as const) {
    await modal.getByRole('tab', { name: tab }).click();
    snippets[key] = (await modal.getByTestId(`snippet-${key}`).textContent())!;
  }
  await page.keyboard.press('Escape');
  return snippets;
}

describe('runtime journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let region = 'eu';
  let agentId = '';
  let snippets: Record<'popup' | 'embedded' | 'iframe', string>;

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

    // The mini-chat panel is 450 px wide, and its left edge resizes it.
    expect((await panel.boundingBox())!.width).toBe(450);
    const handle = (await panel.getByRole('separator', { name: 'Resize test chat' }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 - 120, handle.y + handle.height / 2, { steps: 6 });
    await page.mouse.up();
    expect(Math.round((await panel.boundingBox())!.width)).toBe(570);
    snippets = await websiteScripts(page);
  });

  it('answers on a plain page of another origin that embeds the popup snippet, streamed', async () => {
    // the agent's custom CSS styles its widget only
    const saved = ((await (await page.request.get(`/api/${region}/agent/v2/agents/${agentId}`)).json()) as { agent: Record<string, unknown> }).agent;
    const save = await page.request.post(`/api/${region}/agent/v2/agents/${agentId}`, { data: { ...saved, ADVANCED_customCSS: '.vg-chat-header { font-family: monospace; }' } });
    expect(save.status()).toBe(200);
    expect(snippets.popup).toBe(`<script src="${baseUrl}/widget/embed.js" data-agent-id="${agentId}" data-region="${region}" data-position="bottom-right" defer></script>`);
    const site = await customerSite(snippets.popup);
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

  it('the embedded snippet fills its 500x500 container and the iframe snippet frames the chat, on another origin, and both answer', async () => {
    for (const [key, snippet] of [['embedded', snippets.embedded], ['iframe', snippets.iframe]] as const) {
      const site = await customerSite(snippet);
      const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await visitor.goto(site.url);
        const chat = key === 'embedded' ? visitor.locator('.vg-chat-window--embedded') : visitor.frameLocator('iframe[title="Chat"]').locator('.vg-chat-window--full');
        await chat.waitFor();
        if (key === 'embedded') {
          const box = (await chat.boundingBox())!;
          expect([Math.round(box.width), Math.round(box.height)]).toEqual([500, 500]);
        }
        await chat.locator('.vg-chat-input').fill(`Hello from the ${key} snippet`);
        // Enter sends (the widget's form): this Chromium's headless mode does not take pointer clicks into an iframe of another site
        await chat.locator('.vg-chat-input').press('Enter');
        await chat.locator('.vg-message--assistant').filter({ hasText: `Sandbox reply: you said "Hello from the ${key} snippet".` }).waitFor();
        await screenshot(visitor, `runtime-04-${key}-snippet`);
      } finally {
        await visitor.close();
        await site.close();
      }
    }
  });

  it('lists both conversations in Chats, newest first, and the lead in Leads', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/convos`);
    const items = page.getByTestId('conversation-item');
    await items.first().waitFor();
    // the iframe's and the embedded chat's (newest first), the popup's, then the test chat
    expect(await items.count()).toBe(4);
    expect(await items.nth(0).textContent()).toContain('Website');
    expect(await items.nth(3).textContent()).toContain('Test chat');
    await page.getByTestId('conversation-transcript').getByText('Hello from the iframe snippet', { exact: true }).waitFor();
    await items.nth(2).click();
    await page.getByTestId('conversation-transcript').getByText('My e-mail is rider@example.com, call me back', { exact: true }).waitFor();
    await screenshot(page, 'runtime-05-chats');
    await page.goto(`/app/${region}/agents/${agentId}/leads`);
    await page.getByTestId('leads').getByText('rider@example.com').waitFor();
    await screenshot(page, 'runtime-06-leads');
  });

  it('shows the real widget on the Demo page and on the iframe render path', async () => {
    await page.goto(`/app/${region}/prototype?vg_id=${agentId}`);
    const demo = page.getByTestId('demo-widget').locator('.vg-chat-window--embedded');
    await demo.waitFor();
    await demo.locator('.vg-chat-input').fill('Hello from the demo');
    await demo.locator('.vg-chat-send').click();
    await demo.locator('.vg-message--assistant').filter({ hasText: 'Sandbox reply: you said "Hello from the demo".' }).waitFor();
    await screenshot(page, 'runtime-07-demo');

    const framed = await browser.newPage({ viewport: { width: 600, height: 700 } });
    try {
      const res = await framed.goto(`${baseUrl}/app/${region}/render/${agentId}/iframe`);
      expect(res!.headers()['x-frame-options']).toBeUndefined();
      await framed.locator('.vg-chat-window--full').waitFor();
      await screenshot(framed, 'runtime-08-iframe-render');
      // /share opens the widget without the shell, signed out too
      for (const path of [`/share?vg_id=${agentId}&region=${region}`, `/app/${region}/agents/${agentId}/share`]) {
        await framed.goto(`${baseUrl}${path}`);
        await framed.locator('.vg-chat-window--full').waitFor();
        expect(await framed.getByTestId('top-bar').count()).toBe(0);
      }
      await screenshot(framed, 'runtime-09-share');
    } finally {
      await framed.close();
    }
  });

  it("with a verified agency domain, Demo opens {domain}/{region}/prototype/{agent_id} there, and the widget answers", async () => {
    const uid = await ownWorkspaceId(page, region);
    const subdomain = `demo${Date.now().toString(36)}`;
    const { agency } = await callApi(page.request, AGENCY_API.saveAgency, region as Region, { params: { uid }, body: { name: 'Demo Bikes' } });
    await callApi(page.request, AGENCY_API.setCustomDomain, region as Region, { body: { customDomain: subdomain, userId: uid, agencyId: agency.ID, isVGSubdomain: true } });
    const domainQuery = { domain: `${subdomain}.localhost`, domainType: 'vgSubdomain', userId: uid };
    await waitFor(async () => (await callApi(page.request, AGENCY_API.getCustomDomain, region as Region, { query: domainQuery })).isVerified, 20_000, 500);

    await page.goto(`/app/${region}/agents/${agentId}/overview`);
    const expected = `http://${subdomain}.localhost:${new URL(baseUrl).port}/${region}/prototype/${agentId}`;
    await waitFor(async () => (await page.getByTestId('demo-link').getAttribute('href')) === expected, 20_000, 250);
    const visitor = await browser.newPage({ viewport: { width: 900, height: 800 } });
    try {
      await visitor.goto(expected);
      const chat = visitor.locator('.vg-chat-window--full');
      await chat.waitFor();
      await chat.locator('.vg-chat-input').fill('Hello on the agency domain');
      await chat.locator('.vg-chat-send').click();
      await chat.locator('.vg-message--assistant').filter({ hasText: 'Sandbox reply: you said "Hello on the agency domain".' }).waitFor();
      await screenshot(visitor, 'runtime-10-agency-domain-demo');
    } finally {
      await visitor.close();
    }
  });
});

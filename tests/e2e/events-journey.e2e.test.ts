/**
 * Issue 12's Events screen, in Chromium through the gateway of the running platform: a new
 * user opens /app/{region}/events from the side navigation, is refused a private endpoint,
 * saves a public one with subscriptions (kept after a reload), and sends a test event that
 * shows in the recent deliveries. Then an organisation notification requested on Kafka reaches
 * the page's open stream through the gateway (server-sent events, no polling).
 */
import type { Browser, Page } from 'playwright-core';
import { NOTIFICATION_API, NOTIFICATION_MESSAGES, eventRoute, gatewayPath, makeEvent, type Region } from '@platform/contracts';
import { createProducer } from '@platform/kit';
import { testKafka } from '@platform/test-support';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail } from './support/platform';

describe('events journey', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the Events page from the side navigation', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('events'));
    await passOnboarding(page);
    await page.waitForURL(/\/app\/(eu|na)\/agents/);
    const nav = page.getByTestId('side-nav');
    const events = nav.getByRole('link', { name: 'Events' });
    // The Utilities group may be folded (its state is remembered per browser).
    if (!(await events.isVisible())) await nav.getByRole('button', { name: 'Utilities' }).click();
    await events.click();
    await page.waitForURL(/\/app\/(eu|na)\/events$/);
    await page.getByTestId('events-page').waitFor();
    await page.getByTestId('deliveries-empty').waitFor();
    expect(await page.getByText('being built', { exact: false }).count()).toBe(0);
    await screenshot(page, 'events-01-empty');
  });

  it('refuses a private endpoint with the message, then saves a public one with its subscriptions', async () => {
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The events endpoint must be a public http(s) URL.').waitFor();

    await page.getByLabel('Endpoint URL').fill('https://hooks.example.com/platform');
    await page.getByLabel('Agent created (agent.created)').check();
    await page.getByLabel('A visitor asks for a person (conversation.human-requested)').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(NOTIFICATION_MESSAGES.eventsSaved).waitFor();
    await screenshot(page, 'events-02-saved');

    await page.reload();
    await page.getByTestId('events-page').waitFor();
    await page.waitForFunction(() => (document.querySelector('input[placeholder^="https://example.com"]') as HTMLInputElement | null)?.value === 'https://hooks.example.com/platform');
    expect(await page.getByLabel('Agent created (agent.created)').isChecked()).toBe(true);
    expect(await page.getByLabel('A visitor asks for a person (conversation.human-requested)').isChecked()).toBe(true);
    expect(await page.getByLabel('Member joined (member.joined)').isChecked()).toBe(false);
  });

  it('sends a test event, listed in the recent deliveries', async () => {
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(NOTIFICATION_MESSAGES.testEventQueued).waitFor();
    const row = page.getByTestId('delivery-test');
    await row.waitFor();
    expect(await row.textContent()).toMatch(/test(pending|failed|delivered)/);
    await screenshot(page, 'events-03-test-delivery');
  });

  it('pushes an organisation notification to the open page through the gateway', async () => {
    const session = (await (await page.request.get('/api/workspace/v2/auth/session')).json()) as { workspaces: Array<{ uid: string; region: Region; isOwn?: boolean }> };
    const own = session.workspaces.find((w) => w.isOwn)!;
    const streamPath = gatewayPath(NOTIFICATION_API.streamOrgNotifications, { uid: own.uid, orgId: 'orgJourney' }, own.region);
    await page.evaluate((path) => {
      const target = window as unknown as { received: unknown[]; opened: boolean };
      target.received = [];
      const source = new EventSource(path, { withCredentials: true });
      source.onopen = () => (target.opened = true);
      source.addEventListener('notification', (message) => target.received.push(JSON.parse((message as MessageEvent<string>).data)));
    }, streamPath);
    await page.waitForFunction(() => (window as unknown as { opened?: boolean }).opened === true);

    const producer = createProducer(testKafka());
    await producer.connect();
    try {
      const event = makeEvent('notification.requested', {
        region: own.region,
        workspaceId: own.uid,
        data: { channel: 'organization', orgId: 'orgJourney', notification: { title: 'New lead', body: 'Ada left her e-mail', notificationLevel: 2 } },
      });
      const { topic, key } = eventRoute(event);
      await producer.send({ topic, messages: [{ key, value: JSON.stringify(event) }] });
    } finally {
      await producer.disconnect();
    }
    const received = await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received[0], undefined, { timeout: 30_000 });
    expect(await received.jsonValue()).toMatchObject({ title: 'New lead', body: 'Ada left her e-mail', notificationLevel: 2, seen: false });
    const listed = await page.request.get(gatewayPath(NOTIFICATION_API.listOrgNotifications, { uid: own.uid, orgId: 'orgJourney' }, own.region));
    expect((await listed.json()).notifications).toEqual([expect.objectContaining({ title: 'New lead' })]);
  });
});

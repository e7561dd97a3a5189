/**
 * The Browser Notifications switch in Chromium on an agency host (ADR 0032): a client with the
 * notifications permission granted turns the switch on; the dashboard registers its service
 * worker and calls PushManager.subscribe with the platform's VAPID key. Headless Chromium (with the
 * notifications permission granted) refuses the subscription ("Registration failed - permission
 * denied"; it has no vendor push service here either): the panel says why and the switch stays off.
 * A browser that accepts gets the switch on, and turning it off unsubscribes. Then the running
 * platform's delivery: a subscription of the push-service sandbox, saved through the client's
 * route, receives a visitor's request encrypted for its keys. Delivery itself is tested against the push-service sandbox
 * (services/notification/test/web-push.int.test.ts).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { decrypt } from 'http_ece';
import type { Browser, Page } from 'playwright-core';
import { AGENCY_API, AGENT_API, CLIENTS_API, NOTIFICATION_API, NOTIFICATION_MESSAGES, eventRoute, gatewayPath, makeEvent, type Region } from '@platform/contracts';
import { createProducer } from '@platform/kit';
import { testKafka, waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail, ownWorkspaceId } from './support/platform';
import { callApi } from './support/agency-clients';

/** Records each PushManager.subscribe call's applicationServerKey (base64url), then lets the browser answer. */
const RECORD_SUBSCRIBE = `(() => {
  window.__subscribeKeys = [];
  const original = PushManager.prototype.subscribe;
  PushManager.prototype.subscribe = function (options) {
    const bytes = new Uint8Array(options.applicationServerKey);
    window.__subscribeKeys.push(btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, ''));
    return original.call(this, options);
  };
})();`;

describe('push notifications journey', () => {
  let browser: Browser;
  let owner: Page;
  let region: Region = 'eu';
  const sub = `pu${Date.now().toString(36)}`;
  const client = { email: uniqueEmail('pushclient'), name: 'Pat Push', dashboardPassword: 'push-password-9' };

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a client turns Browser Notifications on (the worker registers and subscribes with the VAPID key, or the panel says why not); a saved subscription gets a request pushed', async () => {
    await owner.goto('/signup');
    await signInWithCode(owner, uniqueEmail('pushowner'));
    await passOnboarding(owner);
    region = /\/app\/(eu|na)\//.exec(owner.url())![1] as Region;
    const uid = await ownWorkspaceId(owner, region);
    const { agency } = await callApi(owner.request, AGENCY_API.saveAgency, region, { params: { uid }, body: { name: 'Pushwell' } });
    await callApi(owner.request, AGENCY_API.setCustomDomain, region, { body: { customDomain: sub, userId: uid, agencyId: agency.ID, isVGSubdomain: true } });
    await waitFor(async () => (await callApi(owner.request, AGENCY_API.getCustomDomain, region, { query: { domain: `${sub}.localhost`, domainType: 'vgSubdomain', userId: uid } })).isVerified, 20_000, 500);
    const agent = await callApi(owner.request, AGENT_API.convertAgentTemplateToAgent, region, { body: { agentName: 'Push Agent', agentTemplate: {}, workspaceId: uid } });
    const { organization } = await callApi(owner.request, CLIENTS_API.createOrganization, region, { params: { uid }, body: { name: 'Pushco' } });
    await callApi(owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId: organization.ID }, body: { ID: organization.ID, name: 'Pushco', widgetIDs: [agent.agentCreated.ID] } });
    await callApi(owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...client, orgId: organization.ID, canAccess: ['/leads'], notificationsSettings: { notifyThrough: 'push', notifyIf: 'all' } } });

    const host = `http://${sub}.localhost:${new URL(baseUrl).port}`;
    const context = await browser.newContext({ baseURL: host, permissions: ['notifications'] });
    await context.addInitScript(RECORD_SUBSCRIBE);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('client-login-email').fill(client.email);
    await page.getByTestId('client-login-password').fill(client.dashboardPassword);
    await page.getByTestId('client-sign-in').click();
    await page.getByText('Signed in successfully.').waitFor();
    // Node does not resolve *.localhost: the page asks, with the client's session cookie.
    const keyPath = gatewayPath(NOTIFICATION_API.getPushKey, {}, region);
    const { publicKey } = await page.evaluate(async (path) => (await fetch(path)).json(), keyPath);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    await page.getByTestId('notifications-bell').click();
    await page.getByRole('button', { name: 'Notification settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Browser Notifications' });
    // Mantine draws the switch over a hidden input: a person clicks its label.
    const label = page.getByTestId('notifications-panel').getByText('Browser Notifications');
    await label.click();
    const refused = page.getByTestId('browser-notifications-error');
    await waitFor(async () => ((await toggle.isChecked()) || (await refused.isVisible()) ? true : undefined), 30_000, 200);
    await screenshot(page, 'push-01-switch');

    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/remotes/client_dashboard/');
      return { script: registration?.active?.scriptURL ?? registration?.installing?.scriptURL ?? null, scope: registration?.scope ?? null };
    });
    expect(worker).toEqual({ script: `${host}/remotes/client_dashboard/push-sw.js`, scope: `${host}/remotes/client_dashboard/` });
    expect(await page.evaluate(() => (window as unknown as { __subscribeKeys: string[] }).__subscribeKeys)).toEqual([publicKey]);

    if (await refused.isVisible()) {
      // Chromium could not reach a push service: the reason is shown and the switch stays off.
      expect(await refused.textContent()).toMatch(new RegExp(`^${NOTIFICATION_MESSAGES.pushRefused('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.+`));
      expect(await toggle.isChecked()).toBe(false);
      // eslint-disable-next-line no-console
      console.log(`Chromium refused PushManager.subscribe: ${await refused.textContent()}`);
    } else {
      // Chromium subscribed: the switch is on; off unsubscribes this browser.
      await label.click();
      await waitFor(async () => ((await toggle.isChecked()) ? undefined : true), 15_000, 200);
      expect(await page.evaluate(async () => Boolean(await (await navigator.serviceWorker.getRegistration('/remotes/client_dashboard/'))?.pushManager.getSubscription()))).toBe(false);
    }

    // The running platform's side: a subscription of the push-service sandbox (started by deps.sh),
    // saved through the client's route from the page, receives a visitor's request, encrypted for it.
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const authSecret = randomBytes(16);
    const sandbox = `http://127.0.0.1:${process.env.WEB_PUSH_SANDBOX_PORT ?? 4185}`;
    const { endpoint } = await (await fetch(`${sandbox}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey: publicKey }) })).json();
    const subscription = { endpoint, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
    const saved = await page.evaluate(
      async ({ path, body }) => (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })).status,
      { path: gatewayPath(CLIENTS_API.savePushToken, {}, region), body: { subscription } },
    );
    expect(saved).toBe(200);
    const producer = createProducer(testKafka());
    await producer.connect();
    try {
      const event = makeEvent('conversation.human-requested', { region, workspaceId: uid, data: { agentId: agent.agentCreated.ID, conversationId: 'pushconvo1', channel: 'web', text: 'Can a person help me?' } });
      const { topic, key } = eventRoute(event);
      await producer.send({ topic, messages: [{ key, value: JSON.stringify(event) }] });
    } finally {
      await producer.disconnect();
    }
    const [message] = await waitFor(async () => {
      const received = await (await fetch(`${sandbox}/sandbox/push/${endpoint.split('/').pop()}/messages`)).json();
      return received.length ? received : undefined;
    }, 30_000, 200);
    const shown = JSON.parse(decrypt(Buffer.from(message.body, 'base64url'), { version: 'aes128gcm', privateKey: keys, authSecret }).toString('utf8'));
    expect(shown).toMatchObject({ title: NOTIFICATION_MESSAGES.humanRequestedTitle, body: 'Can a person help me?', notificationLevel: 2, region });
    await context.close();
  }, 180_000);
});

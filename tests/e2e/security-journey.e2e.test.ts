/**
 * Issue 7's secrets and sessions, in Chromium through the gateway of the running platform:
 * a session signed with the secret that used to be committed is refused; the workspace secret
 * and the agent secret key are regenerated from their settings (after a confirmation) and the
 * old values stop working at once; removing a member offers the same for the workspace secret;
 * after sign-out the old session cookie is refused.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signSession } from '@platform/kit';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail } from './support/platform';

/** A request with no cookie jar: only the credential given. */
const call = (path: string, headers: Record<string, string>) => fetch(`${baseUrl}${path}`, { headers });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('security journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let region = 'eu';
  let userId = '';
  let agentId = '';

  const session = async () => (await (await page.request.get('/api/workspace/v2/auth/session')).json()) as {
    user: { userId: string };
    workspaces: Array<{ uid: string; region: string; isOwn: boolean; secret?: string }>;
  };
  const ownSecret = async () => (await session()).workspaces.find((w) => w.isOwn && w.region === region)!.secret!;
  const agentKey = async () => ((await (await page.request.get(`/api/${region}/agent/v2/agents/${agentId}`)).json()) as { agent: { SECRET_API_KEY: string } }).agent.SECRET_API_KEY;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up; a session forged with the formerly committed secret is refused', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('security'));
    await passOnboarding(page);
    await page.waitForURL(/\/app\/(eu|na)\/agents/);
    region = /\/app\/(eu|na)\//.exec(page.url())![1]!;
    userId = (await session()).user.userId;
    const forged = signSession({ userId, email: 'someone@e2e.example.com', sessionId: 'forged' }, 'local-dev-jwt-secret-change-me');
    expect((await call('/api/workspace/v2/auth/session', { cookie: `session=${forged}` })).status).toBe(401);
  });

  it('regenerates the workspace secret in the settings drawer: the old secret is refused, the new one works', async () => {
    const old = await ownSecret();
    expect((await call(`/api/${region}/workspace/v2/workspaces/${userId}`, bearer(old))).status).toBe(200);
    await page.getByTestId('workspace-switcher').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const drawer = page.getByTestId('edit-workspace-drawer');
    await drawer.getByTestId('workspace-secret').getByRole('button', { name: 'Regenerate' }).click();
    const confirm = page.getByTestId('confirm-regenerate-workspace-secret');
    await confirm.getByText('The current secret stops working at once.').waitFor();
    await screenshot(page, 'security-01-confirm-workspace-secret');
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('Workspace secret regenerated. The old secret no longer works.').first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    await screenshot(page, 'security-02-workspace-secret-regenerated');

    const fresh = await ownSecret();
    expect(fresh).not.toBe(old);
    expect((await call(`/api/${region}/workspace/v2/workspaces/${userId}`, bearer(old))).status).toBe(401);
    expect((await call(`/api/${region}/workspace/v2/workspaces/${userId}`, bearer(fresh))).status).toBe(200);
    await page.keyboard.press('Escape');
  });

  it('removing a member offers to regenerate the workspace secret', async () => {
    const memberEmail = uniqueEmail('removed');
    const invited = await page.request.post(`/api/${region}/workspace/v2/workspaces/${userId}/email`, { data: { to: memberEmail } });
    const link = new URL(((await invited.json()) as { data: { link: string } }).data.link);
    const memberContext = await browser.newContext({ baseURL: baseUrl });
    const member = await memberContext.newPage();
    await member.goto('/login');
    await signInWithCode(member, memberEmail);
    await member.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect((await member.request.post(`/api/workspace${link.pathname}${link.search}`, { data: { email: memberEmail } })).status()).toBe(200);
    await memberContext.close();

    const old = await ownSecret();
    await page.getByTestId('workspace-switcher').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByTestId('workspace-members').getByRole('button', { name: `Remove ${memberEmail}` }).click();
    const confirm = page.getByTestId('confirm-remove-member');
    const offer = confirm.getByLabel('Also regenerate the workspace secret (they may have a copy of it)');
    expect(await offer.isChecked()).toBe(true);
    await screenshot(page, 'security-03-confirm-remove-member');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Workspace secret regenerated. The old secret no longer works.').first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('workspace-members').getByText(memberEmail).waitFor({ state: 'detached' });
    expect((await call(`/api/${region}/workspace/v2/workspaces/${userId}`, bearer(old))).status).toBe(401);
    expect((await call(`/api/${region}/workspace/v2/workspaces/${userId}`, bearer(await ownSecret()))).status).toBe(200);
    await page.keyboard.press('Escape');
  });

  it("regenerates the agent's secret key in Settings > Security: the old key is refused, the new one works", async () => {
    await page.getByTestId('side-nav').getByRole('button', { name: 'New Agent' }).click();
    const newAgent = page.getByTestId('new-agent-drawer');
    await newAgent.getByLabel('Agent Name').fill('Key holder');
    await newAgent.getByTestId('create-agent').click();
    await page.waitForURL(/\/app\/(eu|na)\/agents\/[^/?]+\/(nodes|overview)/);
    agentId = /\/agents\/([^/?]+)\//.exec(page.url())![1]!;
    const old = await agentKey();
    expect((await call(`/api/${region}/agent/v2/agents/${agentId}`, bearer(old))).status).toBe(200);

    await page.goto(`/app/${region}/agents/${agentId}/settings?tab=security`);
    const security = page.getByTestId('settings-security');
    await security.getByTestId('agent-secret-key').waitFor();
    await security.getByRole('button', { name: 'Regenerate' }).click();
    const confirm = page.getByTestId('confirm-regenerate-agent-key');
    await confirm.getByText('The current key stops working at once.').waitFor();
    await screenshot(page, 'security-04-confirm-agent-key');
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('Secret key regenerated. The old key no longer works.').first().waitFor();
    await confirm.waitFor({ state: 'detached' });

    const fresh = await agentKey();
    expect(fresh).not.toBe(old);
    expect(await security.getByTestId('agent-secret-key').inputValue()).toBe(fresh);
    // The draft holds the stored key: nothing is left to publish.
    await page.waitForFunction(() => document.querySelector('[data-testid="publish"]')?.textContent === 'Published');
    await screenshot(page, 'security-05-agent-key-regenerated');
    expect((await call(`/api/${region}/agent/v2/agents/${agentId}`, bearer(old))).status).toBe(401);
    expect((await call(`/api/${region}/agent/v2/agents/${agentId}`, bearer(fresh))).status).toBe(200);
  });

  it('signs out: the old session cookie is refused at once', async () => {
    const cookie = (await context.cookies()).find((c) => c.name === 'session')!;
    expect((await call('/api/workspace/v2/auth/session', { cookie: `session=${cookie.value}` })).status).toBe(200);
    await page.goto(`/app/${region}/agents`);
    await page.getByTestId('workspace-switcher').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/app/'));
    await screenshot(page, 'security-06-signed-out');
    expect((await call('/api/workspace/v2/auth/session', { cookie: `session=${cookie.value}` })).status).toBe(401);
  });
});

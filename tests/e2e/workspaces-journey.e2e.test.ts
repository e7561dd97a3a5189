/**
 * Issue 3's journey, in Chromium through the gateway of the running platform: sign up with
 * an e-mailed code, land on the agents list, create a workspace in the other region and
 * switch to it, invite a member who accepts from another browser, hit the seat limit, sign out.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, passOnboarding, readFromInbox, screenshot, signInWithCode, uniqueEmail } from './support/platform';

const INVITE_LINK = /Join: (\S+)/;

const openSwitcher = (page: Page) => page.getByTestId('workspace-switcher').click();

describe('workspaces journey', () => {
  let browser: Browser;
  let owner: BrowserContext;
  let member: BrowserContext;
  const ownerEmail = uniqueEmail('owner');
  const memberEmail = uniqueEmail('member');
  const naName = `NA team ${Date.now() % 100000}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    member = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up and lands on the agents list', async () => {
    const page = await owner.newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').waitFor();
    expect(await page.locator('footer').count()).toBe(0);
    await signInWithCode(page, ownerEmail, '01-owner');
    await passOnboarding(page);
    await page.waitForURL(/\/app\/(eu|na)\/agents/);
    // The loading screen gives way as soon as the agents are there (first-look watches its stages).
    await page.getByTestId('agents-empty').waitFor();
    expect(await page.getByTestId('loading-screen').count()).toBe(0);
    await screenshot(page, '03-owner-agents-list');
  });

  it('creates a workspace in NA and switches to it', async () => {
    const page = owner.pages()[0]!;
    await openSwitcher(page);
    await page.getByRole('menuitem', { name: '+ New Workspace' }).click();
    await page.getByLabel('Workspace name').fill(naName);
    await page.getByText('NA (North America)').click();
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByText(`Successfully created workspace ${naName}.`).waitFor();
    await openSwitcher(page);
    await page.getByRole('menuitem', { name: naName }).click();
    await page.getByText('Switching to NA region...').waitFor();
    await screenshot(page, '04-owner-switching-region');
    await page.waitForURL(/\/app\/na\/agents/);
    await page.getByTestId('workspace-switcher').filter({ hasText: naName.slice(0, 20) }).waitFor();
    await screenshot(page, '05-owner-in-na-workspace');
  });

  it('invites a member, who accepts from another browser', async () => {
    const page = owner.pages()[0]!;
    await openSwitcher(page);
    await page.getByRole('menuitem', { name: '+ New User' }).click();
    await page.getByLabel('Email').fill(memberEmail);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Successfully invited ${memberEmail}`).waitFor();
    await screenshot(page, '06-owner-invited');

    const link = await readFromInbox(memberEmail, INVITE_LINK, 60_000);
    const invited = await member.newPage();
    await invited.goto(new URL(link).pathname + new URL(link).search);
    await invited.waitForURL(/\/login/);
    await signInWithCode(invited, memberEmail, '07-member');
    await invited.getByText(`You joined ${naName}`).waitFor();
    // A new member also owes onboarding (spec 4.4); either way the joined workspace is theirs now.
    await passOnboarding(invited);
    await invited.waitForURL(/\/app\/(eu|na)\/agents/);
    await openSwitcher(invited);
    await invited.getByRole('menuitem', { name: naName }).click();
    await invited.waitForURL(/\/app\/na\/agents/);
    await invited.getByTestId('workspace-switcher').filter({ hasText: naName.slice(0, 20) }).waitFor();
    await screenshot(invited, '08-member-joined');
  });

  it('refuses a third person: the seats are used up', async () => {
    const page = owner.pages()[0]!;
    await page.keyboard.press('Escape');
    await openSwitcher(page);
    await page.getByRole('menuitem', { name: '+ New User' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('third'));
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('You have reached the maximum number of seats').first().waitFor();
    await screenshot(page, '09-owner-seat-limit');
  });

  it('signs out', async () => {
    const page = owner.pages()[0]!;
    await page.keyboard.press('Escape');
    await openSwitcher(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/app/'));
    const session = await page.request.get('/api/workspace/v2/auth/session');
    expect(session.status()).toBe(401);
    await screenshot(page, '10-owner-signed-out');
  });
});

/**
 * The whitelabel trial in the sidebar and the organisation drawer's Allow billing, in Chromium
 * through the gateway of the running platform: a new owner is offered Start Trial in the sidebar,
 * follows it to the billing page and starts the trial; the sidebar then shows the days left and no
 * longer offers it. In Clients, the drawer's Allow billing is disabled with the hint to connect
 * Stripe; once the agency's account is connected it can be turned on and saved.
 */
import type { Browser, Page } from 'playwright-core';
import { BILLING_API_MESSAGES, CLIENTS_API, CLIENTS_API_MESSAGES, CONNECT_API, MESSAGES, WHITELABEL, gatewayPath, type Region } from '@platform/contracts';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail, ownWorkspaceId } from './support/platform';

describe('whitelabel trial banner and Allow billing journey', () => {
  let browser: Browser;
  let page: Page;
  let region: Region = 'eu';
  let uid = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the sidebar offers Start Trial to a new workspace, and shows the days left once the trial runs', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('trialbanner'));
    await passOnboarding(page);
    region = /\/app\/(eu|na)\//.exec(page.url())![1] as Region;
    uid = await ownWorkspaceId(page, region);

    const banner = page.getByTestId('trial-banner');
    await banner.getByText(WHITELABEL.trialOfferDetail).waitFor();
    await banner.getByRole('link', { name: WHITELABEL.trialOffer }).click();
    await page.waitForURL(`**/app/${region}/account/billing`);
    const offers = page.getByTestId('whitelabel-offers');
    await offers.getByRole('button', { name: WHITELABEL.trialOffer }).click();
    await page.getByText(BILLING_API_MESSAGES.whitelabelTrialStarted).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    await banner.getByText(WHITELABEL.trialRunning).waitFor();
    expect(await banner.getByTestId('trial-days-left').textContent()).toBe(WHITELABEL.trialDaysLeft(WHITELABEL.trialDays));
    expect(await banner.getByText(WHITELABEL.trialOffer).count()).toBe(0);
    await screenshot(page, 'trial-01-sidebar-days-left');
    // and after a reload, read from billing again
    await page.reload();
    await banner.getByTestId('trial-days-left').waitFor();
    expect(await banner.getByText(WHITELABEL.trialOffer).count()).toBe(0);
  });

  it("the organisation drawer's Allow billing waits for a connected Stripe account", async () => {
    const created = await page.request.post(gatewayPath(CLIENTS_API.createOrganization, { uid }, region), { data: { name: 'Northwind' } });
    expect(created.ok()).toBe(true);
    await page.goto(`/app/${region}/clients`);
    const openDrawer = async () => {
      await page.getByTestId('organization-card').first().getByTestId('organization-menu').click();
      await page.getByTestId('edit-organization').click();
      return page.getByTestId('organization-drawer');
    };
    let drawer = await openDrawer();
    const allow = page.locator('input[data-testid="organization-allow-billing"]');
    await drawer.getByText(MESSAGES.billing.connectAccountMissing).waitFor();
    expect(await allow.isDisabled()).toBe(true);
    await drawer.getByText(MESSAGES.billing.connectAccountMissing).scrollIntoViewIfNeeded();
    await screenshot(page, 'trial-02-allow-billing-needs-stripe');

    const connected = await page.request.post(gatewayPath(CONNECT_API.createAccount, undefined, region), { data: { workspace: { uid, email: 'agency@example.com' } } });
    expect(connected.ok()).toBe(true);
    await page.reload();
    drawer = await openDrawer();
    await page.waitForFunction(() => !(document.querySelector('input[data-testid="organization-allow-billing"]') as HTMLInputElement | null)?.disabled);
    expect(await drawer.getByText(MESSAGES.billing.connectAccountMissing).count()).toBe(0);
    await drawer.getByText('Allow billing', { exact: true }).click();
    expect(await allow.isChecked()).toBe(true);
    await screenshot(page, 'trial-03-allow-billing-on');
    await drawer.getByTestId('organization-save').click();
    await page.getByText(CLIENTS_API_MESSAGES.organizationUpdated).first().waitFor();
    const list = await (await page.request.get(gatewayPath(CLIENTS_API.listOrganizations, { uid }, region))).json();
    expect(list.organizations[0].allowBilling).toBe(true);

  });
});

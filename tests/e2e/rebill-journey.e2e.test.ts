/**
 * The agency rebilling journey, in Chromium through the gateway of the running platform: an owner
 * with the whitelabel trial opens Agency > Auto Billing, connects a Stripe account (stripe-mock),
 * follows Connect / Manage Stripe Connect to Stripe's onboarding link and comes back, sees the red
 * payouts banner, refuses a bad extra USD per credit, saves the billing settings, and saves two
 * subscription plans whose prices are computed. Then a client of one of its organisations (signed
 * in by password) opens the client billing modal, adds a card on the agency's account, buys 2,500
 * credits, sets auto-recharge, and subscribes to Premium in Stripe Checkout: Stripe's events make it
 * the current plan (its button reads Current Plan, every plan button is disabled) and grant its credits.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { AGENCY_API, BILLING_API, BILLING_UI_MESSAGES, CLIENTS_API, CONNECT_API, MESSAGES, gatewayPath, type Region } from '@platform/contracts';
import { CLIENT_BILLING_PAGE, serveClientBillingPage } from './support/client-billing-page';
import { deliverStripeEvent, fillTestCard } from './support/stripe';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail, ownWorkspaceId } from './support/platform';

describe('agency rebilling journey', () => {
  let browser: Browser;
  let page: Page;
  let region: Region = 'eu';
  let uid = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } })).newPage();
  });
  let clientBrowser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    await clientBrowser?.close();
  });

  it('the Auto Billing tab is disabled without whitelabel, and open with the trial', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('rebill'));
    await passOnboarding(page);
    region = /\/app\/(eu|na)\//.exec(page.url())![1] as Region;
    uid = await ownWorkspaceId(page, region);

    await page.goto(`/app/${region}/agency`);
    await page.getByTestId('agency-settings').waitFor();
    expect(await page.getByRole('tab', { name: 'Auto Billing' }).isDisabled()).toBe(true);

    const trial = await page.request.post(gatewayPath(BILLING_API.activateWhitelabelTrial, undefined, region), { data: { userId: uid, region } });
    expect(trial.ok()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Auto Billing' }).click();
    await page.getByTestId('auto-billing').waitFor();
  });

  it('connects the Stripe account, goes to Stripe onboarding and back, and sees payouts disabled', async () => {
    const connect = page.getByTestId('connect-account');
    expect(await connect.textContent()).toBe('Connect Account');
    await connect.click();
    await page.getByText(MESSAGES.billing.accountConnected).waitFor();
    await page.getByTestId('connect-account').getByText('Connected').waitFor();
    expect(await page.getByTestId('connect-account').isDisabled()).toBe(true);
    const banner = page.getByTestId('payouts-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Payouts are disabled');
    await screenshot(page, 'rebill-01-connected');

    // Stripe's onboarding page is not reachable offline: the browser is shown a stand-in there.
    await page.route(/stripe\.(me|com)\//, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe onboarding (sandbox)</h1>' }));
    await page.getByTestId('manage-stripe').getByText('Connect / Manage Stripe Connect').click();
    await page.getByText('Stripe onboarding (sandbox)').waitFor();
    expect(page.url()).toMatch(/^https:\/\/.*stripe/);
    await page.goBack();
    await page.getByRole('tab', { name: 'Auto Billing' }).click();
    await page.getByTestId('connect-account').getByText('Connected').waitFor();
  });

  it('refuses a bad extra USD per credit, shows the prices and saves the billing settings', async () => {
    const extra = page.getByTestId('extra-usd');
    await page.getByTestId('open-plans').click();
    await page.getByText(MESSAGES.billing.plansNeedSettings).waitFor();
    await extra.fill('abc');
    await page.getByText('Please enter a valid number').waitFor();
    expect(await page.getByTestId('save-billing-settings').isDisabled()).toBe(true);
    await extra.fill('0.003');
    await page.getByTestId('per-credit-price').getByText('Final price per credit: $0.00400', { exact: false }).waitFor();
    expect(await page.getByTestId('credits-per-10').textContent()).toBe('Your clients get 2,500 credits for $10.');
    await page.getByText('A 5% billing fee is charged per transaction.').waitFor();
    await page.getByTestId('save-billing-settings').click();
    await page.getByText(MESSAGES.billing.billingSettingsSaved).waitFor();
  });

  it('saves the Basic and Premium plans with computed, read-only prices', async () => {
    await page.getByTestId('open-plans').click();
    const modal = page.getByTestId('agency-plans-modal');
    await modal.getByTestId('plan-name-0').waitFor();
    expect(await modal.getByTestId('plan-name-0').inputValue()).toBe('Basic Plan');
    expect(await modal.getByTestId('plan-price-0').inputValue()).toBe('20.00');
    expect(await modal.getByTestId('plan-name-1').inputValue()).toBe('Premium Plan');
    expect(await modal.getByTestId('plan-price-1').inputValue()).toBe('60.00');
    expect(await modal.getByTestId('plan-price-1').getAttribute('readonly')).not.toBeNull();
    await modal.getByText('Popular', { exact: true }).waitFor();
    // Premium has four features: a fifth fills it.
    const premium = modal.getByTestId('agency-plan-1');
    await premium.getByRole('button', { name: 'Add Feature' }).click();
    await premium.getByRole('button', { name: 'Maximum Features Reached (5)' }).waitFor();
    await premium.getByLabel('Feature 5').fill('Dedicated onboarding');
    await modal.getByTestId('plan-credits-0').fill('6000');
    expect(await modal.getByTestId('plan-price-0').inputValue()).toBe('24.00');
    await screenshot(page, 'rebill-02-plans');
    await modal.getByTestId('save-plans').click();
    await page.getByText(MESSAGES.billing.plansSaved).waitFor();
    await page.getByTestId('auto-billing-step-4').getByText('2 plans: Basic Plan ($24), Premium Plan ($60)').waitFor();

    const saved = await (await page.request.get(gatewayPath(CONNECT_API.getConnect, { workspaceId: uid }, region))).json();
    expect(saved.data.plans.map((p: { name: string; credits: number; price: number; priceId: string }) => [p.name, p.credits, p.price, p.priceId.startsWith('price_')])).toEqual([
      ['Basic Plan', 6000, 24, true],
      ['Premium Plan', 15000, 60, true],
    ]);
    await screenshot(page, 'rebill-03-saved');
  });

  it('a client buys 2,500 credits and sets auto-recharge in the client billing modal', async () => {
    const owner = page.request;
    const post = async (url: string, data: unknown) => {
      const answer = await owner.post(url, { data });
      if (!answer.ok()) throw new Error(`${url} ${answer.status()}: ${await answer.text()}`);
      return answer.json();
    };
    const { agency } = await post(gatewayPath(AGENCY_API.saveAgency, { uid }, region), { name: 'Rebillers' });
    const { organization } = await post(gatewayPath(CLIENTS_API.createOrganization, { uid }, region), { name: 'Northwind' });
    const orgId = organization.ID as string;
    const client = { email: uniqueEmail('rebillclient'), name: 'Ada Client', dashboardPassword: 'correct-horse-9' };
    await post(gatewayPath(CLIENTS_API.saveClient, { uid }, region), { ...client, orgId });
    // The root admin enables billing for the organisation (it has a connected account).
    await post(gatewayPath(CONNECT_API.setOrganizationBilling, { orgId }, region), { workspaceId: uid, allowBilling: true });

    // The test page is served by the browser itself, not from a loopback address, so Chromium's
    // local network checks would stop it loading Stripe.js from the sandbox (the shell, served by
    // the gateway, is not affected); this browser leaves them off.
    clientBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessRespectPreflightResults'],
    });
    const context = await clientBrowser.newContext({ baseURL: baseUrl, viewport: { width: 1300, height: 1400 } });
    const login = await context.request.post(gatewayPath(CLIENTS_API.clientLogin, undefined, region), { data: { email: client.email, password: client.dashboardPassword, agencyId: agency.ID } });
    expect(login.ok()).toBe(true);
    const me = await (await context.request.get(gatewayPath(CLIENTS_API.getClientSession, undefined, region))).json();
    await serveClientBillingPage(context, baseUrl, { region, orgId, allowBilling: true, workspaceId: uid, clientId: me.client.ID, email: client.email });
    const clientPage = await context.newPage();
    await clientPage.goto(CLIENT_BILLING_PAGE);
    const modal = clientPage.getByTestId('client-billing-modal');
    await modal.getByTestId('client-balance').waitFor();
    expect(await clientPage.evaluate(() => document.body.getAttribute('data-error'))).toBeNull();
    expect(await modal.getByTestId('client-balance').textContent()).toBe('0.0');
    // The agency's plans, none active.
    await modal.getByTestId('client-plans').getByText('Premium Plan').waitFor();
    expect(await modal.getByTestId('buy-credits').isDisabled()).toBe(true);

    await modal.getByTestId('edit-card').click();
    const card = modal.getByTestId('client-card-form');
    await fillTestCard(card);
    await card.getByTestId('client-card-save').click();
    await clientPage.getByText(MESSAGES.billing.clientPaymentMethodUpdated).waitFor();
    await modal.getByTestId('client-card').waitFor();
    expect(await modal.getByTestId('client-card').textContent()).toMatch(/4242 — 12\/34/);

    await modal.getByTestId('quick-pick-2500').click();
    expect(await modal.getByTestId('purchase-summary').textContent()).toBe('2,500 credits for $10.00');
    await modal.getByTestId('buy-credits').click();
    await clientPage.getByText(MESSAGES.billing.creditsPurchased).waitFor();
    await modal.getByTestId('client-balance').getByText('2,500.0').waitFor();
    await screenshot(clientPage, 'rebill-04-client-credits');

    await modal.getByTestId('auto-recharge-switch').check();
    await modal.getByTestId('save-auto-recharge').click();
    await clientPage.getByText(MESSAGES.billing.clientAutoRechargeSaved(5, 500)).waitFor();
    await screenshot(clientPage, 'rebill-05-client-auto-recharge');

    // Premium in Stripe Checkout (offline, a stand-in page); Stripe's events from the agency's
    // account then make it the organisation's plan and grant its credits.
    await clientPage.route(/checkout\.stripe\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout (sandbox)</h1>' }));
    await modal.getByTestId('client-plans').getByRole('button', { name: 'Subscribe' }).nth(1).click();
    await clientPage.getByText('Stripe Checkout (sandbox)').waitFor();
    const account = await (await context.request.get(gatewayPath(CONNECT_API.getAccountId, { agencyUserId: uid, region }, region))).json();
    const premium = account.plans.find((p: { name: string }) => p.name === 'Premium Plan');
    const tag = { orgId, region, priceId: premium.priceId, credits: String(premium.credits) };
    const subscriptionId = `sub_${orgId}`;
    await deliverStripeEvent('checkout.session.completed', { id: `cs_${orgId}`, object: 'checkout.session', mode: 'subscription', customer: 'cus_checkout', subscription: subscriptionId, metadata: tag }, account.accountId);
    await deliverStripeEvent('invoice.paid', { id: `in_${orgId}`, object: 'invoice', subscription: subscriptionId, subscription_details: { metadata: tag } }, account.accountId);
    // back from Checkout (its success URL is the page the client left)
    await clientPage.goto(CLIENT_BILLING_PAGE);
    await modal.getByTestId('client-balance').getByText('17,500.0').waitFor();
    const planButtons = modal.getByTestId('client-plans').getByRole('button', { name: /Subscribe|Current Plan/ });
    expect(await planButtons.allTextContents()).toEqual(['Subscribe', BILLING_UI_MESSAGES.currentPlan]);
    expect(await planButtons.evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).disabled))).toEqual([true, true]);
    await screenshot(clientPage, 'rebill-06-client-current-plan');
    await context.close();
  });
});

/**
 * The billing journey (issue 10), in Chromium through the gateway of the running platform, with
 * Stripe.js loaded from the stripe-js sandbox (in front of stripe-mock): a free workspace sees
 * its Free plan and the upgrade offer, its third agent is refused; the runtime's consumptions
 * show in the balance, the upgrade prompt and the charts; it subscribes to Pay as you go with a
 * discount code through the payment modal (a 3-D Secure challenge failed with card 4000 0027
 * 6000 3184, then passed with a new card 4000 0025 0000 3155), sees 'Subscription Created!',
 * the plan and the next billing date; adds a workspace seat; tops up 10 (below 5: 'Minimum
 * amount'); enables auto-recharge and watches it recharge; cancels with a reason (red banner)
 * and reactivates. An EU workspace sees euro prices and 'EU Tax'.
 *
 * The sandbox delivers Stripe's webhooks through the gateway (ADR 0025): the Pro plan's monthly
 * credits arrive through invoice.paid. The EU workspace is flagged useMultipleStripes: its card is
 * created by Stripe.js on the EU connected account, where billing keeps its customer.
 */
import type { Browser, Page } from 'playwright-core';
import { BILLING_API_MESSAGES, BILLING_UI_MESSAGES, MESSAGES, TOPICS, WHITELABEL, makeEvent, newAgentDraft } from '@platform/contracts';
import { signForwarded } from '@platform/kit';
import { gateway, testKafka, waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail, ownWorkspaceId } from './support/platform';
import { fillTestCard } from './support/stripe';

/** The Stripe API as the services reach it (the stripe-js sandbox): an operator creates a promotion code. */
async function createPromotionCode(code: string): Promise<void> {
  const stripeApi = process.env.STRIPE_API_BASE!;
  const post = async (path: string, body: Record<string, string>) => {
    const res = await fetch(`${stripeApi}${path}`, { method: 'POST', headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY ?? 'sk_test_123'}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const coupon = await post('/v1/coupons', { percent_off: '20', duration: 'once', name: 'Launch 20' });
  await post('/v1/promotion_codes', { 'promotion[type]': 'coupon', 'promotion[coupon]': coupon.id, code });
}

/** The stripe-js sandbox's webhook deliveries (GET /sandbox/webhooks). */
async function webhookDeliveries(): Promise<Array<{ type: string; objectId: string; status: string }>> {
  const sandbox = new URL(process.env.STRIPE_JS_URL!).origin;
  return ((await (await fetch(`${sandbox}/sandbox/webhooks`)).json()) as { deliveries: Array<{ type: string; objectId: string; status: string }> }).deliveries;
}

/** An operator sets a workspace's internal billing fields (gateway-only route of the billing service). */
async function setBillingAccount(region: string, uid: string, body: object): Promise<void> {
  const path = `/internal/accounts/${uid}`;
  const headers = signForwarded({ identity: gateway, region: region as 'eu' }, process.env.INTERNAL_SIGNING_SECRET!, { method: 'POST', path, body: JSON.stringify(body) });
  const res = await fetch(`${process.env.SERVICE_URL_BILLING}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

describe('billing journey', () => {
  let browser: Browser;
  let page: Page;
  let region = 'eu';
  let uid = '';
  let agentId = '';
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text())) problems.push(msg.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const createAgent = (title: string) => {
    const draft = newAgentDraft({ title, ownerID: uid });
    return page.request.post(`/api/${region}/agent/v2/agents/${draft.ID}`, { data: draft });
  };
  const balance = async () => (await (await page.request.get(`/api/${region}/billing/credits/${uid}`)).json()).data.balance as number;
  async function consume(amount: number) {
    const producer = testKafka().producer();
    await producer.connect();
    const event = makeEvent('credits.consumed', {
      region: region as 'eu',
      workspaceId: uid,
      data: { amount, ts: Date.now(), direction: 'decrease', causedBy: 'agent', agentId, featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 120, outputTokens: 80 },
    });
    await producer.send({ topic: TOPICS.creditConsumption.name, messages: [{ key: uid, value: JSON.stringify(event) }] });
    await producer.disconnect();
  }
  const dialog = (title: string) => page.getByRole('dialog', { name: title });

  it('shows a free workspace its plan and the upgrade offer, without auto-recharge, and refuses its third agent', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('billing'));
    await passOnboarding(page);
    region = /\/app\/(eu|na)\//.exec(page.url())![1]!;
    uid = await ownWorkspaceId(page, region);

    await page.goto(`/app/${region}/account/billing`);
    await page.getByTestId('billing-page').waitFor();
    expect(await page.getByTestId('plan-name').textContent()).toBe('Free');
    await page.getByTestId('current-plan').getByRole('button', { name: 'Upgrade Plan' }).waitFor();
    expect(await page.getByTestId('auto-recharge').getByRole('switch').isDisabled()).toBe(true);
    await page.getByText('You are on the free plan. You cannot enable auto-recharge.').waitFor();
    expect(await page.getByTestId('pricing-widget').textContent()).toContain('Free plan');
    await screenshot(page, 'billing-free');

    const first = await createAgent('One');
    expect(first.status()).toBe(200);
    agentId = ((await first.json()) as { agent: { ID: string } }).agent.ID;
    expect((await createAgent('Two')).status()).toBe(200);
    const third = await createAgent('Three');
    expect(third.status()).toBe(402);
    expect(await third.json()).toMatchObject({ success: false, message: BILLING_API_MESSAGES.agentLimitReached(2), upgrade: { planId: 'pay_as_you_go' } });
  });

  it("applies the runtime's consumptions to the balance: below 500 credits the upgrade prompt shows, and the usage charts show them", async () => {
    // The opening balance arrives through Kafka (workspace.created, then billing's consumer): after a
    // broker restart by an earlier test the consumer may still be rejoining its group.
    const opening = await waitFor(async () => {
      const current = await balance();
      return current > 300 ? current : undefined;
    }, 90_000, 200);
    // Three consumptions that bring the balance to exactly 300 (the last takes the rounding's remainder).
    const total = opening - 300;
    const amounts = [Math.round(total * 0.5), Math.round(total * 0.3)];
    amounts.push(total - amounts[0]! - amounts[1]!);
    const consumptions = amounts.map((amount) =>
      makeEvent('credits.consumed', {
        region: region as 'eu',
        workspaceId: uid,
        data: { amount, ts: Date.now(), direction: 'decrease', causedBy: 'agent', agentId, featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 120, outputTokens: 80 },
      }),
    );
    const producer = testKafka().producer();
    await producer.connect();
    // The first one twice: a redelivery is applied once.
    await producer.send({ topic: TOPICS.creditConsumption.name, messages: [...consumptions, consumptions[0]!].map((e) => ({ key: uid, value: JSON.stringify(e) })) });
    await producer.disconnect();
    // (right after the services start, billing's consumer may still be joining its group)
    await waitFor(async () => (await balance()) === 300, 90_000, 200);

    await page.goto(`/app/${region}/agents`);
    await page.getByTestId('upgrade-prompt').waitFor();
    await page.goto(`/app/${region}/account/billing`);
    await page.getByTestId('usage-report').waitFor();
    expect(await page.getByTestId('credits-consumed').textContent()).toBe((opening - 300).toFixed(1));
    await page.getByTestId('llm-tokens-usage').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('usage-report').scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-usage');
  });

  it('checks the discount code, then subscribes through the payment modal: 3-D Secure failed, then passed with a new card', async () => {
    const code = `LAUNCH${Date.now().toString(36).toUpperCase()}`;
    await createPromotionCode(code);
    await page.getByTestId('billing-page').scrollIntoViewIfNeeded();
    await page.getByTestId('current-plan').getByRole('button', { name: 'Upgrade Plan' }).click();
    await page.getByTestId('plan-pay_as_you_go').getByText('$20').waitFor();
    await screenshot(page, 'billing-plans');
    await page.getByTestId('plan-pay_as_you_go').getByRole('button', { name: 'Upgrade' }).click();

    const confirm = dialog('Confirm Subscription');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await confirm.getByText(MESSAGES.billing.discountCodeRequired).waitFor();
    await confirm.getByLabel('Discount code').fill('NOT-A-CODE');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await confirm.getByText(MESSAGES.billing.discountCodeInvalid).waitFor();
    await confirm.getByLabel('Discount code').fill(code);
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await confirm.getByTestId('discount-applied').getByText('20% off').waitFor();
    await confirm.getByRole('button', { name: 'Continue to payment' }).click();

    const payment = dialog('Payment for Pro');
    await payment.getByTestId('payment-form').waitFor();
    const email = payment.getByLabel('Email');
    expect(await email.isDisabled()).toBe(true);
    await payment.getByText(BILLING_UI_MESSAGES.invoiceEmailNote).waitFor();
    await payment.getByText('Apple').click();
    await payment.getByText(BILLING_UI_MESSAGES.applePayNotImplemented).waitFor();
    await payment.getByText('Card', { exact: true }).click();

    await payment.getByLabel('Name on card').fill('Ada Owner');
    await fillTestCard(payment, '4000 0027 6000 3184');
    await payment.getByRole('button', { name: 'Subscribe' }).click();
    await payment.getByText(MESSAGES.billing.addressIncomplete).waitFor();
    await payment.getByLabel('Address line 1').fill('1 Main St');
    await payment.getByLabel('City').fill('Austin');
    await payment.getByLabel('Postal code').fill('78701');
    await payment.getByRole('textbox', { name: 'Country' }).fill('United States');
    await page.getByRole('option', { name: 'United States (US)' }).click();
    await payment.getByTestId('payment-total').getByText('$20.00').waitFor();
    await screenshot(page, 'billing-payment-form');
    await payment.getByRole('button', { name: 'Subscribe' }).click();

    // The bank's challenge (Stripe.js), failed: the error screen.
    const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
    await challenge.waitFor();
    await screenshot(page, 'billing-3ds-challenge');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await payment.getByText(BILLING_UI_MESSAGES.subscriptionErrorTitle).waitFor();
    await payment.getByText(BILLING_UI_MESSAGES.subscriptionErrorText).waitFor();
    await screenshot(page, 'billing-subscription-error');

    // Again with a new card, 3-D Secure passed.
    await payment.getByRole('button', { name: 'Try again' }).click();
    await payment.getByText(/visa •••• 3184/).waitFor();
    await payment.getByText(BILLING_UI_MESSAGES.useNewCard).click();
    await fillTestCard(payment, '4000 0025 0000 3155');
    await payment.getByRole('button', { name: 'Subscribe' }).click();
    await challenge.waitFor();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await payment.getByText(BILLING_UI_MESSAGES.subscriptionCreated).waitFor();
    await payment.getByText(/Next billing:/).waitFor();
    await screenshot(page, 'billing-subscription-created');
    await payment.getByRole('button', { name: 'Done' }).click();

    await page.getByTestId('plan-name').getByText('Pro').waitFor();
    await page.getByTestId('plan-status').getByText('active').waitFor();
    await page.getByTestId('next-billing').waitFor();
    await page.getByTestId('pricing-widget').getByText('Pro plan').waitFor();
    await page.getByTestId('whitelabel-offers').getByRole('button', { name: WHITELABEL.addonOffer }).waitFor();
    expect((await createAgent('Three')).status()).toBe(200);

    // Nobody posts to billing about the payment: the sandbox's signed invoice.paid brings the Pro plan's 5,000 credits.
    await waitFor(async () => (await balance()) === 300 + 5_000, 30_000, 200);
    const subscriptionId = ((await (await page.request.post(`/api/${region}/billing/stripe/get-user-data`, { data: { userId: uid, region } })).json()) as { data: { subscriptions: Array<{ id: string }> } }).data.subscriptions[0]!.id;
    const deliveries = await webhookDeliveries();
    expect(deliveries.filter((d) => d.objectId === subscriptionId).map((d) => [d.type, d.status])).toEqual(expect.arrayContaining([['customer.subscription.created', 'delivered'], ['customer.subscription.updated', 'delivered']]));
    expect(deliveries.some((d) => d.type === 'invoice.paid' && d.status === 'delivered')).toBe(true);
    await page.reload();
    await page.getByTestId('usd-balance').getByText('$5.3000').waitFor();
    await screenshot(page, 'billing-pro');
  });

  it('adds a workspace seat add-on, which raises the seats', async () => {
    await page.getByTestId('current-plan').getByRole('button', { name: 'Add-ons' }).click();
    const addons = dialog('Add-ons');
    await addons.getByTestId('addon-workspace-seat').waitFor();
    await addons.getByRole('button', { name: 'Review changes' }).click();
    await page.getByText(BILLING_UI_MESSAGES.noChanges).first().waitFor();
    await addons.getByLabel('Workspace seat quantity').fill('1');
    await addons.getByRole('button', { name: 'Review changes' }).click();
    const review = dialog('Confirm Addon Changes');
    await review.getByText('Workspace seat: 0 → 1').waitFor();
    await screenshot(page, 'billing-addon-confirm');
    await review.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(BILLING_API_MESSAGES.addonsUpdated).first().waitFor();
    const status = await page.request.post(`/api/${region}/billing/stripe/check-addon-status`, { data: { userId: uid, region, addonKeys: ['workspace-seat'] } });
    expect(await status.json()).toMatchObject({ hasSubscription: true, addons: [{ addonKey: 'workspace-seat', hasAddon: true, quantity: 1 }] });
  });

  it('refuses a top-up below 5, then tops up 10', async () => {
    const before = await balance();
    await page.getByRole('button', { name: 'Top up' }).click();
    const topUp = dialog('Add to credit balance');
    const amount = topUp.getByLabel('Amount (USD)');
    await amount.fill('4');
    await topUp.getByText('Minimum amount').waitFor();
    expect(await topUp.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await screenshot(page, 'billing-top-up-minimum');
    await amount.fill('10');
    await topUp.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(BILLING_API_MESSAGES.toppedUp).first().waitFor();
    // $10 at the base $0.001 per credit.
    expect(await balance()).toBe(before + 10_000);
  });

  it('enables auto-recharge and watches it recharge once consumptions cross the threshold', async () => {
    await page.getByTestId('auto-recharge').getByText('Recharge automatically').click();
    await page.getByRole('textbox', { name: 'Monthly charge limit' }).waitFor();
    await page.getByTestId('auto-recharge').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Autocharge settings saved!').first().waitFor();

    // Down to 400, below the 500 threshold: the saved card is charged the $5 recharge once.
    await consume((await balance()) - 400);
    await waitFor(async () => (await balance()) === 400 + 5_000, 30_000, 200);
    await page.reload();
    await page.getByTestId('usd-balance').getByText('$5.4000').waitFor();
    await screenshot(page, 'billing-recharged');
  });

  it('cancels with a reason (red banner) and reactivates', async () => {
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    const confirm = dialog('Cancel Subscription').getByRole('button', { name: 'Cancel subscription' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Tell us more').fill('Only needed it for a launch');
    await confirm.click();
    await page.getByTestId('cancelling-banner').waitFor();
    expect(await page.getByTestId('next-billing').count()).toBe(0);
    await screenshot(page, 'billing-cancelling');
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await dialog('Reactivate Subscription').getByRole('button', { name: 'Reactivate Subscription' }).click();
    await page.getByTestId('cancelling-banner').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows an EU workspace euro prices and EU Tax', async () => {
    const eu = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
    await eu.goto('/signup');
    await signInWithCode(eu, uniqueEmail('billing-eu'));
    await passOnboarding(eu);
    const euRegion = /\/app\/(eu|na)\//.exec(eu.url())![1]!;
    const euSession = (await (await eu.request.get('/api/workspace/v2/auth/session')).json()) as { workspaces: Array<{ uid: string; region: string; isOwn?: boolean }> };
    const euUid = euSession.workspaces.find((w) => w.isOwn && w.region === euRegion)!.uid;
    // An operator flags it useMultipleStripes in Germany: it pays on the EU connected account.
    await setBillingAccount(euRegion, euUid, { useMultipleStripes: true, countryCode: 'DE' });
    await eu.goto(`/app/${euRegion}/account/billing`);
    await eu.getByTestId('current-plan').getByRole('button', { name: 'Payment Method' }).click();
    const method = eu.getByRole('dialog', { name: 'Payment Method' });
    await method.getByText(BILLING_UI_MESSAGES.paymentMethodText).waitFor();
    await fillTestCard(method);
    await method.getByLabel('Address line 1').fill('Hauptstrasse 1');
    await method.getByLabel('City').fill('Berlin');
    await method.getByLabel('Postal code').fill('10115');
    await method.getByRole('textbox', { name: 'Country' }).fill('Germany');
    await eu.getByRole('option', { name: 'Germany (DE)' }).click();
    await method.getByRole('button', { name: 'Save payment method' }).click();
    await eu.getByText(BILLING_API_MESSAGES.paymentInformationUpdated).first().waitFor();
    // Stripe.js made the card on the EU account (Stripe-Account), where billing keeps the customer and finds the card.
    const userData = (await (await eu.request.post(`/api/${euRegion}/billing/stripe/get-user-data`, { data: { userId: euUid, region: euRegion } })).json()) as { data: { stripeAccountId?: string; paymentMethod: { card: { last4: string } } | null } };
    expect(userData.data).toMatchObject({ stripeAccountId: process.env.STRIPE_ACCOUNT_EU, paymentMethod: { card: { last4: '4242' } } });
    await eu.getByTestId('plan-currency').getByText('Prices in EUR · EU Tax (DE 27%)').waitFor();
    await eu.getByTestId('current-plan').getByRole('button', { name: 'Upgrade Plan' }).click();
    await eu.getByTestId('plan-pay_as_you_go-price').getByText('€22').waitFor();
    await eu.getByTestId('plans-tax').getByText('EU Tax').waitFor();
    await screenshot(eu, 'billing-eu-prices');
    await eu.keyboard.press('Escape');

    // The whitelabel offers of a free workspace: Pay as you go with the add-on, or the 14-day trial.
    const offers = eu.getByTestId('whitelabel-offers');
    await offers.getByRole('button', { name: WHITELABEL.upgradeOffer }).waitFor();
    await offers.getByRole('button', { name: WHITELABEL.trialOffer }).click();
    await eu.getByRole('dialog', { name: 'Whitelabel trial' }).getByText(BILLING_API_MESSAGES.whitelabelTrialStarted).waitFor();
    await eu.getByRole('dialog', { name: 'Whitelabel trial' }).getByRole('button', { name: 'Done' }).click();
    await offers.waitFor({ state: 'detached' });
  });
});

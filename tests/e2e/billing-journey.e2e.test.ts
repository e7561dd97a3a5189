/**
 * The billing journey, in Chromium through the gateway of the running platform: a free
 * workspace sees its Free plan and cannot enable auto-recharge; its third agent is refused with
 * the upgrade offer; once subscribed to Pay as you go (card and subscription through the billing
 * API against stripe-mock: the payment modal with Stripe.js is not built yet) the page shows the
 * plan, its status and next billing date, the third agent is allowed, a top-up below 5 shows
 * 'Minimum amount', auto-recharge saves, and cancelling with a reason shows the red banner
 * until Reactivate.
 */
import type { Browser, Page } from 'playwright-core';
import { BILLING_API_MESSAGES, TOPICS, makeEvent, newAgentDraft } from '@platform/contracts';
import { testKafka, waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, passOnboarding, screenshot, signInWithCode, uniqueEmail } from './support/platform';

describe('billing journey', () => {
  let browser: Browser;
  let page: Page;
  let region = 'eu';
  let uid = '';
  let agentId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const createAgent = (title: string) => {
    const draft = newAgentDraft({ title, ownerID: uid });
    return page.request.post(`/api/${region}/agent/v2/agents/${draft.ID}`, { data: draft });
  };
  const billing = (path: string, data: object) => page.request.post(`/api/${region}/billing${path}`, { data: { userId: uid, region, ...data } });

  it('shows a free workspace its plan, without auto-recharge, and refuses its third agent with the upgrade offer', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('billing'));
    await passOnboarding(page);
    region = /\/app\/(eu|na)\//.exec(page.url())![1]!;
    const session = (await (await page.request.get('/api/workspace/v2/auth/session')).json()) as { workspaces: Array<{ uid: string; region: string; isOwn?: boolean }> };
    uid = session.workspaces.find((w) => w.isOwn && w.region === region)!.uid;

    await page.goto(`/app/${region}/account/billing`);
    await page.getByTestId('billing-page').waitFor();
    expect(await page.getByTestId('plan-name').textContent()).toBe('Free');
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

  it('applies the runtime\'s consumptions to the balance: below 500 credits the upgrade prompt shows, and the usage charts show them', async () => {
    const opening = (await (await page.request.get(`/api/${region}/billing/credits/${uid}`)).json()).data.balance as number;
    const consumptions = [0.5, 0.3, 0.2].map((share) =>
      makeEvent('credits.consumed', {
        region: region as 'eu',
        workspaceId: uid,
        data: { amount: Math.round((opening - 300) * share), ts: Date.now(), direction: 'decrease', causedBy: 'agent', agentId, featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 120, outputTokens: 80 },
      }),
    );
    const producer = testKafka().producer();
    await producer.connect();
    // The first one twice: a redelivery is applied once.
    await producer.send({ topic: TOPICS.creditConsumption.name, messages: [...consumptions, consumptions[0]!].map((e) => ({ key: uid, value: JSON.stringify(e) })) });
    await producer.disconnect();
    await waitFor(async () => (await (await page.request.get(`/api/${region}/billing/credits/${uid}`)).json()).data.balance === 300, 30_000, 200);

    await page.goto(`/app/${region}/agents`);
    await page.getByTestId('upgrade-prompt').waitFor();
    await page.goto(`/app/${region}/account/billing`);
    await page.getByTestId('usage-report').waitFor();
    expect(await page.getByTestId('credits-consumed').textContent()).toBe((opening - 300).toFixed(1));
    await page.getByTestId('llm-tokens-usage').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('usage-report').scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-usage');
  });

  it('after subscribing shows Pro with its status and next billing date, and allows the third agent', async () => {
    const address = { line1: '1 Main St', city: 'Austin', postal_code: '78701', country: 'US', state: 'TX' };
    expect((await billing('/stripe/upsert-payment-method', { paymentMethodId: 'pm_card_visa', email: 'owner@example.com', address })).status()).toBe(200);
    expect((await billing('/stripe/create-subscription', { planId: 'pay_as_you_go' })).status()).toBe(200);

    await page.reload();
    await page.getByTestId('billing-page').waitFor();
    await page.getByTestId('plan-name').getByText('Pro').waitFor();
    await page.getByTestId('current-plan').getByText('active').waitFor();
    await page.getByTestId('current-plan').getByText('Next Billing').waitFor();
    await page.getByTestId('pricing-widget').getByText('Pro plan').waitFor();
    expect((await createAgent('Three')).status()).toBe(200);
    await screenshot(page, 'billing-pro');
  });

  it('refuses a top-up below 5, and shows the charge outcome', async () => {
    await page.getByRole('button', { name: 'Top up' }).click();
    const amount = page.getByLabel('Amount (USD)');
    await amount.fill('4');
    await page.getByText('Minimum amount').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await screenshot(page, 'billing-top-up-minimum');
    await amount.fill('10');
    await page.getByRole('button', { name: 'Confirm' }).click();
    // stripe-mock answers every new PaymentIntent with requires_payment_method.
    await page.getByText('Payment failed with status: requires_payment_method').first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('saves auto-recharge, cancels with a reason (red banner) and reactivates', async () => {
    await page.getByTestId('auto-recharge').getByText('Recharge automatically').click();
    await page.getByRole('textbox', { name: 'Monthly charge limit' }).waitFor();
    await page.getByTestId('auto-recharge').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Autocharge settings saved!').first().waitFor();

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Tell us more').fill('Only needed it for a launch');
    await confirm.click();
    await page.getByTestId('cancelling-banner').waitFor();
    await screenshot(page, 'billing-cancelling');
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByTestId('cancelling-banner').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
  });
});

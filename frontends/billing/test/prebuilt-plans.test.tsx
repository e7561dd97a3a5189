import { act } from 'react';
import { BILLING_UI_MESSAGES, type BillingOverview, type PreBuiltPlan } from '@platform/contracts';
import { UiProvider, queryClient } from '@platform/ui';
import { PreBuiltPlans, awaitingCheckout, checkoutNotice, planLimitLines } from '../src/PreBuiltPlans';
import { mountedTrees } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
const { mount } = mountedTrees();

const plans: PreBuiltPlan[] = [
  { key: 'agency-starter', name: 'Agency Starter', features: ['Email support'], limits: { maxMonthlyCredits: 25000, maxAgents: 10 }, metadata: { mostPopular: false }, stripePrices: [{ priceId: 'price_s_m', billingCycle: 'monthly', usdAmount: 39, currency: 'usd' }, { priceId: 'price_s_y', billingCycle: 'yearly', usdAmount: 390, currency: 'usd' }] },
  { key: 'agency-pro', name: 'Agency Pro', features: [], limits: { maxAgents: 'infinity' }, metadata: { mostPopular: true }, stripePrices: [{ priceId: 'price_p_m', billingCycle: 'monthly', usdAmount: 129, currency: 'usd' }] },
];
const overview = (prebuiltPlan?: BillingOverview['prebuiltPlan']) => ({ plan: prebuiltPlan ? 'enterprise' : 'free', cancels: false, balance: 0, usdBalance: 0, currency: 'USD', taxDescription: 'No tax', autoRecharge: { enabled: false, threshold: 500, amount: 5, monthlyChargeLimit: 100 }, ...(prebuiltPlan ? { prebuiltPlan } : {}) }) as BillingOverview;

/** Billing's answers: the plans, and a Checkout session for each create call (recorded). */
function billing() {
  const created: unknown[] = [];
  globalThis.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const body = String(path).includes('create-agency-subscription-session') ? (created.push(JSON.parse(String(init?.body))), { success: true, sessionUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' }) : { success: true, plans };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return created;
}
async function render(current?: BillingOverview['prebuiltPlan']) {
  queryClient.clear();
  const visited: string[] = [];
  const host = await mount(<UiProvider notifications={false}><PreBuiltPlans overview={overview(current)} region="eu" workspaceId="WSAAAAAAAAAAAAAA" goTo={(url) => visited.push(url)} /></UiProvider>);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  return { host, visited };
}
const cards = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[data-testid="prebuilt-plan"]')];
const prices = (host: HTMLElement) => cards(host).map((card) => card.querySelector('[data-testid="prebuilt-plan-price"]')!.textContent);

describe('Agency plans on the billing page (ADR 0045)', () => {
  it('lists the pre-built plans with their monthly prices, limits and features; yearly shows the yearly prices', async () => {
    billing();
    const { host } = await render();
    expect(host.textContent).toContain(BILLING_UI_MESSAGES.prebuiltPlansTitle);
    expect(prices(host)).toEqual(['$39 / month', '$129 / month']);
    expect(cards(host)[0]!.textContent).toContain('25,000 credits a month');
    expect(cards(host)[1]!.textContent).toContain('Unlimited agents');
    expect(cards(host)[1]!.textContent).toContain('Most popular');
    await act(async () => [...host.querySelectorAll<HTMLLabelElement>('[data-testid="prebuilt-cycle"] label')].find((label) => label.textContent === 'Yearly')!.click());
    expect(prices(host)).toEqual(['$390 / year', 'Not offered']);
  });

  it("Subscribe asks billing for a Checkout session of the plan and cycle, and goes to its URL", async () => {
    const created = billing();
    const { host, visited } = await render();
    await act(async () => cards(host)[1]!.querySelector<HTMLButtonElement>('[data-testid="prebuilt-subscribe"]')!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(created).toEqual([{ userId: 'WSAAAAAAAAAAAAAA', region: 'eu', planKey: 'agency-pro', billingCycle: 'monthly' }]);
    expect(visited).toEqual(['https://checkout.stripe.com/c/pay/cs_test_1']);
  });

  it('back from Checkout, shows the cycle just bought', async () => {
    billing();
    window.history.replaceState(null, '', '/app/eu/account/billing?checkout=success&plan=agency-starter&cycle=yearly');
    try {
      const { host } = await render();
      expect(prices(host)).toEqual(['$390 / year', 'Not offered']);
      expect(host.querySelector('[data-testid="prebuilt-checkout-notice"]')?.textContent).toBe(BILLING_UI_MESSAGES.prebuiltCheckoutDone);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("the workspace's own plan and cycle reads Current Plan", async () => {
    billing();
    const { host } = await render({ key: 'agency-starter', name: 'Agency Starter', billingCycle: 'monthly' });
    const buttons = cards(host).map((card) => card.querySelector('button')!);
    expect(buttons.map((button) => [button.textContent, button.disabled])).toEqual([[BILLING_UI_MESSAGES.currentPlan, true], ['Subscribe', false]]);
  });

  it("says what Checkout's return means until the plan bought shows, and lists limits in words", () => {
    const back = '?checkout=success&plan=agency-pro&cycle=monthly';
    expect(checkoutNotice(back)?.text).toBe(BILLING_UI_MESSAGES.prebuiltCheckoutDone);
    expect(awaitingCheckout(back, overview())).toBe(true);
    // Another plan (or the same in another cycle) is not the one bought: still waiting.
    expect(awaitingCheckout(back, overview({ key: 'agency-starter', name: 'Agency Starter', billingCycle: 'monthly' }))).toBe(true);
    expect(awaitingCheckout(back, overview({ key: 'agency-pro', name: 'Agency Pro', billingCycle: 'yearly' }))).toBe(true);
    const bought = overview({ key: 'agency-pro', name: 'Agency Pro', billingCycle: 'monthly' });
    expect(awaitingCheckout(back, bought)).toBe(false);
    expect(checkoutNotice(back, bought)).toBeUndefined();
    expect(awaitingCheckout('?checkout=cancel', overview())).toBe(false);
    // An older return URL without the plan waits for any plan.
    expect(awaitingCheckout('?checkout=success', overview())).toBe(true);
    expect(awaitingCheckout('?checkout=success', bought)).toBe(false);
    expect(checkoutNotice('?checkout=cancel')?.text).toBe(BILLING_UI_MESSAGES.prebuiltCheckoutCancelled);
    expect(checkoutNotice('')).toBeUndefined();
    expect(planLimitLines({ limits: { maxMonthlyCredits: 100000, workspaceSeats: 5, clientSeats: 50 } })).toEqual(['100,000 credits a month', '5 workspace seats', '50 client seats']);
  });
});

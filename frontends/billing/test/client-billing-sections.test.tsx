import { act } from 'react';
import { BILLING_UI_MESSAGES, MESSAGES, type AgencySubscriptionPlan } from '@platform/contracts';
import { UiProvider, notify } from '@platform/ui';
import { ClientBillingModal } from '../src/client/ClientBillingModal';
import { AutoRechargeSection, InvoicesSection, PlansSection, type ClientContext } from '../src/client/sections';
import { mountedTrees } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
const { mount } = mountedTrees();

const render = (node: React.ReactNode) => mount(<UiProvider notifications={false}>{node}</UiProvider>);
/** The billing service's answers: one status and body for every call. */
const answer = (status: number, body: object) => {
  globalThis.fetch = jest.fn(async () => ({ ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) })) as unknown as typeof fetch;
};

const plans: AgencySubscriptionPlan[] = [
  { name: 'Basic Plan', credits: 5000, price: 20, features: ['Custom Channels'], priceId: 'price_basic' },
  { name: 'Premium Plan', credits: 15000, price: 60, features: ['Priority Support'], priceId: 'price_premium', isPopular: true },
];
const context = (org: Partial<ClientContext['org']> = {}): ClientContext => ({
  region: 'eu',
  orgId: 'ORGAAAAAAAAAAAAA',
  workspaceId: 'WSAAAAAAAAAAAAAA',
  clientId: 'CLAAAAAAAAAAAAAA',
  accountId: 'acct_1',
  usdPerCredit: 0.004,
  org: { orgId: 'ORGAAAAAAAAAAAAA', allowBilling: true, loadTokens: 0, automaticBilling: false, stripeCustomerId: 'cus_1', ...org },
  hasCard: true,
  reload: async () => undefined,
});
const buttons = (host: HTMLElement) => [...host.querySelectorAll<HTMLButtonElement>('[data-testid="client-plans"] button')];

describe('the client billing modal (billing §2, §4, §5, §8)', () => {
  it('without a subscription every plan offers Subscribe', async () => {
    const host = await render(<PlansSection ctx={context()} plans={plans} />);
    expect(buttons(host).map((b) => [b.textContent, b.disabled])).toEqual([
      ['Subscribe', false],
      ['Subscribe', false],
    ]);
  });

  it("an active subscription disables the plan buttons and its plan reads 'Current Plan'", async () => {
    const host = await render(<PlansSection ctx={context({ subscription: { id: 'sub_1', status: 'active', priceId: 'price_premium' } })} plans={plans} />);
    const [basic, premium] = buttons(host);
    expect([basic!.textContent, basic!.disabled]).toEqual(['Subscribe', true]);
    expect([premium!.textContent, premium!.disabled]).toEqual([BILLING_UI_MESSAGES.currentPlan, true]);
    expect(host.textContent).toContain('Cancel subscription');
  });

  it("a failed auto-recharge save restores the previous values and says 'Failed to update auto-recharge settings.'", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    answer(500, { success: false, message: 'boom' });
    const host = await render(<AutoRechargeSection ctx={context({ automaticBilling: true, threshold: 1200, autochargeAmount: 25 })} />);
    const toggle = host.querySelector<HTMLInputElement>('[data-testid="auto-recharge-switch"]')!;
    expect(toggle.checked).toBe(true);
    expect(host.textContent).toContain('When credits drop below 1,200');
    await act(async () => toggle.click());
    expect(toggle.checked).toBe(false);
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid="save-auto-recharge"]')!.click());
    expect(error).toHaveBeenCalledWith(MESSAGES.billing.clientAutoRechargeFailed);
    expect(toggle.checked).toBe(true);
    expect(host.textContent).toContain('When credits drop below 1,200');
    expect(host.textContent).toContain('Charge $25');
  });

  it('auto-recharge needs a payment method: without a card the switch and Save are disabled', async () => {
    const host = await render(<AutoRechargeSection ctx={{ ...context(), hasCard: false }} />);
    expect(host.querySelector<HTMLInputElement>('[data-testid="auto-recharge-switch"]')!.disabled).toBe(true);
    expect(host.querySelector<HTMLButtonElement>('[data-testid="save-auto-recharge"]')!.disabled).toBe(true);
  });

  it('lists the 4 most recent invoices with their number, id, date and link', async () => {
    const invoices = Array.from({ length: 6 }, (_v, i) => ({ id: `in_${i}`, number: `N-${i}`, created: 1_700_000_000 + i, hosted_invoice_url: `https://invoice.stripe.com/i/${i}` }));
    const host = await render(<InvoicesSection invoices={invoices} />);
    const rows = [...host.querySelectorAll('[data-testid="client-invoices"] tr')];
    expect(rows).toHaveLength(4);
    expect(rows[0]!.textContent).toContain('N-0');
    expect(rows[0]!.textContent).toContain('in_0');
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('https://invoice.stripe.com/i/0');
  });
});

describe('the client billing modal and its host', () => {
  it("tells the host the new balance after a purchase (the dashboard's top bar follows at once)", async () => {
    let credits = 100;
    globalThis.fetch = jest.fn(async (url: string) => {
      const path = String(url);
      if (path.includes('/pre-paid')) credits += 2500;
      const body = path.includes('/organization/')
        ? { success: true, data: { orgId: 'ORGAAAAAAAAAAAAA', allowBilling: true, loadTokens: credits, automaticBilling: false, stripeCustomerId: 'cus_1' } }
        : path.includes('/get-account-id/')
          ? { success: true, accountId: 'acct_1', allowPlans: false, usdPerCredit: 0.004, plans: [] }
          : path.includes('/get-payment-methods/')
            ? { success: true, paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } } }
            : path.includes('/get-invoices/')
              ? { success: true, invoices: { data: [] } }
              : { success: true, message: MESSAGES.billing.creditsPurchased };
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const changed = jest.fn();
    await render(<ClientBillingModal region="eu" orgId="ORGAAAAAAAAAAAAA" allowBilling workspaceId="WSAAAAAAAAAAAAAA" clientId="CLAAAAAAAAAAAAAA" opened onClose={() => undefined} onBalanceChanged={changed} />);
    const modal = () => document.querySelector<HTMLElement>('[data-testid="client-billing-modal"]') ?? document.body;
    await act(async () => new Promise((done) => setTimeout(done, 50)));
    expect(modal().querySelector('[data-testid="client-balance"]')!.textContent).toBe('100.0');
    expect(changed).not.toHaveBeenCalled();
    await act(async () => modal().querySelector<HTMLButtonElement>('[data-testid="quick-pick-2500"]')!.click());
    await act(async () => modal().querySelector<HTMLButtonElement>('[data-testid="buy-credits"]')!.click());
    await act(async () => new Promise((done) => setTimeout(done, 50)));
    expect(modal().querySelector('[data-testid="client-balance"]')!.textContent).toBe('2,600.0');
    expect(changed).toHaveBeenCalledWith(2600);
  });
});

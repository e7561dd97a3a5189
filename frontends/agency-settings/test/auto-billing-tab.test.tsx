import { act } from 'react';
import { MESSAGES, type StripeConnect } from '@platform/contracts';
import { UiProvider, notify } from '@platform/ui';
import { AutoBillingTab } from '../src/agency/auto-billing/AutoBillingTab';
import { mountedTrees } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
const { mount } = mountedTrees();

/** The billing service's connect state, as GET /stripe/connect/status answers it. */
async function renderWith(connect: StripeConnect) {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, statusText: '', text: async () => JSON.stringify({ success: true, data: connect }) })) as unknown as typeof fetch;
  const host = await mount(<UiProvider notifications={false}><AutoBillingTab region="eu" uid="WSAAAAAAAAAAAAAA" /></UiProvider>);
  await act(async () => new Promise((done) => setTimeout(done, 20)));
  return host;
}
const el = <T extends HTMLElement>(host: HTMLElement, testId: string) => host.querySelector<T>(`[data-testid="${testId}"]`);

describe('the Auto Billing tab (billing §2, §4, §8, §9)', () => {
  it('before connecting: Connect Account, no banner, step 2 and the settings save disabled; plans ask for steps 1 and 2 for 4 s', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const host = await renderWith({});
    expect([el<HTMLButtonElement>(host, 'connect-account')!.textContent, el<HTMLButtonElement>(host, 'connect-account')!.disabled]).toEqual(['Connect Account', false]);
    expect(el(host, 'payouts-banner')).toBeNull();
    expect(el<HTMLButtonElement>(host, 'manage-stripe')!.disabled).toBe(true);
    expect(el<HTMLButtonElement>(host, 'save-billing-settings')!.disabled).toBe(true);
    expect(el<HTMLInputElement>(host, 'extra-usd')!.value).toBe('0.003');
    expect(el(host, 'credits-per-10')!.textContent).toBe('Your clients get 2,500 credits for $10.');
    await act(async () => el<HTMLButtonElement>(host, 'open-plans')!.click());
    expect(error).toHaveBeenCalledWith(MESSAGES.billing.plansNeedSettings, 4000);
  });

  it('connected, payouts off: Connected (disabled), Connect / Manage Stripe Connect, a red banner', async () => {
    const host = await renderWith({ accountId: 'acct_1', isConnected: true, payouts_enabled: false });
    expect([el<HTMLButtonElement>(host, 'connect-account')!.textContent, el<HTMLButtonElement>(host, 'connect-account')!.disabled]).toEqual(['Connected', true]);
    expect(el<HTMLButtonElement>(host, 'manage-stripe')!.textContent).toBe('Connect / Manage Stripe Connect');
    const banner = el(host, 'payouts-banner')!;
    expect(banner.textContent).toContain('Payouts are disabled');
    expect(banner.getAttribute('style') ?? '').toContain('red');
  });

  it('payouts on: a green banner; the saved extra USD per credit is shown', async () => {
    const host = await renderWith({ accountId: 'acct_1', isConnected: true, payouts_enabled: true, USDPerToken: 0.009 });
    const banner = el(host, 'payouts-banner')!;
    expect(banner.textContent).toBe('Payouts are enabled.');
    expect(banner.getAttribute('style') ?? '').toContain('green');
    expect(el<HTMLInputElement>(host, 'extra-usd')!.value).toBe('0.009');
    expect(el(host, 'credits-per-10')!.textContent).toBe('Your clients get 1,000 credits for $10.');
  });
});

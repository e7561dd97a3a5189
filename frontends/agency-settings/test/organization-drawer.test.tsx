import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MESSAGES, type OrganizationView } from '@platform/contracts';
import { UiProvider } from '@platform/ui';
import { OrganizationDrawer } from '../src/clients/OrganizationDrawer';
import type { ClientsModel } from '../src/clients/clients-api';
import { stubBrowserApis } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
beforeAll(() => stubBrowserApis());

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

const org: OrganizationView = { ID: 'ORGAAAAAAAAAAAAA', name: 'Northwind' } as OrganizationView;

/** The drawer with the Clients screen's model: billingConnected as billing answered, saves recorded. */
async function drawer(billingConnected: boolean | undefined, allowBilling = false) {
  const saved: unknown[] = [];
  const model = { billingConnected, saveOrganization: { mutate: (form: unknown) => saved.push(form), isPending: false } } as unknown as ClientsModel;
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root!.render(<UiProvider notifications={false}><OrganizationDrawer org={{ ...org, allowBilling }} agents={[]} choices={[]} model={model} onClose={() => undefined} /></UiProvider>));
  const input = document.querySelector<HTMLInputElement>('input[data-testid="organization-allow-billing"]')!;
  return { input, saved, text: document.body.textContent ?? '' };
}

describe("the organisation drawer's Allow billing", () => {
  it('is disabled, with the hint to connect Stripe, while the agency has no connected account', async () => {
    const { input, text } = await drawer(false);
    expect(input.disabled).toBe(true);
    expect(text).toContain(MESSAGES.billing.connectAccountMissing);
  });

  it('can still be turned off without a connected account', async () => {
    const { input } = await drawer(false, true);
    expect([input.disabled, input.checked]).toEqual([false, true]);
  });

  it('is enabled with a connected account, and the save sends it', async () => {
    const { input, saved, text } = await drawer(true);
    expect(input.disabled).toBe(false);
    expect(text).not.toContain(MESSAGES.billing.connectAccountMissing);
    await act(async () => input.click());
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="organization-save"]')!.click());
    expect(saved).toEqual([expect.objectContaining({ allowBilling: true })]);
  });
});

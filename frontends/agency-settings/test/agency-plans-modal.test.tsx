import { act } from 'react';
import { MESSAGES } from '@platform/contracts';
import { UiProvider, notify } from '@platform/ui';
import { AgencyPlansModal } from '../src/agency/auto-billing/AgencyPlansModal';
import { mountedTrees } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
const { mount } = mountedTrees();

async function openModal() {
  await mount(
    <UiProvider notifications={false}>
      <AgencyPlansModal region="eu" workspaceId="WSAAAAAAAAAAAAA" accountId="acct_1" extraUsd={0.003} saved={undefined} onClose={() => undefined} onSaved={() => undefined} />
    </UiProvider>,
  );
}
const modal = () => document.querySelector<HTMLElement>('[data-testid="agency-plans-modal"]') ?? document.body;
const button = (testId: string) => modal().querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)!;
const input = (testId: string) => modal().querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)!;

describe('the agency plans modal (billing §5, §8, §9)', () => {
  it('opens with Basic 5000 and Premium 15000 (popular), their features, and read-only prices of credits × the final per-credit price', async () => {
    await openModal();
    const credits = (testId: string) => Number(input(testId).value.replace(/\D/g, ''));
    expect([input('plan-name-0').value, credits('plan-credits-0'), input('plan-price-0').value]).toEqual(['Basic Plan', 5000, '20.00']);
    expect([input('plan-name-1').value, credits('plan-credits-1')]).toEqual(['Premium Plan', 15000]);
    expect(input('plan-price-1').value).toBe('60.00');
    expect(input('plan-price-1').readOnly).toBe(true);
    expect(modal().querySelectorAll('[aria-label^="Feature "]')).toHaveLength(3 + 4);
    expect(modal().textContent).toContain('Popular');
  });

  it("at 5 features the button reads 'Maximum Features Reached (5)' and a click answers 'Maximum of 5 features allowed'", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    await openModal();
    await act(async () => button('add-feature-1').click());
    expect(button('add-feature-1').textContent).toBe(MESSAGES.billing.maxFeaturesButton);
    expect(modal().querySelector('[data-testid="agency-plan-1"]')!.querySelectorAll('[aria-label^="Feature "]')).toHaveLength(5);
    await act(async () => button('add-feature-1').click());
    expect(error).toHaveBeenCalledWith(MESSAGES.billing.planFeaturesMax);
    expect(modal().querySelector('[data-testid="agency-plan-1"]')!.querySelectorAll('[aria-label^="Feature "]')).toHaveLength(5);
  });

  it('keeps the last feature (its remove button is disabled) and refuses a feature without text before saving', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    await openModal();
    const basic = () => modal().querySelector('[data-testid="agency-plan-0"]')!;
    for (let i = 0; i < 2; i += 1) await act(async () => basic().querySelector<HTMLButtonElement>('[aria-label="Remove feature"]')!.click());
    const removes = basic().querySelectorAll<HTMLButtonElement>('[aria-label="Remove feature"]');
    expect(removes).toHaveLength(1);
    expect(removes[0]!.disabled).toBe(true);
    await act(async () => button('add-feature-0').click());
    await act(async () => button('save-plans').click());
    expect(error).toHaveBeenCalledWith(MESSAGES.billing.planFeatureNeedsText);
  });
});

import { AGENCY_BILLING, agencyUsdPerCredit, creditsForUsd } from '@platform/contracts';
import { agencyFeeMinor, clientCreditPrice, needsNewPrice, planFeaturesProblem, pricedPlans } from '../src/domain/agency-plans';
import { organizationAccountId, sameTransfer, transferSides, validTransferAmount } from '../src/domain/credit-transfer';

describe('credit transfer rules', () => {
  it('takes from the workspace towards the organisation and back, each side under its own key', () => {
    expect(transferSides({ _id: 't1', workspaceId: 'w1', orgId: 'o1', direction: 'workspaceToOrg' })).toEqual({
      from: 'w1',
      to: 'org:o1',
      debitKey: 'transfer:t1:debit',
      creditKey: 'transfer:t1:credit',
      notEnough: 'Not enough credits in workspace.',
    });
    expect(transferSides({ _id: 't2', workspaceId: 'w1', orgId: 'o1', direction: 'orgToWorkspace' })).toMatchObject({ from: 'org:o1', to: 'w1', notEnough: 'Not enough credits in org.' });
    expect(organizationAccountId('o9')).toBe('org:o9');
  });

  it('accepts only positive finite amounts', () => {
    expect([1, 0.5, 1000].every(validTransferAmount)).toBe(true);
    expect([0, -1, Infinity, NaN, '5', null].some(validTransferAmount)).toBe(false);
  });

  it('recognises a retry of the same transfer and refuses another request under its id', () => {
    const t = { workspaceId: 'w', orgId: 'o', amount: 5, direction: 'workspaceToOrg' as const };
    expect(sameTransfer(t, { ...t })).toBe(true);
    expect(sameTransfer(t, { ...t, amount: 6 })).toBe(false);
    expect(sameTransfer(t, { ...t, direction: 'orgToWorkspace' })).toBe(false);
  });
});

describe('agency plans and prices', () => {
  it("computes the spec's per-credit price, credits per $10, plan prices and the 5 % fee", () => {
    expect(agencyUsdPerCredit()).toBeCloseTo(0.004);
    expect(creditsForUsd(10)).toBe(2500);
    expect(clientCreditPrice(2500, AGENCY_BILLING.defaultExtraUsdPerCredit)).toBe(10);
    expect(clientCreditPrice(1000, 0)).toBe(1);
    expect(pricedPlans([{ name: 'Basic Plan', credits: 5000, features: [' Custom Channels '], price: 999 }], 0.003)).toEqual([{ name: 'Basic Plan', credits: 5000, features: ['Custom Channels'], price: 20 }]);
    expect(agencyFeeMinor(1000)).toBe(50);
  });

  it('needs 1 to 5 features, each with text', () => {
    expect(planFeaturesProblem({ features: [] })).toBe('Each plan must have at least one feature');
    expect(planFeaturesProblem({ features: ['a', ''] })).toBe('Each plan must have at least one feature with text');
    expect(planFeaturesProblem({ features: ['1', '2', '3', '4', '5', '6'] })).toBe('Maximum of 5 features allowed');
    expect(planFeaturesProblem({ features: ['1', '2', '3', '4', '5'] })).toBeNull();
  });

  it('creates a new Stripe price only when the price changed', () => {
    const saved = { name: 'P', credits: 10, features: ['a'], price: 5, priceId: 'price_1' };
    expect(needsNewPrice(saved, { ...saved })).toBe(false);
    expect(needsNewPrice(saved, { ...saved, price: 6 })).toBe(true);
    expect(needsNewPrice(undefined, { ...saved, priceId: undefined })).toBe(true);
  });
});

import { MESSAGES } from '@platform/contracts';
import { initialPlans, parseExtraUsd, planPrice, plansProblem, priceSummary } from '../src/agency/auto-billing/auto-billing';
import { transferFailure, transferProblem } from '../src/clients/credit-transfer/transfer';

describe('Auto Billing tab logic', () => {
  it('reads the extra USD per credit as a number of at least 0, else refuses it', () => {
    expect(parseExtraUsd('0.003')).toBe(0.003);
    expect(parseExtraUsd(' .01 ')).toBe(0.01);
    expect(parseExtraUsd('0')).toBe(0);
    for (const bad of ['', 'abc', '-1', '1e-3', '0.0.1', '1.5']) expect(parseExtraUsd(bad)).toBeNull();
  });

  it('shows the final per-credit price, the credits $10 buys and the 5 % fee', () => {
    expect(priceSummary(0.003)).toEqual({ perCredit: 0.004, creditsPerExample: 2500, feePercent: 5 });
    expect(priceSummary(0.009).creditsPerExample).toBe(1000);
  });

  it('opens with Basic (5000) and Premium (15000, popular) and computes their prices', () => {
    const plans = initialPlans(undefined);
    expect(plans.map((p) => [p.name, p.credits, p.isPopular])).toEqual([
      ['Basic Plan', 5000, false],
      ['Premium Plan', 15000, true],
    ]);
    expect(plans[1]!.features).toEqual(['Custom Channels', 'Real-Time Analytics', 'Voice Channels', 'Priority Support']);
    expect(planPrice(5000, 0.003)).toBe(20);
    expect(planPrice(15000, 0.003)).toBe(60);
  });

  it("refuses plans with the spec's feature messages", () => {
    const plan = { name: 'P', credits: 10, features: ['a'] };
    expect(plansProblem([plan])).toBeNull();
    expect(plansProblem([{ ...plan, features: [] }])).toBe(MESSAGES.billing.planNeedsFeature);
    expect(plansProblem([{ ...plan, features: ['a', '  '] }])).toBe(MESSAGES.billing.planFeatureNeedsText);
    expect(plansProblem([{ ...plan, features: ['1', '2', '3', '4', '5', '6'] }])).toBe(MESSAGES.billing.planFeaturesMax);
  });
});

describe('credit transfer dialog logic', () => {
  const balances = { workspaceBalance: 100, orgBalance: 40 };
  it("checks the amount and the source's balance with the spec's messages", () => {
    expect(transferProblem(null, 'workspaceToOrg', balances)).toBe('Please enter a valid amount to transfer.');
    expect(transferProblem(0, 'workspaceToOrg', balances)).toBe('Please enter a valid amount to transfer.');
    expect(transferProblem(101, 'workspaceToOrg', balances)).toBe('Not enough credits in workspace.');
    expect(transferProblem(41, 'orgToWorkspace', balances)).toBe('Not enough credits in org.');
    expect(transferProblem(40, 'orgToWorkspace', balances)).toBeNull();
  });
  it('words failures as the spec does', () => {
    expect(transferFailure(404, 'x')).toBe('Workspace not found. Please refresh and try again.');
    expect(transferFailure(400, 'Not enough credits in org.')).toBe('Not enough credits in org.');
    expect(transferFailure(500, 'boom')).toBe('Failed to transfer credits. Please try again.');
  });
});

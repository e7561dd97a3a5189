import { creditsForUsd, orgRechargeDue } from '../src/domain/org-auto-recharge';

describe('organisation auto-recharge rules (ADR 0026)', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const on = { allowBilling: true, automaticBilling: true, stripeCustomerId: 'cus_1', defaultPaymentMethod: 'pm_1', threshold: 500, autochargeAmount: 10 };

  it('is due below the threshold with billing, auto-recharge and a saved card; defaults 500 credits and $5', () => {
    expect(orgRechargeDue(on, 499, now)).toBe(10);
    expect(orgRechargeDue(on, 500, now)).toBe(0);
    expect(orgRechargeDue({ ...on, threshold: undefined, autochargeAmount: undefined }, 499, now)).toBe(5);
    expect(orgRechargeDue({ ...on, allowBilling: false }, 0, now)).toBe(0);
    expect(orgRechargeDue({ ...on, automaticBilling: false }, 0, now)).toBe(0);
    expect(orgRechargeDue({ ...on, defaultPaymentMethod: undefined }, 0, now)).toBe(0);
  });

  it('does not charge a declined card again within a day, but a new card at once', () => {
    const failure = { at: new Date(now.getTime() - 60_000), paymentMethod: 'pm_1', message: 'Your card was declined.' };
    expect(orgRechargeDue({ ...on, rechargeFailure: failure }, 0, now)).toBe(0);
    expect(orgRechargeDue({ ...on, rechargeFailure: { ...failure, at: new Date(now.getTime() - 25 * 3600_000) } }, 0, now)).toBe(10);
    expect(orgRechargeDue({ ...on, rechargeFailure: failure, defaultPaymentMethod: 'pm_2' }, 0, now)).toBe(10);
  });

  it("buys credits at the agency's final per-credit price", () => {
    expect(creditsForUsd(10, 0.003)).toBe(2500);
    expect(creditsForUsd(5, undefined)).toBe(1250);
  });
});

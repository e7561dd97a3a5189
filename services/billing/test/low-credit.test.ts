import { HIGHEST_LOW_CREDIT_THRESHOLD, lowCreditThreshold, lowCreditTransition } from '../src/domain/low-credit';

describe('credits running low (ADR 0026)', () => {
  it("takes the account's auto-recharge threshold, else that threshold's default", () => {
    expect(lowCreditThreshold({ isOrganization: true, autoRechargeThreshold: 300 })).toBe(300);
    expect(lowCreditThreshold({ isOrganization: true })).toBe(500);
    expect(lowCreditThreshold({ isOrganization: false, autoRechargeThreshold: 1500 })).toBe(1500);
    expect(lowCreditThreshold({ isOrganization: false })).toBe(500);
    expect(HIGHEST_LOW_CREDIT_THRESHOLD).toBe(5000);
  });

  it('crosses once below the threshold, stays marked while below, and recovers at or above it', () => {
    const mark = { at: new Date(0), threshold: 500 };
    expect(lowCreditTransition(499, 500, undefined)).toBe('cross');
    expect(lowCreditTransition(500, 500, undefined)).toBeNull();
    expect(lowCreditTransition(-20, 500, mark)).toBeNull();
    expect(lowCreditTransition(500, 500, mark)).toBe('recover');
  });
});

import { AMOUNT_RANGE, CREDIT_RANGE, THRESHOLD_RANGE, balanceText, expiry, purchasePrice, quickPickLabel } from '../src/client/client-billing';

describe('client billing modal logic', () => {
  it('shows the balance to 1 decimal', () => {
    expect(balanceText(2500)).toBe('2,500.0');
    expect(balanceText(12.345)).toBe('12.3');
  });
  it('offers 1,000 to 50,000 credits by 500 with the quick picks 1K 2.5K 5K 10K, priced credits × usdPerCredit', () => {
    expect([CREDIT_RANGE.min, CREDIT_RANGE.max, CREDIT_RANGE.step]).toEqual([1000, 50000, 500]);
    expect(CREDIT_RANGE.quickPicks.map(quickPickLabel)).toEqual(['1K', '2.5K', '5K', '10K']);
    expect(purchasePrice(2500, 0.004)).toBe(10);
  });
  it('ranges auto-recharge over 100 to 5,000 credits by 100 and $5 to $100 by 5', () => {
    expect([THRESHOLD_RANGE.min, THRESHOLD_RANGE.max, THRESHOLD_RANGE.step, THRESHOLD_RANGE.default]).toEqual([100, 5000, 100, 500]);
    expect([AMOUNT_RANGE.min, AMOUNT_RANGE.max, AMOUNT_RANGE.step, AMOUNT_RANGE.default]).toEqual([5, 100, 5, 5]);
  });
  it('shows a card expiry as MM/YY', () => {
    expect(expiry(4, 2031)).toBe('04/31');
  });
});

import { discountedAmount } from '../src/usecases/payments';
import { creditsForAmount, planCharge } from '../src/domain/pricing';

describe('plan prices with currency and tax by country', () => {
  it('charges Pay as you go in euro with 27 % EU tax in an EU country', () => {
    expect(planCharge('pay_as_you_go', 'de')).toMatchObject({ billing: { currency: 'EUR', taxRate: 0.27, taxDescription: 'EU Tax (DE 27%)' }, net: 22, tax: 5.94, total: 27.94 });
  });
  it('charges in pounds with 35 % UK tax for GB and UK', () => {
    expect(planCharge('pay_as_you_go', 'GB')).toMatchObject({ billing: { currency: 'GBP', taxDescription: 'UK Tax (35%)' }, net: 20, tax: 7, total: 27 });
    expect(planCharge('pay_as_you_go', 'UK').billing.currency).toBe('GBP');
  });
  it('charges dollars without tax elsewhere and when the country is unknown', () => {
    expect(planCharge('pay_as_you_go', 'US')).toMatchObject({ billing: { currency: 'USD', taxRate: 0, taxDescription: 'No tax' }, net: 20, tax: 0, total: 20 });
    expect(planCharge('pay_as_you_go', undefined).total).toBe(20);
    expect(planCharge('free', 'FR').total).toBe(0);
  });
  it('buys credits at the base per-credit cost after converting to dollars', () => {
    expect(creditsForAmount(10, 1)).toBe(10_000);
    expect(creditsForAmount(10, 0.88)).toBe(11_364);
    expect(creditsForAmount(5, 0.75)).toBe(6_667);
  });
});

describe('a discount code on the first payment', () => {
  it('takes a percentage or an amount (minor units) off the total, never below zero', () => {
    expect(discountedAmount(27.94, { percent_off: 20, amount_off: null })).toBe(22.35);
    expect(discountedAmount(20, { percent_off: null, amount_off: 500 })).toBe(15);
    expect(discountedAmount(20, { percent_off: null, amount_off: 5000 })).toBe(0);
    expect(discountedAmount(20, null)).toBe(20);
  });
});

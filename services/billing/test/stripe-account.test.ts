import { EU_COUNTRY_CODES } from '@platform/contracts';
import { connectedAccountFor, paymentRegionOf, workspaceStripeAccount } from '../src/domain/stripe-account';

const accounts = { US: 'acct_us', GB: 'acct_gb', NZ: 'acct_nz', EU: 'acct_eu', AU: 'acct_au' };

describe('the connected Stripe account of a useMultipleStripes workspace', () => {
  it('puts a country in its payment region: GB/UK, NZ, AU, the 27 EU members, else US', () => {
    expect(paymentRegionOf('gb')).toBe('GB');
    expect(paymentRegionOf('UK')).toBe('GB');
    expect(paymentRegionOf('NZ')).toBe('NZ');
    expect(paymentRegionOf('AU')).toBe('AU');
    for (const code of EU_COUNTRY_CODES) expect(paymentRegionOf(code)).toBe('EU');
    expect(paymentRegionOf('US')).toBe('US');
    expect(paymentRegionOf('CA')).toBe('US');
    expect(paymentRegionOf(undefined)).toBe('US');
  });

  it("picks the region's account for flagged workspaces only", () => {
    expect(connectedAccountFor({ useMultipleStripes: true, countryCode: 'DE' }, accounts)).toBe('acct_eu');
    expect(connectedAccountFor({ useMultipleStripes: true, countryCode: 'GB' }, accounts)).toBe('acct_gb');
    expect(connectedAccountFor({ useMultipleStripes: true, countryCode: 'NZ' }, accounts)).toBe('acct_nz');
    expect(connectedAccountFor({ useMultipleStripes: true }, accounts)).toBe('acct_us');
    expect(connectedAccountFor({ useMultipleStripes: false, countryCode: 'DE' }, accounts)).toBeUndefined();
    expect(connectedAccountFor({ countryCode: 'GB' }, accounts)).toBeUndefined();
  });

  it('excludes AU, even with an account configured for it', () => {
    expect(connectedAccountFor({ useMultipleStripes: true, countryCode: 'AU' }, accounts)).toBeUndefined();
  });

  it('uses the platform account for a region without a configured account', () => {
    expect(connectedAccountFor({ useMultipleStripes: true, countryCode: 'NZ' }, { US: 'acct_us' })).toBeUndefined();
  });

  it('keeps a customer on the account it was created on', () => {
    expect(workspaceStripeAccount({ useMultipleStripes: true, countryCode: 'FR' }, accounts)).toBe('acct_eu');
    expect(workspaceStripeAccount({ stripeCustomerId: 'cus_1', stripeAccountId: 'acct_gb', useMultipleStripes: true, countryCode: 'FR' }, accounts)).toBe('acct_gb');
    expect(workspaceStripeAccount({ stripeCustomerId: 'cus_1', useMultipleStripes: true, countryCode: 'FR' }, accounts)).toBeUndefined();
  });
});

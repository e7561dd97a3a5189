import {
  brandingInfoSchema,
  clientLoginTokenRequestSchema,
  countryBillingInfo,
  countryBillingInfoSchema,
  genericResponseSchema,
  invoiceSummarySchema,
  metaTokenRequestSchema,
  newUserEventRequestSchema,
  paymentOrderSchema,
  tabDefinitionSchema,
  tokenToUserRequestSchema,
  v2StripeConfigSchema,
} from '@platform/contracts';
import { errorOf, tooLong } from './helpers';

describe('smaller shapes', () => {
  it('generic response {message, success, data}', () => {
    expect(errorOf(genericResponseSchema, { message: 'ok', success: true, data: { id: 1 } })).toBeUndefined();
    expect(errorOf(genericResponseSchema, { success: 'yes' })).toMatch(/success/);
    expect(errorOf(genericResponseSchema, { data: 'x' })).toMatch(/data/);
  });

  it('tab definitions for the navigation search', () => {
    expect(errorOf(tabDefinitionSchema, { label: 'Voice Library', href: '/voice?tab=voiceLibrary', desc: 'Pick a voice', index: 2 })).toBeUndefined();
    expect(errorOf(tabDefinitionSchema, { href: '/voice' })).toMatch(/label/);
  });

  it('branding info has at most 11 colours', () => {
    expect(errorOf(brandingInfoSchema, { colors: ['#fff', '000000'], favicon: 'https://acme.io/favicon.ico' })).toBeUndefined();
    expect(errorOf(brandingInfoSchema, { colors: Array(12).fill('#fff') })).toMatch(/colors/);
  });

  it('billing odds and ends', () => {
    expect(errorOf(countryBillingInfoSchema, countryBillingInfo('IT'))).toBeUndefined();
    expect(errorOf(countryBillingInfoSchema, countryBillingInfo('US'))).toBeUndefined();
    expect(errorOf(countryBillingInfoSchema, { ...countryBillingInfo('US'), currency: 'JPY' })).toMatch(/currency/);
    expect(errorOf(invoiceSummarySchema, { id: 'in_1', number: 'A-0001', created: 1, hosted_invoice_url: 'https://pay.example.com/i/1' })).toBeUndefined();
    expect(errorOf(invoiceSummarySchema, { number: 'A-0001' })).toMatch(/id/);
    expect(errorOf(paymentOrderSchema, { tokensToCharge: 5000, usdToPay: 5, fulfilled: false, referral: '' })).toBeUndefined();
    expect(errorOf(paymentOrderSchema, { usdToPay: -1 })).toMatch(/usdToPay/);
    expect(errorOf(v2StripeConfigSchema, { subscriptionId: 'sub_1', status: 'canceled', limits: { maxAgents: 5 } })).toBeUndefined();
    expect(errorOf(v2StripeConfigSchema, { status: 'cancelled' })).toMatch(/status/);
  });

  it('token procedures need a token of sane length', () => {
    for (const schema of [tokenToUserRequestSchema, metaTokenRequestSchema, clientLoginTokenRequestSchema]) {
      expect(errorOf(schema, { token: 'abc' })).toBeUndefined();
      expect(errorOf(schema, {})).toMatch(/token.*required/);
      expect(errorOf(schema, { token: tooLong(4096) })).toMatch(/token/);
    }
    expect(errorOf(newUserEventRequestSchema, { userData: { uid: 'u' }, ps_xid: 'x', tolt_referral: 'r' })).toBeUndefined();
    expect(errorOf(newUserEventRequestSchema, { ps_xid: 'x' })).toMatch(/userData/);
  });
});

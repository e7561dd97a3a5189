import { EU_COUNTRY_CODES, PLANS, priceWithTax, type CountryBillingInfo, type PlanKey } from '@platform/contracts';

/** An amount in the workspace's currency: €22.00, £20.00, $20.00. */
export const formatMoney = (amount: number, billing: Pick<CountryBillingInfo, 'currency' | 'currencySymbol'>) =>
  `${billing.currencySymbol || '$'}${amount.toFixed(2)}`;

/** A plan's monthly price in the country's currency, with its tax. */
export const planTotal = (plan: PlanKey, billing: CountryBillingInfo) => priceWithTax(PLANS[plan].prices[billing.currency].amount, billing);

const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
/** Billing countries: the EU's 27, the UK and the other payment regions first, then more. */
const CODES = [...EU_COUNTRY_CODES, 'GB', 'US', 'CA', 'AU', 'NZ', 'CH', 'NO', 'IS', 'IN', 'SG', 'JP', 'BR', 'MX', 'ZA', 'AE', 'IL'];
export const COUNTRY_OPTIONS = CODES.map((code) => ({ value: code, label: `${names?.of(code) ?? code} (${code})` })).sort((a, b) => a.label.localeCompare(b.label));

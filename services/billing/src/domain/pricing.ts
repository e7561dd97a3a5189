import { BASE_USD_PER_CREDIT, PLANS, countryBillingInfo, priceWithTax, type AddonKey, type CountryBillingInfo, type PlanKey } from '@platform/contracts';

/** Smallest currency unit (cents, pence). */
export const toMinorUnits = (amount: number) => Math.round(amount * 100);

/** A plan's monthly price in the country's currency, and the tax on it. */
export function planCharge(plan: PlanKey, countryCode: string | undefined): { billing: CountryBillingInfo; net: number; tax: number; total: number } {
  const billing = countryBillingInfo(countryCode);
  return { billing, ...priceWithTax(PLANS[plan].prices[billing.currency].amount, billing) };
}

/** Credits bought with an amount of the workspace's currency: converted to USD, then at the base per-credit cost. */
export const creditsForAmount = (amount: number, exchangeRate: number): number => Math.round(amount / exchangeRate / BASE_USD_PER_CREDIT);


/** The Stripe price of a plan in a currency, by naming convention (lookup keys in the Stripe account). */
export const planPriceId = (plan: PlanKey, currency: string) => `price_${plan}_${currency.toLowerCase()}`;
export const addonPriceId = (addon: AddonKey, currency: string) => `price_addon_${addon.replace(/-/g, '_')}_${currency.toLowerCase()}`;

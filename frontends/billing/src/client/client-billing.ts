import { CLIENT_AUTO_RECHARGE, CLIENT_CREDIT_PURCHASE } from '@platform/contracts';

/** The credits balance as the modal shows it: one decimal. */
export const balanceText = (credits: number) => credits.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A quick pick's label: 1K, 2.5K, 5K, 10K. */
export const quickPickLabel = (credits: number) => `${credits / 1000}K`;

/** The price of a purchase: credits × the agency's usdPerCredit, in cents. */
export const purchasePrice = (credits: number, usdPerCredit: number) => Math.round(credits * usdPerCredit * 100) / 100;

export const CREDIT_RANGE = CLIENT_CREDIT_PURCHASE;
export const THRESHOLD_RANGE = CLIENT_AUTO_RECHARGE.threshold;
export const AMOUNT_RANGE = CLIENT_AUTO_RECHARGE.amount;

/** A card's expiry as the spec shows it: MM/YY. */
export const expiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

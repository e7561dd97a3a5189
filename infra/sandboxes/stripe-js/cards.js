'use strict';
/*
 * Stripe's test cards (https://docs.stripe.com/testing) and what each does, shared by the
 * server (payments) and, as the same rules, by the card element in stripe.js (validation).
 */

/** number -> behaviour. threeDSecure: 'always' (every payment, off-session ones are refused), 'on_session' (one-time payments; a set-up card pays off-session). */
const TEST_CARDS = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '2223003122003222': { brand: 'mastercard', funding: 'credit' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '6011111111111117': { brand: 'discover', funding: 'credit' },
  '4000002760003184': { brand: 'visa', funding: 'credit', threeDSecure: 'always' },
  '4000000000003220': { brand: 'visa', funding: 'credit', threeDSecure: 'always' },
  '4000002500003155': { brand: 'visa', funding: 'credit', threeDSecure: 'on_session' },
  '4000000000000002': { brand: 'visa', funding: 'credit', decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': { brand: 'visa', funding: 'credit', decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000069': { brand: 'visa', funding: 'credit', decline: { code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { brand: 'visa', funding: 'credit', decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
};

const LIVE_CARD_IN_TEST_MODE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** Luhn checksum. */
function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const brandOf = (digits) =>
  /^3[47]/.test(digits) ? 'amex' : /^(5[1-5]|2[2-7])/.test(digits) ? 'mastercard' : /^6(011|5)/.test(digits) ? 'discover' : /^4/.test(digits) ? 'visa' : 'unknown';

/**
 * The card's details as Stripe checks them when a PaymentMethod is created: a Stripe error
 * ({type: 'card_error', code, param, message}) or null.
 */
function cardError({ number, exp_month, exp_year, cvc }, now = new Date()) {
  const digits = String(number ?? '').replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { type: 'card_error', code: 'incorrect_number', param: 'card[number]', message: 'Your card number is incorrect.' };
  const month = Number(exp_month);
  let year = Number(exp_year);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) return { type: 'card_error', code: 'invalid_expiry_month', param: 'card[exp_month]', message: "Your card's expiration month is invalid." };
  if (!Number.isInteger(year) || year < now.getFullYear() || year > now.getFullYear() + 50)
    return { type: 'card_error', code: 'invalid_expiry_year', param: 'card[exp_year]', message: "Your card's expiration year is invalid." };
  if (year === now.getFullYear() && month < now.getMonth() + 1) return { type: 'card_error', code: 'invalid_expiry_month', param: 'card[exp_month]', message: "Your card's expiration month is invalid." };
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (cvc !== undefined && cvc !== '' && !new RegExp(`^\\d{${cvcLength}}$`).test(String(cvc)))
    return { type: 'card_error', code: 'invalid_cvc', param: 'card[cvc]', message: "Your card's security code is invalid." };
  if (!TEST_CARDS[digits]) return { type: 'card_error', code: 'card_declined', decline_code: 'live_mode_test_card', message: LIVE_CARD_IN_TEST_MODE };
  return null;
}

module.exports = { TEST_CARDS, luhn, brandOf, cardError };

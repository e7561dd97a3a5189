import Stripe from 'stripe';
import {
  BILLING_API_MESSAGES,
  MESSAGES,
  PLANS,
  countryBillingInfo,
  type CancelSubscriptionRequest,
  type CheckDiscountCodeResponse,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type Discount,
  type PaymentMethod,
  type Region,
  type SubscriptionData,
  type TopUpRequest,
  type UpsertPaymentMethodRequest,
} from '@platform/contracts';
import { HttpError, badRequest, notFound } from '@platform/kit';
import { onAccount, paymentIntentIdOf } from '../clients/stripe';
import { workspaceStripeAccount, type RegionalStripeAccounts } from '../domain/stripe-account';
import { addonPriceId, creditsForAmount, planCharge, planPriceId, toMinorUnits } from '../domain/pricing';
import type { BillingAccount, BillingAccountStore } from '../store/billing-accounts';
import type { Ledger } from './ledger';

export interface PaymentDeps {
  stripe: Stripe;
  billingAccounts: BillingAccountStore;
  ledger: Ledger;
  /** the connected accounts of useMultipleStripes workspaces, by payment region */
  regionalAccounts?: RegionalStripeAccounts;
  now: () => Date;
}

const paymentRequired = (message: string) => new HttpError(402, message);
/** The period end: on the subscription (API 2025-02) or on its items (later versions, stripe-mock). */
const periodEnd = (subscription: Stripe.Subscription): number | undefined =>
  (subscription as { current_period_end?: number }).current_period_end ?? (subscription.items.data[0] as { current_period_end?: number } | undefined)?.current_period_end;
/** The grant key of a paid PaymentIntent: the top-up answer and the webhook share it, so it is credited once. */
export const paymentGrantKey = (paymentIntentId: string) => `payment:${paymentIntentId}`;

/** A declined card (StripeCardError: declined, needs authentication) answers 402 with Stripe's message. */
async function refusedCardAs402<T>(charge: () => Promise<T>): Promise<T> {
  try {
    return await charge();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw paymentRequired(err.message);
    throw err;
  }
}

/** A total after a coupon (percent or amount off, in minor units), in the currency's units. */
export function discountedAmount(total: number, coupon: Pick<Stripe.Coupon, 'percent_off' | 'amount_off'> | null): number {
  if (!coupon) return total;
  const off = coupon.percent_off ? (total * coupon.percent_off) / 100 : (coupon.amount_off ?? 0) / 100;
  return Math.max(0, Math.round((total - off) * 100) / 100);
}

/** Plans, payment methods, subscriptions and top-ups of a workspace, against Stripe (billing §7). */
export class PaymentUseCases {
  constructor(private readonly deps: PaymentDeps) {}

  async userData(region: Region, uid: string): Promise<SubscriptionData> {
    const account = await this.deps.billingAccounts.find(region, uid);
    const currency = countryBillingInfo(account.countryCode).currency.toLowerCase();
    const stripeAccount = this.stripeAccountOf(account);
    const onWorkspaceAccount = stripeAccount ? { stripeAccountId: stripeAccount } : {};
    if (!account.stripeCustomerId) return { customer: null, subscriptions: [], paymentMethod: null, internalKeyRef: uid, currency, subscriptionItems: [], ...onWorkspaceAccount };
    const { stripe } = this.deps;
    const options = onAccount(stripeAccount);
    const [customer, methods, subscription] = await Promise.all([
      stripe.customers.retrieve(account.stripeCustomerId, {}, options),
      stripe.paymentMethods.list({ customer: account.stripeCustomerId, type: 'card', limit: 1 }, options),
      account.stripeSubscriptionId ? stripe.subscriptions.retrieve(account.stripeSubscriptionId, {}, options) : Promise.resolve(null),
    ]);
    // Stripe's copy of the subscription, with the status and period as we applied them from its events.
    const subscriptions = subscription ? [{ ...subscription, status: account.status ?? subscription.status, cancel_at_period_end: account.cancelAtPeriodEnd ?? false }] : [];
    return {
      customer: customer as unknown as SubscriptionData['customer'],
      subscriptions,
      paymentMethod: (methods.data[0] as PaymentMethod | undefined) ?? null,
      internalKeyRef: uid,
      currency,
      subscriptionItems: (subscription?.items.data ?? []) as unknown as SubscriptionData['subscriptionItems'],
      ...onWorkspaceAccount,
    };
  }

  async upsertPaymentMethod(region: Region, uid: string, body: UpsertPaymentMethodRequest): Promise<{ customerId: string }> {
    const { stripe } = this.deps;
    const account = await this.deps.billingAccounts.find(region, uid);
    const details = { email: body.email, name: body.name ?? undefined, phone: body.phone ?? undefined, address: { ...body.address } as Stripe.AddressParam };
    // the card was created by Stripe.js on the account get-user-data named: the customer lives there too
    const stripeAccount = this.stripeAccountOf(account);
    // billing.md 7's optional stripeAccountId says where the browser made the card: only billing's own choice is accepted
    if (body.stripeAccountId !== undefined && body.stripeAccountId !== stripeAccount) throw badRequest(MESSAGES.billing.stripeAccountMismatch);
    const options = onAccount(stripeAccount);
    const customerId =
      account.stripeCustomerId ??
      (await stripe.customers.create({ ...details, metadata: { workspaceId: uid, region } }, onAccount(stripeAccount, { idempotencyKey: `customer:${region}:${uid}` }))).id;
    await stripe.paymentMethods.attach(body.paymentMethodId, { customer: customerId }, options).catch((err: unknown) => {
      // a card unknown on this account (another account's, a made-up id) is the caller's mistake
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw badRequest(err.message);
      throw err;
    });
    await stripe.customers.update(customerId, { ...details, invoice_settings: { default_payment_method: body.paymentMethodId } }, options);
    await this.deps.billingAccounts.update(
      region,
      uid,
      { stripeCustomerId: customerId, countryCode: body.address.country ?? account.countryCode, ...(stripeAccount ? { stripeAccountId: stripeAccount } : {}) },
      this.deps.now(),
    );
    return { customerId };
  }

  async createSubscription(region: Region, uid: string, body: CreateSubscriptionRequest): Promise<CreateSubscriptionResponse> {
    if (body.planId === 'free' || body.planId === 'enterprise') throw notFound(MESSAGES.billing.planNotFound);
    const account = await this.customerAccount(region, uid);
    const charge = planCharge(body.planId, account.countryCode);
    const currency = charge.billing.currency.toLowerCase();
    const stripeAccount = this.stripeAccountOf(account);
    const promotion = body.discountCode ? await this.promotionCode(body.discountCode, stripeAccount) : undefined;
    const discounts = promotion ? [{ promotion_code: promotion.id }] : undefined;
    const coupon = promotion ? await this.couponOf(promotion, stripeAccount) : null;
    const subscription = await this.deps.stripe.subscriptions.create(
      {
        customer: account.stripeCustomerId!,
        items: [
          { price: planPriceId(body.planId, currency) },
          ...(body.addonsToShow ?? []).filter((a) => a.quantity > 0).map((a) => ({ price: addonPriceId(a.addonKey, currency), quantity: a.quantity })),
        ],
        discounts,
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { workspaceId: uid, region, planId: body.planId },
      },
      onAccount(stripeAccount, { idempotencyKey: `subscription:${region}:${uid}:${body.planId}:${this.deps.now().toISOString().slice(0, 16)}` }),
    );
    const invoice = subscription.latest_invoice as (Stripe.Invoice & { confirmation_secret?: { client_secret?: string } }) | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret || undefined;
    const active = subscription.status === 'active' || subscription.status === 'trialing';
    await this.deps.billingAccounts.update(
      region,
      uid,
      {
        stripeSubscriptionId: subscription.id,
        ...(active ? { plan: body.planId, status: subscription.status as BillingAccount['status'] } : { status: 'pending' }),
        cancelAtPeriodEnd: false,
        currentPeriodEnd: periodEnd(subscription),
        addons: Object.fromEntries((body.addonsToShow ?? []).map((a) => [a.addonKey, a.quantity])),
      },
      this.deps.now(),
    );
    return {
      subscriptionId: subscription.id,
      transactionId: invoice?.id,
      amountPaid: discountedAmount(charge.total, coupon),
      tax: { currency },
      requiresAction: !active && Boolean(clientSecret),
      clientSecret,
      paymentIntentId: paymentIntentIdOf(clientSecret),
    };
  }

  /** After the 3-D Secure step: the PaymentIntent's outcome decides the plan. */
  async confirmSubscriptionPayment(region: Region, uid: string, body: { paymentIntentId: string; subscriptionId: string }): Promise<{ status: string }> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (account.stripeSubscriptionId !== body.subscriptionId) throw notFound(BILLING_API_MESSAGES.noSubscription);
    const options = onAccount(this.stripeAccountOf(account));
    const intent = await this.deps.stripe.paymentIntents.retrieve(body.paymentIntentId, {}, options);
    if (intent.status !== 'succeeded') throw paymentRequired(BILLING_API_MESSAGES.paymentFailedWithStatus(intent.status));
    const subscription = await this.deps.stripe.subscriptions.retrieve(body.subscriptionId, {}, options);
    const planId = (subscription.metadata?.planId as BillingAccount['plan'] | undefined) ?? 'pay_as_you_go';
    await this.deps.billingAccounts.update(region, uid, { plan: planId in PLANS ? planId : 'pay_as_you_go', status: 'active' }, this.deps.now());
    return { status: 'active' };
  }

  async topUp(region: Region, uid: string, body: TopUpRequest): Promise<{ balance: number }> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (account.plan === 'free') throw paymentRequired(BILLING_API_MESSAGES.topUpNeedsPlan);
    const { customerId, paymentMethodId } = await this.savedCard(account);
    const stripeAccount = this.stripeAccountOf(account);
    const billing = countryBillingInfo(account.countryCode);
    const credits = creditsForAmount(body.amount, billing.exchangeRate);
    const intent = await refusedCardAs402(() => this.deps.stripe.paymentIntents.create(
      {
        amount: toMinorUnits(body.amount),
        currency: body.currency,
        customer: customerId,
        payment_method: paymentMethodId,
        off_session: true,
        confirm: true,
        metadata: { workspaceId: uid, region, purpose: 'top-up', credits: String(credits) },
      },
      onAccount(stripeAccount, { idempotencyKey: `top-up:${region}:${uid}:${body.amount}:${this.deps.now().toISOString().slice(0, 16)}` }),
    ));
    if (intent.status !== 'succeeded') throw paymentRequired(BILLING_API_MESSAGES.paymentFailedWithStatus(intent.status));
    await this.creditPayment(region, uid, intent.id, credits, 'Top-up');
    return { balance: await this.deps.ledger.balance(region, uid) };
  }

  /** Credits a paid PaymentIntent once, whether the answer or the webhook gets there first. */
  async creditPayment(region: Region, uid: string, paymentIntentId: string, credits: number, logMessage: string): Promise<boolean> {
    return this.deps.ledger.grant(region, uid, paymentGrantKey(paymentIntentId), { amount: credits, ts: this.deps.now().getTime(), direction: 'increase', logMessage });
  }

  /** A discount code of the account the workspace's subscription is created on. */
  async checkDiscountCode(region: Region, uid: string, code: string): Promise<CheckDiscountCodeResponse> {
    const stripeAccount = this.stripeAccountOf(await this.deps.billingAccounts.find(region, uid));
    const promotion = await this.promotionCode(code, stripeAccount);
    const coupon = await this.couponOf(promotion, stripeAccount);
    const discount: Discount = {
      valid: true,
      percent_off: coupon?.percent_off ?? null,
      amount_off: coupon?.amount_off ?? null,
      currency: coupon?.currency ?? null,
      name: coupon?.name ?? promotion.code,
      duration: coupon?.duration ?? 'once',
    };
    return { discount };
  }

  async cancel(region: Region, uid: string, body: CancelSubscriptionRequest): Promise<void> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (!account.stripeSubscriptionId || account.plan === 'free') throw badRequest(BILLING_API_MESSAGES.noSubscription);
    const reason = body.otherReason ? `${body.reason}: ${body.otherReason}` : body.reason;
    await this.deps.stripe.subscriptions.update(account.stripeSubscriptionId, { cancel_at_period_end: true, metadata: { cancellationReason: reason.slice(0, 500) } }, onAccount(this.stripeAccountOf(account)));
    await this.deps.billingAccounts.update(region, uid, { cancelAtPeriodEnd: true }, this.deps.now());
  }

  async reactivate(region: Region, uid: string): Promise<void> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (!account.stripeSubscriptionId || account.plan === 'free') throw badRequest(BILLING_API_MESSAGES.noSubscription);
    await this.deps.stripe.subscriptions.update(account.stripeSubscriptionId, { cancel_at_period_end: false }, onAccount(this.stripeAccountOf(account)));
    await this.deps.billingAccounts.update(region, uid, { cancelAtPeriodEnd: false }, this.deps.now());
  }

  /** The coupon behind a promotion code: on the code (older API versions) or named by its promotion (later ones). */
  private async couponOf(promotion: Stripe.PromotionCode, stripeAccount: string | undefined): Promise<Stripe.Coupon | null> {
    const shaped = promotion as unknown as { coupon?: Stripe.Coupon | string | null; promotion?: { coupon?: Stripe.Coupon | string | null } };
    const coupon = shaped.coupon ?? shaped.promotion?.coupon ?? null;
    return typeof coupon === 'string' ? this.deps.stripe.coupons.retrieve(coupon, {}, onAccount(stripeAccount)) : coupon;
  }

  /** An active promotion code with exactly this code, else 'Invalid discount code'. */
  private async promotionCode(code: string, stripeAccount: string | undefined): Promise<Stripe.PromotionCode> {
    const wanted = code.trim();
    if (!wanted) throw badRequest(MESSAGES.billing.discountCodeRequired);
    const found = await this.deps.stripe.promotionCodes.list({ code: wanted, active: true, limit: 1 }, onAccount(stripeAccount));
    const match = found.data.find((p) => p.active && p.code.toLowerCase() === wanted.toLowerCase());
    if (!match) throw badRequest(MESSAGES.billing.discountCodeInvalid);
    return match;
  }

  private async customerAccount(region: Region, uid: string): Promise<BillingAccount> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (!account.stripeCustomerId) throw badRequest(BILLING_API_MESSAGES.needsPaymentMethod);
    return account;
  }

  private async savedCard(account: BillingAccount): Promise<{ customerId: string; paymentMethodId: string }> {
    if (!account.stripeCustomerId) throw badRequest(BILLING_API_MESSAGES.needsPaymentMethod);
    const methods = await this.deps.stripe.paymentMethods.list({ customer: account.stripeCustomerId, type: 'card', limit: 1 }, onAccount(this.stripeAccountOf(account)));
    const method = methods.data[0];
    if (!method) throw badRequest(BILLING_API_MESSAGES.needsPaymentMethod);
    return { customerId: account.stripeCustomerId, paymentMethodId: method.id };
  }

  /** The connected account every Stripe call of this workspace acts on (useMultipleStripes), if any. */
  stripeAccountOf(account: BillingAccount): string | undefined {
    return workspaceStripeAccount(account, this.deps.regionalAccounts ?? {});
  }
}

import type Stripe from 'stripe';
import { BILLING_API_MESSAGES, MESSAGES, countryBillingInfo, type AutoBillingRequest, type Region } from '@platform/contracts';
import { HttpError, type Logger } from '@platform/kit';
import { onAccount } from '../clients/stripe';
import { chargeMonth, rechargeDue } from '../domain/auto-recharge';
import { creditsForAmount, toMinorUnits } from '../domain/pricing';
import type { BillingAccountStore } from '../store/billing-accounts';
import type { Ledger } from './ledger';
import type { PaymentUseCases } from './payments';

/** A recharge claimed this long ago without finishing (a crash) is retried with the same key. */
const STALE_RECHARGE_MS = 120_000;

export interface AutoRechargeDeps {
  stripe: Stripe;
  billingAccounts: BillingAccountStore;
  ledger: Ledger;
  payments: PaymentUseCases;
  logger: Logger;
  now: () => Date;
}

/**
 * Auto-recharge: when a workspace's balance falls below its threshold, the saved card is charged
 * the recharge amount once (the recharge's key is Stripe's idempotency key, claimed in the
 * account before charging), within the monthly limit, and the balance is credited once.
 */
export class AutoRechargeUseCases {
  constructor(private readonly deps: AutoRechargeDeps) {}

  /** The auto-billing mutation: merged into the workspace's billing settings; refused on the free plan. */
  async save(region: Region, body: AutoBillingRequest): Promise<void> {
    const account = await this.deps.billingAccounts.find(region, body.uid);
    if (body.autoBilling && account.plan === 'free') throw new HttpError(402, MESSAGES.billing.autoRechargeOnFreePlan);
    await this.deps.billingAccounts.update(
      region,
      body.uid,
      {
        automaticBilling: body.autoBilling,
        ...(body.threshold !== undefined ? { autochargeCreditThreshold: body.threshold } : {}),
        ...(body.amount !== undefined ? { autochargeCreditAmount: body.amount } : {}),
        ...(body.monthlyChargeLimit !== undefined ? { monthlyChargeLimit: body.monthlyChargeLimit } : {}),
      },
      this.deps.now(),
    );
  }

  /** Runs after balances changed; a failure is logged, never thrown (the ledger has applied already). */
  async check(region: Region, workspaceIds: string[]): Promise<void> {
    const candidates = await this.deps.billingAccounts.withAutoRecharge(region, workspaceIds);
    await Promise.all(candidates.map((uid) => this.recharge(region, uid).catch((err) => this.deps.logger.warn({ err, uid }, 'auto-recharge failed'))));
  }

  /** Charges once if due; answers the credits added (0 when nothing was due or the charge failed). */
  async recharge(region: Region, uid: string): Promise<number> {
    const now = this.deps.now();
    const account = await this.deps.billingAccounts.find(region, uid);
    if (account.plan === 'free' || !account.stripeCustomerId) return 0;
    const balance = await this.deps.ledger.balance(region, uid);
    const stale = account.rechargeInFlight && account.rechargeInFlight.at.getTime() < now.getTime() - STALE_RECHARGE_MS;
    const amountUsd = rechargeDue(account, balance, now);
    if (!amountUsd) return 0;
    // A stale recharge is retried under its own key: Stripe answers the first charge again.
    const key = stale ? account.rechargeInFlight!.key : `recharge:${region}:${uid}:${(account.rechargeCount ?? 0) + 1}`;
    if (!(await this.deps.billingAccounts.claimRecharge(region, uid, account, key, now, new Date(now.getTime() - STALE_RECHARGE_MS)))) return 0;
    const billing = countryBillingInfo(account.countryCode);
    const amount = Math.round(amountUsd * billing.exchangeRate * 100) / 100;
    const credits = creditsForAmount(amount, billing.exchangeRate);
    let charged = 0;
    try {
      const stripeAccount = this.deps.payments.stripeAccountOf(account);
      const methods = await this.deps.stripe.paymentMethods.list({ customer: account.stripeCustomerId, type: 'card', limit: 1 }, onAccount(stripeAccount));
      const method = methods.data[0];
      if (!method) throw new Error(BILLING_API_MESSAGES.needsPaymentMethod);
      const intent = await this.deps.stripe.paymentIntents.create(
        {
          amount: toMinorUnits(amount),
          currency: billing.currency.toLowerCase(),
          customer: account.stripeCustomerId,
          payment_method: method.id,
          off_session: true,
          confirm: true,
          metadata: { workspaceId: uid, region, purpose: 'auto-recharge', credits: String(credits) },
        },
        onAccount(stripeAccount, { idempotencyKey: key }),
      );
      if (intent.status !== 'succeeded') throw new Error(BILLING_API_MESSAGES.paymentFailedWithStatus(intent.status));
      await this.deps.payments.creditPayment(region, uid, intent.id, credits, 'Auto-recharge');
      charged = amountUsd;
      return credits;
    } finally {
      await this.deps.billingAccounts.finishRecharge(region, uid, key, chargeMonth(now), charged, this.deps.now());
    }
  }
}

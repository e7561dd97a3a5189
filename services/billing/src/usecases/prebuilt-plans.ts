import type Stripe from 'stripe';
import { BILLING_API_MESSAGES, MESSAGES, PREBUILT_PLAN_CHECKOUT, type BillingCycle, type PreBuiltPlan, type Region } from '@platform/contracts';
import { HttpError, badRequest, notFound, type Logger } from '@platform/kit';
import { onAccount } from '../clients/stripe';
import { assemblePreBuiltPlans, preBuiltPlanTag, preBuiltPlanTagMetadata, type PreBuiltPlanTag } from '../domain/prebuilt-plans';
import { idOf, invoiceSubscriptionMetadata } from '../domain/stripe-objects';
import type { BillingAccount, BillingAccountStore } from '../store/billing-accounts';

export interface PreBuiltPlanDeps {
  stripe: Stripe;
  billingAccounts: BillingAccountStore;
  /** the product's public origin: Checkout returns to its billing page */
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}

/** At most this many of the platform's prices are read to assemble the plans. */
const MAX_PRICES = 1000;
const LIVE_STATUSES: ReadonlyArray<BillingAccount['status']> = ['active', 'trialing', 'past_due', 'unpaid'];

/**
 * Pre-built plans (billing §3 "Custom plan", §7 "Agency billing connect"; ADR 0045): custom plans the
 * platform sells ready-made, kept as Stripe products and prices on the platform's account. A workspace
 * subscribes through Stripe Checkout; Stripe's events (checkout.session.completed, invoice.paid, both
 * tagged) then make the plan the workspace's: plan enterprise with the plan's limits as its custom plan.
 */
export class PreBuiltPlanUseCases {
  constructor(private readonly deps: PreBuiltPlanDeps) {}

  /** RPC stripe.assemblePreBuiltPlansFromStripe. */
  async plans(): Promise<PreBuiltPlan[]> {
    const prices = await this.deps.stripe.prices.list({ active: true, type: 'recurring', currency: 'usd', expand: ['data.product'], limit: 100 }).autoPagingToArray({ limit: MAX_PRICES });
    return assemblePreBuiltPlans(prices);
  }

  /** RPC stripe.createAgencySubscriptionSession: a Checkout session for the plan's price of that cycle, returning to the billing page. */
  async createSession(region: Region, workspaceId: string, planKey: string, billingCycle: BillingCycle, email: string | undefined): Promise<{ sessionUrl: string }> {
    const plan = (await this.plans()).find((candidate) => candidate.key === planKey);
    const price = plan?.stripePrices.find((candidate) => candidate.billingCycle === billingCycle);
    if (!plan || !price) throw notFound(MESSAGES.billing.planNotFound);
    const account = await this.deps.billingAccounts.find(region, workspaceId);
    // The plan's prices are the platform's: a customer kept on a regional account (useMultipleStripes) cannot pay them there.
    if (account.stripeAccountId) throw badRequest(BILLING_API_MESSAGES.prebuiltPlanNotOnAccount);
    if (account.customPlan?.key === planKey && account.customPlan.billingCycle === billingCycle && LIVE_STATUSES.includes(account.status) && !account.cancelAtPeriodEnd) {
      throw badRequest(BILLING_API_MESSAGES.alreadyOnPlan);
    }
    const tag = preBuiltPlanTagMetadata({ workspaceId, region, planKey, priceId: price.priceId, billingCycle });
    const back = (outcome: string) => `${this.deps.publicUrl}/app/${region}/account/billing?${PREBUILT_PLAN_CHECKOUT.param}=${outcome}`;
    const bought = new URLSearchParams({ [PREBUILT_PLAN_CHECKOUT.plan]: planKey, [PREBUILT_PLAN_CHECKOUT.cycle]: billingCycle });
    const session = await this.deps.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: price.priceId, quantity: 1 }],
        ...(account.stripeCustomerId ? { customer: account.stripeCustomerId } : email ? { customer_email: email } : {}),
        client_reference_id: workspaceId,
        success_url: `${back(PREBUILT_PLAN_CHECKOUT.success)}&${bought}`,
        cancel_url: back(PREBUILT_PLAN_CHECKOUT.cancel),
        metadata: tag,
        // every invoice of the subscription names the workspace and the plan (invoice.paid may come first)
        subscription_data: { metadata: tag },
      },
      // a second click within the minute gets the same session back
      { idempotencyKey: `prebuilt-session:${region}:${workspaceId}:${planKey}:${billingCycle}:${this.deps.now().toISOString().slice(0, 16)}` },
    );
    if (!session.url) throw new HttpError(502, MESSAGES.billing.subscriptionSessionFailed);
    return { sessionUrl: session.url };
  }

  /** checkout.session.completed of a pre-built plan's session: false for any other session. */
  async checkoutCompleted(session: Stripe.Checkout.Session): Promise<boolean> {
    const tag = preBuiltPlanTag(session.metadata);
    const subscriptionId = idOf(session.subscription);
    if (!tag || session.mode !== 'subscription' || !subscriptionId) return false;
    await this.apply(tag, subscriptionId, idOf(session.customer));
    return true;
  }

  /** invoice.paid of a pre-built plan's subscription that arrived before its session's completion: the plan is applied first. */
  async fromInvoice(invoice: Stripe.Invoice, subscriptionId: string): Promise<{ region: Region; account: BillingAccount } | undefined> {
    const tag = preBuiltPlanTag(invoiceSubscriptionMetadata(invoice));
    if (!tag) return undefined;
    return { region: tag.region, account: await this.apply(tag, subscriptionId, idOf(invoice.customer)) };
  }

  /**
   * The subscription becomes the workspace's, once: plan enterprise, the pre-built plan (its limits,
   * its price for the cycle) as the custom plan. A live subscription it replaces is cancelled at once
   * (its add-ons went with it).
   */
  private async apply(tag: PreBuiltPlanTag, subscriptionId: string, customerId: string | undefined): Promise<BillingAccount> {
    const account = await this.deps.billingAccounts.find(tag.region, tag.workspaceId);
    if (account.stripeSubscriptionId === subscriptionId) return account;
    const plan = (await this.plans()).find((candidate) => candidate.key === tag.planKey);
    if (!plan) this.deps.logger.warn({ planKey: tag.planKey, subscriptionId }, 'a paid pre-built plan is no longer in Stripe: its limits are unknown');
    const replaced = account.stripeSubscriptionId && LIVE_STATUSES.includes(account.status) ? account.stripeSubscriptionId : undefined;
    const updated = await this.deps.billingAccounts.update(
      tag.region,
      tag.workspaceId,
      {
        plan: 'enterprise',
        status: 'active',
        stripeSubscriptionId: subscriptionId,
        cancelAtPeriodEnd: false,
        addons: {},
        addonItems: {},
        customPlan: {
          key: tag.planKey,
          billingCycle: tag.billingCycle,
          ...(plan ? { name: plan.name, features: plan.features, limits: plan.limits } : {}),
          stripePrices: plan?.stripePrices.filter((price) => price.priceId === tag.priceId) ?? [],
        },
        ...(!account.stripeCustomerId && customerId ? { stripeCustomerId: customerId } : {}),
      },
      this.deps.now(),
    );
    if (replaced) {
      await this.deps.stripe.subscriptions
        .cancel(replaced, {}, onAccount(account.stripeAccountId))
        .catch((err: unknown) => this.deps.logger.warn({ err, subscriptionId: replaced }, 'the subscription a pre-built plan replaced was not cancelled'));
    }
    return updated;
  }
}

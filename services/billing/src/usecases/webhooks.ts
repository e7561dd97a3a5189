import type Stripe from 'stripe';
import { BILLING_API_MESSAGES, REGIONS, type Region } from '@platform/contracts';
import { badRequest, type RegionalMongo } from '@platform/kit';
import { planLimits } from '../domain/plan-limits';
import { wrongEndpoint, type WebhookEndpoint } from '../domain/webhook-endpoint';
import type { BillingAccount, BillingAccountStore } from '../store/billing-accounts';
import { COLLECTION } from '../store/collections';
import type { Ledger } from './ledger';
import type { OrgSubscriptionUseCases } from './org-subscriptions';
import type { PaymentUseCases } from './payments';
import type { PreBuiltPlanUseCases } from './prebuilt-plans';

/** Stripe's signature tolerance: an event signed longer ago than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookDeps {
  stripe: Stripe;
  /** The signing secret of each endpoint: the account endpoint's and the Connect endpoint's. */
  webhookSecrets: Record<WebhookEndpoint, string>;
  mongo: RegionalMongo;
  billingAccounts: BillingAccountStore;
  ledger: Ledger;
  payments: PaymentUseCases;
  /** agency clients' subscriptions on connected accounts (their objects carry the organisation in metadata) */
  orgSubscriptions: OrgSubscriptionUseCases;
  /** workspaces' subscriptions to pre-built plans through Checkout (their objects carry the workspace and plan, ADR 0045) */
  prebuilt: PreBuiltPlanUseCases;
  now: () => Date;
}

/** Where an event's subscription id sits: on the invoice (API 2025-02) or under parent (later versions). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | undefined {
  const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
  const parent = (invoice as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }).parent?.subscription_details?.subscription;
  const found = legacy ?? parent;
  return typeof found === 'string' ? found : found?.id;
}

/**
 * Stripe webhooks: the signature is checked with the SDK over the exact body bytes with the secret
 * of the endpoint the event reached, an event of the other kind of endpoint is refused, and each
 * event id is applied once (its effects are also idempotent: grants are keyed by invoice or
 * PaymentIntent, statuses are set, not toggled).
 */
export class WebhookUseCases {
  constructor(private readonly deps: WebhookDeps) {}

  async receive(endpoint: WebhookEndpoint, rawBody: Buffer | undefined, signature: string | undefined): Promise<{ applied: boolean }> {
    let event: Stripe.Event;
    try {
      event = this.deps.stripe.webhooks.constructEvent(rawBody ?? Buffer.alloc(0), signature ?? '', this.deps.webhookSecrets[endpoint], WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw badRequest(BILLING_API_MESSAGES.badSignature);
    }
    const misdirected = wrongEndpoint(endpoint, event.account);
    if (misdirected) throw badRequest(misdirected);
    // Events are recorded in the first region's database: Stripe's ids are global.
    const seen = this.deps.mongo.collection<{ _id: string; type: string; at: Date }>(REGIONS[0], COLLECTION.stripeEvents);
    if (await seen.findOne({ _id: event.id })) return { applied: false };
    await this.apply(event);
    await seen.updateOne({ _id: event.id }, { $setOnInsert: { type: event.type, at: this.deps.now() } }, { upsert: true });
    return { applied: true };
  }

  private async apply(event: Stripe.Event): Promise<void> {
    const now = this.deps.now();
    switch (event.type) {
      case 'invoice.paid': {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        // A pre-built plan's first invoice may come before its Checkout session's completion: it applies the plan.
        const found = subscriptionId && ((await this.bySubscription(subscriptionId)) ?? (await this.deps.prebuilt.fromInvoice(invoice, subscriptionId)));
        if (!found) return void (await this.deps.orgSubscriptions.invoicePaid(invoice));
        const plan = found.account.plan === 'free' ? 'pay_as_you_go' : found.account.plan;
        await this.deps.billingAccounts.update(found.region, found.account._id, { plan, status: 'active' }, now);
        // the plan's maxMonthlyCredits, a custom plan's where it has one
        const credits = planLimits(plan, found.account.addons, found.account.customPlan?.limits).maxMonthlyCredits;
        if (credits > 0) {
          await this.deps.ledger.grant(found.region, found.account._id, `invoice:${invoice.id}`, { amount: credits, ts: now.getTime(), direction: 'increase', logMessage: 'Monthly plan credits' });
        }
        return;
      }
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscriptionId(event.data.object);
        const found = subscriptionId && (await this.bySubscription(subscriptionId));
        if (found) await this.deps.billingAccounts.update(found.region, found.account._id, { status: 'past_due' }, now);
        return;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const found = await this.bySubscription(subscription.id);
        if (!found) return void (await this.deps.orgSubscriptions.subscriptionChanged(subscription, event.type === 'customer.subscription.deleted'));
        const ended = event.type === 'customer.subscription.deleted' || subscription.status === 'canceled';
        const status = ended ? 'cancelled' : (subscription.status as BillingAccount['status']);
        await this.deps.billingAccounts.update(
          found.region,
          found.account._id,
          // an ended pre-built plan takes its limits with it (an operator's custom plan, without a key, stays)
          { status, cancelAtPeriodEnd: subscription.cancel_at_period_end, ...(ended ? { plan: 'free', addons: {}, ...(found.account.customPlan?.key ? { customPlan: {} } : {}) } : {}) },
          now,
        );
        return;
      }
      case 'checkout.session.completed':
        if (!(await this.deps.prebuilt.checkoutCompleted(event.data.object))) await this.deps.orgSubscriptions.checkoutCompleted(event.data.object);
        return;
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const { workspaceId, region, purpose, credits } = intent.metadata ?? {};
        if (purpose !== 'top-up' && purpose !== 'auto-recharge') return;
        if (!workspaceId || !(REGIONS as readonly string[]).includes(region ?? '')) return;
        await this.deps.payments.creditPayment(region as Region, workspaceId, intent.id, Number(credits) || 0, purpose === 'top-up' ? 'Top-up' : 'Auto-recharge');
        return;
      }
      default:
        return;
    }
  }

  private async bySubscription(subscriptionId: string): Promise<{ region: Region; account: BillingAccount } | undefined> {
    for (const region of REGIONS) {
      const account = await this.deps.billingAccounts.findBySubscription(region, subscriptionId);
      if (account) return { region, account };
    }
    return undefined;
  }
}

import type Stripe from 'stripe';
import { orgSubscriptionStatus, orgSubscriptionTag } from '../domain/org-subscription';
import { organizationAccountId } from '../domain/credit-transfer';
import { idOf, invoiceSubscriptionMetadata } from '../domain/stripe-objects';
import type { OrganizationBillingStore } from '../store/organization-billing';
import type { Ledger } from './ledger';

export interface OrgSubscriptionDeps {
  organizations: OrganizationBillingStore;
  ledger: Ledger;
  now: () => Date;
}


/**
 * An organisation's subscription to one of its agency's plans, as Stripe reports it from the
 * agency's connected account (billing §4: an active subscription disables the plan buttons and
 * marks 'Current Plan'). Each paid invoice grants the plan's credits to the organisation once.
 * Every handler answers false for objects that are not an organisation's.
 */
export class OrgSubscriptionUseCases {
  constructor(private readonly deps: OrgSubscriptionDeps) {}

  /** checkout.session.completed: the client paid the plan's first invoice in Stripe Checkout. */
  async checkoutCompleted(session: Stripe.Checkout.Session): Promise<boolean> {
    const tag = orgSubscriptionTag(session.metadata);
    const subscriptionId = idOf(session.subscription);
    if (!tag || session.mode !== 'subscription' || !subscriptionId) return false;
    const org = await this.deps.organizations.find(tag.region, tag.orgId);
    if (!org) return false;
    const customer = idOf(session.customer);
    await this.deps.organizations.update(
      tag.region,
      tag.orgId,
      { subscription: { id: subscriptionId, status: 'active', ...(tag.priceId ? { priceId: tag.priceId } : {}) }, ...(!org.stripeCustomerId && customer ? { stripeCustomerId: customer } : {}) },
      this.deps.now(),
    );
    return true;
  }

  /** customer.subscription.updated / deleted: the organisation's subscription takes Stripe's status. */
  async subscriptionChanged(subscription: Stripe.Subscription, deleted: boolean): Promise<boolean> {
    const tag = orgSubscriptionTag(subscription.metadata);
    if (!tag) return false;
    const org = await this.deps.organizations.find(tag.region, tag.orgId);
    // An older subscription's news never overwrites the current one.
    if (!org || (org.subscription?.id && org.subscription.id !== subscription.id)) return Boolean(org);
    const priceId = subscription.items?.data?.[0]?.price?.id ?? tag.priceId ?? org.subscription?.priceId;
    const status = deleted ? 'cancelled' : orgSubscriptionStatus(subscription.status);
    await this.deps.organizations.update(tag.region, tag.orgId, { subscription: { id: subscription.id, status, ...(priceId ? { priceId } : {}) } }, this.deps.now());
    return true;
  }

  /** invoice.paid of an organisation's subscription: the plan's credits, once per invoice. */
  async invoicePaid(invoice: Stripe.Invoice): Promise<boolean> {
    const tag = orgSubscriptionTag(invoiceSubscriptionMetadata(invoice));
    if (!tag || !invoice.id) return false;
    if (!(await this.deps.organizations.find(tag.region, tag.orgId))) return false;
    if (tag.credits) {
      const logMessage = 'Plan credits';
      await this.deps.ledger.grant(tag.region, organizationAccountId(tag.orgId), `org-invoice:${invoice.id}`, { amount: tag.credits, ts: this.deps.now().getTime(), direction: 'increase', logMessage });
    }
    return true;
  }
}

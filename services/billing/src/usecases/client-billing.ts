import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import {
  AGENCY_BILLING,
  BILLING_API_MESSAGES,
  MESSAGES,
  type AgencySubscriptionPlan,
  type ClientAutoRechargeRequest,
  type ClientCreateSubscriptionRequest,
  type InvoiceSummary,
  type Region,
} from '@platform/contracts';
import { badRequest, HttpError, notFound, type Logger } from '@platform/kit';
import type { ClientRecords } from '../clients/client-records';
import { organizationAccountId } from '../domain/credit-transfer';
import { clientCreditPrice } from '../domain/agency-plans';
import { chargeOrganizationCard } from '../clients/stripe';
import type { OrganizationBilling, OrganizationBillingStore } from '../store/organization-billing';
import type { AgencyConnectUseCases } from './agency-connect';
import type { Ledger } from './ledger';

export interface ClientBillingDeps {
  stripe: Stripe;
  organizations: OrganizationBillingStore;
  connect: AgencyConnectUseCases;
  ledger: Ledger;
  /** agency-domain's client records: the client who set up payment carries the organisation's customer too */
  clientRecords: ClientRecords;
  logger: Logger;
  now: () => Date;
}

/** What the client billing modal shows of its organisation. */
export interface OrganizationBillingView {
  orgId: string;
  allowBilling: boolean;
  /** credits */
  loadTokens: number;
  stripeCustomerId?: string;
  subscription?: OrganizationBilling['subscription'];
  automaticBilling: boolean;
  autochargeAmount?: number;
  threshold?: number;
}

const paymentRequired = (message: string) => new HttpError(402, message);
const INVOICES_SHOWN = 4;

/**
 * Client-facing billing through the agency's connected Stripe account (every call carries
 * Stripe-Account): the organisation's customer, card, credit purchases, auto-recharge settings,
 * subscriptions to the agency's plans and invoices. Credits land in the organisation's ledger account.
 */
export class ClientBillingUseCases {
  constructor(private readonly deps: ClientBillingDeps) {}

  async view(region: Region, orgId: string): Promise<OrganizationBillingView> {
    const org = await this.org(region, orgId);
    return {
      orgId,
      allowBilling: org.allowBilling,
      loadTokens: await this.deps.ledger.balance(region, organizationAccountId(orgId)),
      stripeCustomerId: org.stripeCustomerId,
      subscription: org.subscription,
      automaticBilling: org.automaticBilling ?? false,
      autochargeAmount: org.autochargeAmount,
      threshold: org.threshold,
    };
  }

  async paymentMethod(customerId: string, accountId: string): Promise<Stripe.PaymentMethod | null> {
    const methods = await this.deps.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 }, { stripeAccount: accountId });
    return methods.data[0] ?? null;
  }

  async billingDetails(customerId: string, accountId: string): Promise<Stripe.Customer | Stripe.DeletedCustomer> {
    return this.deps.stripe.customers.retrieve(customerId, {}, { stripeAccount: accountId });
  }

  async invoices(customerId: string, accountId: string): Promise<InvoiceSummary[]> {
    const list = await this.deps.stripe.invoices.list({ customer: customerId, limit: INVOICES_SHOWN }, { stripeAccount: accountId });
    return list.data.slice(0, INVOICES_SHOWN).map((invoice) => ({ id: invoice.id!, number: invoice.number, created: invoice.created, hosted_invoice_url: invoice.hosted_invoice_url ?? null }));
  }

  /**
   * Saves the card as the organisation customer's default (the customer is created on the agency's
   * account first). The client who did it (none for the agency admin) carries that customer on its
   * record too (billing §3); the organisation's stays the one billing charges, so a record that could
   * not be written now is only logged, and the next set-up writes it.
   */
  async updatePayment(region: Region, orgId: string, paymentMethodId: string, email: string | undefined, clientId: string | undefined): Promise<{ customerId: string }> {
    const org = await this.billable(region, orgId);
    const { accountId } = await this.deps.connect.connected(region, org.workspaceId);
    const onAccount = { stripeAccount: accountId };
    const customerId =
      org.stripeCustomerId ??
      (await this.deps.stripe.customers.create({ ...(email ? { email } : {}), metadata: { orgId, workspaceId: org.workspaceId } }, { ...onAccount, idempotencyKey: `org-customer:${region}:${orgId}` })).id;
    await this.deps.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, onAccount);
    await this.deps.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }, onAccount);
    await this.deps.organizations.update(region, orgId, { stripeCustomerId: customerId, defaultPaymentMethod: paymentMethodId }, this.deps.now());
    if (clientId) {
      await this.deps.clientRecords.recordStripeCustomer(region, orgId, clientId, customerId).catch((err: unknown) => this.deps.logger.warn({ err, orgId, clientId }, "the client's Stripe customer was not recorded"));
    }
    return { customerId };
  }

  /** pre-paid: charges credits × usdPerCredit to the saved card and credits the organisation once. */
  async buyCredits(region: Region, orgId: string, credits: number): Promise<{ loadTokens: number; amountUsd: number }> {
    const org = await this.billable(region, orgId);
    const connect = await this.deps.connect.connected(region, org.workspaceId);
    if (!org.stripeCustomerId || !org.defaultPaymentMethod) throw paymentRequired(MESSAGES.billing.clientNeedsPaymentMethod);
    const amountUsd = clientCreditPrice(credits, connect.USDPerToken);
    const intent = await chargeOrganizationCard(
      this.deps.stripe,
      {
        customer: org.stripeCustomerId,
        paymentMethod: org.defaultPaymentMethod,
        amountUsd,
        metadata: { orgId, workspaceId: org.workspaceId, region, purpose: 'client-credits', credits: String(credits) },
      },
      // One purchase per request: a key of its own (the SDK's retries of this request reuse it), never
      // one shared by two purchases of the same amount, which Stripe would answer with the first's charge.
      { stripeAccount: connect.accountId, idempotencyKey: `client-credits:${region}:${orgId}:${randomUUID()}` },
    );
    if (intent.status !== 'succeeded') throw paymentRequired(BILLING_API_MESSAGES.paymentFailedWithStatus(intent.status));
    await this.deps.ledger.grant(region, organizationAccountId(orgId), `client-credits:${intent.id}`, { amount: credits, ts: this.deps.now().getTime(), direction: 'increase', logMessage: 'Credits purchased' });
    return { loadTokens: await this.deps.ledger.balance(region, organizationAccountId(orgId)), amountUsd };
  }

  /** update-autorecharge: on needs a saved card; answers the spec's text for on or off. */
  async saveAutoRecharge(region: Region, orgId: string, body: ClientAutoRechargeRequest): Promise<string> {
    const org = await this.billable(region, orgId);
    if (body.automaticBilling && (!org.stripeCustomerId || !org.defaultPaymentMethod || org.stripeCustomerId !== body.customer_id)) throw badRequest(MESSAGES.billing.clientNeedsPaymentMethod);
    await this.deps.organizations.update(region, orgId, { automaticBilling: body.automaticBilling, autochargeAmount: body.amount, threshold: body.threshold }, this.deps.now());
    return body.automaticBilling ? MESSAGES.billing.clientAutoRechargeSaved(body.amount, body.threshold) : MESSAGES.billing.clientAutoRechargeDisabled;
  }

  /** create-subscription: a Stripe Checkout session for one of the agency's plans. */
  async subscribe(region: Region, orgId: string, body: ClientCreateSubscriptionRequest): Promise<{ sessionUrl: string }> {
    const org = await this.billable(region, orgId);
    const connect = await this.deps.connect.connected(region, org.workspaceId);
    const plan = (connect.plans ?? []).find((p: AgencySubscriptionPlan) => p.priceId === body.priceId);
    if (!plan) throw notFound(MESSAGES.billing.planNotFound);
    if (org.subscription?.status === 'active') throw badRequest(MESSAGES.billing.clientSubscriptionFailed);
    const session = await this.deps.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: plan.priceId, quantity: 1 }],
        ...(org.stripeCustomerId ? { customer: org.stripeCustomerId } : { customer_email: body.customerEmail }),
        success_url: body.successUrl,
        cancel_url: body.cancelUrl,
        metadata: { orgId, workspaceId: org.workspaceId, region, priceId: plan.priceId!, credits: String(plan.credits) },
        // the organisation and the plan's credits travel with the subscription to every invoice (webhooks)
        subscription_data: { application_fee_percent: AGENCY_BILLING.feeRate * 100, metadata: { orgId, workspaceId: org.workspaceId, region, priceId: plan.priceId!, credits: String(plan.credits) } },
      },
      { stripeAccount: connect.accountId },
    );
    if (!session.url) throw new HttpError(502, MESSAGES.billing.subscriptionSessionFailed);
    return { sessionUrl: session.url };
  }

  async cancelSubscription(region: Region, orgId: string, subscriptionId: string): Promise<Stripe.Subscription> {
    const org = await this.billable(region, orgId);
    if (org.subscription?.id !== subscriptionId) throw notFound(MESSAGES.billing.clientSubscriptionCancelFailed);
    const { accountId } = await this.deps.connect.connected(region, org.workspaceId);
    const subscription = await this.deps.stripe.subscriptions.cancel(subscriptionId, {}, { stripeAccount: accountId });
    await this.deps.organizations.update(region, orgId, { subscription: { ...org.subscription, status: 'cancelled' } }, this.deps.now());
    return subscription;
  }

  private async org(region: Region, orgId: string): Promise<OrganizationBilling> {
    const org = await this.deps.organizations.find(region, orgId);
    if (!org) throw notFound(MESSAGES.clients.organizationIdMissing);
    return org;
  }

  private async billable(region: Region, orgId: string): Promise<OrganizationBilling> {
    const org = await this.org(region, orgId);
    if (!org.allowBilling) throw new HttpError(403, MESSAGES.billing.organizationBillingDisabled);
    return org;
  }
}

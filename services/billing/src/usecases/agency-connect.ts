import type Stripe from 'stripe';
import { MESSAGES, agencyBillingConnected, agencyUsdPerCredit, type AgencyAccountResponse, type AgencySubscriptionPlan, type Region, type StripeConnect } from '@platform/contracts';
import { badRequest, conflict, HttpError, notFound } from '@platform/kit';
import { needsNewPrice, planFeaturesProblem, pricedPlans } from '../domain/agency-plans';
import { toMinorUnits } from '../domain/pricing';
import type { AgencyConnect, AgencyConnectStore } from '../store/agency-connect';

export interface AgencyConnectDeps {
  stripe: Stripe;
  connects: AgencyConnectStore;
  /** where Stripe sends the agency back after onboarding: {publicUrl}/app/{region}/agency */
  publicUrl: string;
  now: () => Date;
}

/** What the Auto Billing tab shows: the connect state without the store's fields (USDPerToken absent until saved). */
export const connectView = ({ _id, updatedAt, ...connect }: AgencyConnect): StripeConnect => connect;

/** The agency's side of rebilling: its connected Stripe account, its price per credit and its plans. */
export class AgencyConnectUseCases {
  constructor(private readonly deps: AgencyConnectDeps) {}

  async status(region: Region, workspaceId: string): Promise<StripeConnect> {
    const connect = await this.deps.connects.find(region, workspaceId);
    if (!connect.accountId) return connectView(connect);
    return connectView(await this.refresh(region, workspaceId, connect.accountId));
  }

  /** Connect Account: one Stripe account per workspace (Connect Account is disabled once it exists). */
  async createAccount(region: Region, workspaceId: string, email: string | undefined): Promise<StripeConnect> {
    const existing = await this.deps.connects.find(region, workspaceId);
    if (existing.accountId) throw conflict(MESSAGES.billing.connectAccountExists);
    const account = await this.deps.stripe.accounts.create(
      { type: 'express', ...(email ? { email } : {}), metadata: { workspaceId, region } },
      { idempotencyKey: `connect-account:${region}:${workspaceId}` },
    );
    if (!(await this.deps.connects.claimAccount(region, workspaceId, account.id, email, this.deps.now()))) throw conflict(MESSAGES.billing.connectAccountExists);
    return connectView(await this.deps.connects.find(region, workspaceId));
  }

  /** Connect / Manage Stripe Connect: a Stripe onboarding link that returns to the Auto Billing tab. */
  async accountLink(region: Region, workspaceId: string): Promise<{ redirectUrl: string }> {
    const { accountId } = await this.deps.connects.find(region, workspaceId);
    if (!accountId) throw notFound(MESSAGES.billing.connectAccountMissing);
    const back = `${this.deps.publicUrl}/app/${region}/agency?tab=${encodeURIComponent('Auto Billing')}`;
    const link = await this.deps.stripe.accountLinks.create({ account: accountId, refresh_url: back, return_url: back, type: 'account_onboarding' });
    return { redirectUrl: link.url };
  }

  /** Step 3: the extra USD per credit the agency charges on top of the base cost. */
  async saveSettings(region: Region, workspaceId: string, extraUsdPerCredit: number): Promise<StripeConnect> {
    if (!Number.isFinite(extraUsdPerCredit) || extraUsdPerCredit < 0) throw badRequest(MESSAGES.billing.extraUsdPerCreditInvalid);
    const { accountId } = await this.deps.connects.find(region, workspaceId);
    if (!accountId) throw badRequest(MESSAGES.billing.plansNeedSettings);
    return connectView(await this.deps.connects.update(region, workspaceId, { USDPerToken: extraUsdPerCredit }, this.deps.now()));
  }

  /** stripe.upsertAgencyPlans: each plan a product and a monthly price on the agency's account. */
  async upsertPlans(region: Region, workspaceId: string, agencyAccountId: string, plans: AgencySubscriptionPlan[]): Promise<AgencySubscriptionPlan[]> {
    const connect = await this.deps.connects.find(region, workspaceId);
    if (!connect.accountId || connect.USDPerToken === undefined) throw badRequest(MESSAGES.billing.plansNeedSettings);
    if (connect.accountId !== agencyAccountId) throw notFound(MESSAGES.billing.workspaceNotFound);
    for (const plan of plans) {
      const problem = planFeaturesProblem(plan);
      if (problem) throw badRequest(problem);
    }
    const onAccount = { stripeAccount: connect.accountId };
    const saved = new Map((connect.plans ?? []).filter((p) => p.priceId).map((p) => [p.priceId!, p]));
    const updated: AgencySubscriptionPlan[] = [];
    for (const plan of pricedPlans(plans, connect.USDPerToken)) {
      const productId = plan.productId ?? (await this.deps.stripe.products.create({ name: plan.name, metadata: { workspaceId, credits: String(plan.credits) } }, onAccount)).id;
      if (plan.productId) await this.deps.stripe.products.update(productId, { name: plan.name }, onAccount);
      const priceId = needsNewPrice(saved.get(plan.priceId ?? ''), plan)
        ? (await this.deps.stripe.prices.create({ product: productId, currency: 'usd', unit_amount: toMinorUnits(plan.price!), recurring: { interval: 'month' }, metadata: { credits: String(plan.credits) } }, onAccount)).id
        : plan.priceId!;
      updated.push({ ...plan, productId, priceId });
    }
    await this.deps.connects.update(region, workspaceId, { plans: updated, allowPlans: updated.length > 0 }, this.deps.now());
    return updated;
  }

  /** typedStripe.getPlans. */
  async plans(region: Region, agencyAccountId: string): Promise<AgencySubscriptionPlan[]> {
    return (await this.deps.connects.findByAccount(region, agencyAccountId))?.plans ?? [];
  }

  /** GET /stripe/connect/get-account-id: what a client's billing modal needs of its agency. */
  async forClients(region: Region, workspaceId: string): Promise<AgencyAccountResponse & { plans: AgencySubscriptionPlan[] }> {
    const connect = await this.deps.connects.find(region, workspaceId);
    if (!connect.accountId) throw notFound(MESSAGES.billing.connectAccountMissing);
    return { accountId: connect.accountId, allowPlans: connect.allowPlans ?? false, usdPerCredit: agencyUsdPerCredit(connect.USDPerToken), plans: connect.plans ?? [] };
  }

  async connected(region: Region, workspaceId: string): Promise<AgencyConnect & { accountId: string }> {
    const connect = await this.deps.connects.find(region, workspaceId);
    if (!agencyBillingConnected(connect)) throw new HttpError(402, MESSAGES.billing.connectAccountMissing);
    return connect as AgencyConnect & { accountId: string };
  }

  /** Reads the account's onboarding and payouts state from Stripe. */
  private async refresh(region: Region, workspaceId: string, accountId: string): Promise<AgencyConnect> {
    const account = await this.deps.stripe.accounts.retrieve(accountId);
    return this.deps.connects.update(region, workspaceId, { payouts_enabled: Boolean(account.payouts_enabled) }, this.deps.now());
  }
}

import type Stripe from 'stripe';
import { BILLING_API_MESSAGES, NOTIFICATION_MESSAGES, TEXT_LIMITS, type Region } from '@platform/contracts';
import { catalogOutboxEntry, type Logger } from '@platform/kit';
import { chargeOrganizationCard } from '../clients/stripe';
import { organizationAccountId } from '../domain/credit-transfer';
import { STALE_ORG_RECHARGE_MS, creditsForUsd, orgRechargeDue, type OrgRechargeClaim } from '../domain/org-auto-recharge';
import type { OrganizationBilling, OrganizationBillingStore } from '../store/organization-billing';
import type { AgencyConnectUseCases } from './agency-connect';
import type { Ledger } from './ledger';

export interface OrgAutoRechargeDeps {
  stripe: Stripe;
  organizations: OrganizationBillingStore;
  connect: AgencyConnectUseCases;
  ledger: Ledger;
  logger: Logger;
  /** nudges the outbox relay (a failure's notification) */
  eventsWritten: () => void;
  now: () => Date;
}

const ORG_PREFIX = 'org:';

/** A decline Stripe answered for sure; anything else (no answer, a 5xx) may have charged, so it is retried under the same key. */
const isDecline = (err: unknown) => ['StripeCardError', 'StripeInvalidRequestError'].includes((err as { type?: string }).type ?? '') || err instanceof PaymentNotSucceeded;
class PaymentNotSucceeded extends Error {}

/**
 * An organisation's auto-recharge (billing §5, ADR 0026): when its balance falls below its
 * threshold, its saved card is charged the configured amount on the agency's connected account,
 * and the organisation is credited once. Each recharge has an id, claimed in the organisation
 * before charging (at most one in flight), used as Stripe's idempotency key and as the ledger
 * grant's key: a redelivery, a second instance or a restart never charges or credits twice. A
 * decline keeps the settings and notifies the organisation.
 */
export class OrgAutoRechargeUseCases {
  constructor(private readonly deps: OrgAutoRechargeDeps) {}

  /** Runs after balances changed; a failure is logged, never thrown (the ledger has applied already). */
  async check(region: Region, accountIds: string[]): Promise<void> {
    const orgIds = accountIds.filter((id) => id.startsWith(ORG_PREFIX)).map((id) => id.slice(ORG_PREFIX.length));
    if (!orgIds.length) return;
    const candidates = await this.deps.organizations.withAutoRecharge(region, orgIds);
    await Promise.all(candidates.map((orgId) => this.recharge(region, orgId).catch((err) => this.deps.logger.warn({ err, orgId }, 'organisation auto-recharge failed'))));
  }

  /** Finishes recharges a crash left in flight (at start-up and now and then). */
  async sweep(regions: readonly Region[]): Promise<void> {
    for (const region of regions) {
      const stale = await this.deps.organizations.staleRecharges(region, new Date(this.deps.now().getTime() - STALE_ORG_RECHARGE_MS));
      for (const orgId of stale) await this.recharge(region, orgId).catch((err) => this.deps.logger.warn({ err, orgId }, 'organisation auto-recharge failed'));
    }
  }

  /** Charges once if due (or finishes a stale recharge); answers the credits added. */
  async recharge(region: Region, orgId: string): Promise<number> {
    const now = this.deps.now();
    const org = await this.deps.organizations.find(region, orgId);
    if (!org) return 0;
    const staleBefore = new Date(now.getTime() - STALE_ORG_RECHARGE_MS);
    const stale = org.rechargeInFlight && org.rechargeInFlight.at < staleBefore ? org.rechargeInFlight : undefined;
    const connect = await this.deps.connect.connected(region, org.workspaceId);
    let claim: OrgRechargeClaim;
    let count = org.rechargeCount ?? 0;
    if (stale) {
      // The same charge again under its own key: Stripe answers the first one if it was made.
      claim = { ...stale, at: now };
    } else {
      const amountUsd = orgRechargeDue(org, await this.deps.ledger.balance(region, organizationAccountId(orgId)), now);
      if (!amountUsd) return 0;
      count += 1;
      claim = { key: `org-recharge:${region}:${orgId}:${count}`, amountUsd, credits: creditsForUsd(amountUsd, connect.USDPerToken), at: now };
    }
    if (!(await this.deps.organizations.claimRecharge(region, orgId, org, claim, count, staleBefore))) return 0;
    try {
      await this.charge(region, org, claim, connect.accountId);
      await this.deps.ledger.grant(region, organizationAccountId(orgId), claim.key, { amount: claim.credits, ts: this.deps.now().getTime(), direction: 'increase', logMessage: 'Auto-recharge' });
    } catch (err) {
      // Not a decline: it stays in flight and the sweep retries it under the same key.
      if (!isDecline(err)) throw err;
      await this.declined(region, org, claim, (err as Error).message);
      return 0;
    }
    await this.deps.organizations.finishRecharge(region, orgId, claim.key, undefined, [], this.deps.now());
    return claim.credits;
  }

  private async charge(region: Region, org: OrganizationBilling, claim: OrgRechargeClaim, accountId: string): Promise<void> {
    const intent = await chargeOrganizationCard(
      this.deps.stripe,
      {
        customer: org.stripeCustomerId,
        paymentMethod: org.defaultPaymentMethod,
        amountUsd: claim.amountUsd,
        metadata: { orgId: org._id, workspaceId: org.workspaceId, region, purpose: 'org-auto-recharge', credits: String(claim.credits), rechargeId: claim.key },
      },
      { stripeAccount: accountId, idempotencyKey: claim.key },
    );
    if (intent.status !== 'succeeded') throw new PaymentNotSucceeded(BILLING_API_MESSAGES.paymentFailedWithStatus(intent.status));
  }

  /** A decline: the settings stay, the failure is recorded and the organisation notified, in one write. */
  private async declined(region: Region, org: OrganizationBilling, claim: OrgRechargeClaim, reason: string): Promise<void> {
    const now = this.deps.now();
    const notification = {
      title: NOTIFICATION_MESSAGES.autoRechargeFailedTitle,
      body: NOTIFICATION_MESSAGES.autoRechargeFailedBody(claim.amountUsd, reason).slice(0, TEXT_LIMITS.longText),
      ts: now.getTime(),
      seen: false,
      notificationLevel: 1 as const,
    };
    const event = catalogOutboxEntry('notification.requested', { region, workspaceId: org.workspaceId, data: { channel: 'organization', orgId: org._id, notification } });
    const failure = { at: now, ...(org.defaultPaymentMethod ? { paymentMethod: org.defaultPaymentMethod } : {}), message: reason };
    if (await this.deps.organizations.finishRecharge(region, org._id, claim.key, failure, [event], now)) this.deps.eventsWritten();
    this.deps.logger.warn({ orgId: org._id, rechargeId: claim.key, reason }, 'organisation auto-recharge declined');
  }
}

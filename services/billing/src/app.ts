import type { Express } from 'express';
import type Stripe from 'stripe';
import { createApp, serviceRouter, type Logger, type ReadinessCheck, type RegionalMongo, type RouteSpec } from '@platform/kit';
import { HttpWorkspaceAccess, type WorkspaceAccess } from './clients/workspace-access';
import { HttpClientRecords, noClientRecords, type ClientRecords } from './clients/client-records';
import type { BillingConfig } from './config';
import { createStripe } from './clients/stripe';
import { accountRoutes } from './routes/account-routes';
import { ledgerRoutes } from './routes/ledger-routes';
import { prebuiltPlanRoutes } from './routes/prebuilt-plan-routes';
import { stripeRoutes } from './routes/stripe-routes';
import { BillingAccountStore } from './store/billing-accounts';
import { CreditAccountStore } from './store/credit-accounts';
import { CreditLogStore } from './store/credit-logs';
import { BillingAccess, type BillingPolicy } from './usecases/access';
import { EntitlementUseCases } from './usecases/entitlements';
import { Ledger } from './usecases/ledger';
import type { CreditTransferUseCases } from './usecases/credit-transfer';
import { AddonUseCases } from './usecases/addons';
import { AutoRechargeUseCases } from './usecases/auto-recharge';
import { LowCreditUseCases } from './usecases/low-credit';
import type { OrgAutoRechargeUseCases } from './usecases/org-auto-recharge';
import { OrganizationBillingStore } from './store/organization-billing';
import { PaymentUseCases } from './usecases/payments';
import { PreBuiltPlanUseCases } from './usecases/prebuilt-plans';
import { WebhookUseCases } from './usecases/webhooks';
import { OrgSubscriptionUseCases } from './usecases/org-subscriptions';
import { assembleConnect } from './connect-assembly';

export const OPENAPI_INFO = {
  title: 'Billing service',
  description: 'The credit ledger, plans, payments, add-ons, discounts, top-ups, auto-recharge and plan limits.',
  tag: 'billing',
};

export interface AppDeps {
  config: BillingConfig;
  mongo: RegionalMongo;
  logger: Logger;
  /** default: the workspace service's POST /internal/access/check over HTTP */
  workspaces?: WorkspaceAccess;
  /** default: the Stripe SDK on config.stripe */
  stripe?: Stripe;
  /** default: agency-domain's internal client routes over HTTP (none when config.agencyDomainServiceUrl is '') */
  clientRecords?: ClientRecords;
  readiness?: ReadinessCheck[];
  /** Nudges the outbox relay after writes that queued events (credits.low). */
  eventsWritten?: () => void;
  now?: () => Date;
}

export function createLedger(mongo: RegionalMongo, now: () => Date = () => new Date(), logs = new CreditLogStore(mongo)): Ledger {
  return new Ledger({ accounts: new CreditAccountStore(mongo), logs, now });
}

/** The service's one assembly: use cases wired to their stores and clients, and the route table built from them. */
export function routeTable(deps: AppDeps): {
  routes: RouteSpec<BillingPolicy>[];
  access: BillingAccess;
  ledger: Ledger;
  autoRecharge: AutoRechargeUseCases;
  transfers: CreditTransferUseCases;
  lowCredit: LowCreditUseCases;
  orgAutoRecharge: OrgAutoRechargeUseCases;
} {
  const now = deps.now ?? (() => new Date());
  const logs = new CreditLogStore(deps.mongo);
  const ledger = createLedger(deps.mongo, now, logs);
  const billingAccounts = new BillingAccountStore(deps.mongo);
  const entitlements = new EntitlementUseCases({ ledger, billingAccounts, now });
  const serviceClient = (baseUrl: string) => ({ baseUrl, signingSecret: deps.config.platform.internalSigningSecret, timeoutMs: deps.config.serviceCallTimeoutMs, logger: deps.logger });
  const workspaces =
    deps.workspaces ??
    new HttpWorkspaceAccess(serviceClient(deps.config.workspaceServiceUrl));
  const stripe = deps.stripe ?? createStripe(deps.config.stripe);
  const regionalAccounts = deps.config.stripe.regionalAccounts;
  const payments = new PaymentUseCases({ stripe, billingAccounts, ledger, regionalAccounts, now });
  const orgSubscriptions = new OrgSubscriptionUseCases({ organizations: new OrganizationBillingStore(deps.mongo), ledger, now });
  const prebuilt = new PreBuiltPlanUseCases({ stripe, billingAccounts, publicUrl: deps.config.publicUrl, logger: deps.logger, now });
  const webhooks = new WebhookUseCases({ stripe, webhookSecrets: { platform: deps.config.stripe.webhookSecret, connect: deps.config.stripe.connectWebhookSecret }, mongo: deps.mongo, billingAccounts, ledger, payments, orgSubscriptions, prebuilt, now });
  const autoRecharge = new AutoRechargeUseCases({ stripe, billingAccounts, ledger, payments, logger: deps.logger, now });
  const lowCredit = new LowCreditUseCases({
    accounts: new CreditAccountStore(deps.mongo),
    billingAccounts,
    organizations: new OrganizationBillingStore(deps.mongo),
    logger: deps.logger,
    eventsWritten: deps.eventsWritten ?? (() => undefined),
    now,
  });
  const clientRecords = deps.clientRecords ?? (deps.config.agencyDomainServiceUrl ? new HttpClientRecords(serviceClient(deps.config.agencyDomainServiceUrl)) : noClientRecords);
  const connect = assembleConnect({ ...deps, stripe, ledger, logs, now, clientRecords, balancesChanged: (region, accountIds) => lowCredit.check(region, accountIds) });
  const routes = [
    ...ledgerRoutes(ledger, entitlements, billingAccounts, logs),
    ...stripeRoutes(payments, webhooks, autoRecharge, new AddonUseCases({ stripe, billingAccounts, regionalAccounts, now }), deps.config.stripe),
    ...prebuiltPlanRoutes(prebuilt),
    ...connect.routes,
    ...accountRoutes(billingAccounts),
  ];
  return { routes, access: new BillingAccess(workspaces), ledger, autoRecharge, transfers: connect.transfers, lowCredit, orgAutoRecharge: connect.orgAutoRecharge };
}

export function buildApp(deps: AppDeps, assembled: ReturnType<typeof routeTable> = routeTable(deps)): Express {
  const { routes, access } = assembled;
  const router = serviceRouter<BillingPolicy>({ routes, authorizer: access, openApi: OPENAPI_INFO, signingSecret: deps.config.platform.internalSigningSecret });
  return createApp({ name: 'billing', logger: deps.logger, routes: router, readiness: deps.readiness });
}

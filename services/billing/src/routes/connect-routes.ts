import Joi from 'joi';
import {
  CONNECT_API,
  MESSAGES,
  billingSettingsRequestSchema,
  clientAutoRechargeRequestSchema,
  clientCancelSubscriptionRequestSchema,
  clientCreateSubscriptionRequestSchema,
  clientCreditPurchaseRequestSchema,
  clientUpdatePaymentRequestSchema,
  connectAccountRequestSchema,
  connectRegionParams,
  connectedCustomerParamsSchema,
  documentId,
  orgParams,
  organizationBillingRequestSchema,
  routeOf,
  transferCreditsRequestSchema,
  upsertAgencyPlansRequestSchema,
  type ResponseOf,
} from '@platform/contracts';
import { badRequest, notFound, type RouteSpec } from '@platform/kit';
import type { BillingPolicy } from '../usecases/access';
import type { ClientOrganizations } from '../usecases/client-organizations';
import type { AgencyConnectUseCases } from '../usecases/agency-connect';
import type { ClientBillingUseCases } from '../usecases/client-billing';
import type { CreditTransferUseCases } from '../usecases/credit-transfer';
import type { OrganizationBillingStore } from '../store/organization-billing';

const FAILURES = [400, 401, 402, 403, 404, 409];

export interface ConnectRouteDeps {
  connect: AgencyConnectUseCases;
  clients: ClientBillingUseCases;
  transfers: CreditTransferUseCases;
  organizations: OrganizationBillingStore;
  clientOrgs: ClientOrganizations;
  now: () => Date;
}

/** Agency billing connect, client-facing billing and credit transfers (billing §7, ADR 0022). */
export function connectRoutes({ connect, clients, transfers, organizations, clientOrgs, now }: ConnectRouteDeps): RouteSpec<BillingPolicy>[] {
  return [
    {
      ...routeOf(CONNECT_API.getConnect),
      access: 'member',
      summary: "The Auto Billing tab: the workspace's connected account, payouts, extra USD per credit and plans",
      schemas: { params: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.params.workspaceId }),
      success: { status: 200, description: '{success, data: stripeConnect}' },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, data: await connect.status(req.region, workspaceId) } satisfies ResponseOf<typeof CONNECT_API.getConnect>);
      },
    },
    {
      ...routeOf(CONNECT_API.createAccount),
      access: 'member',
      summary: 'Connect Account: creates the Stripe Connect account of the agency workspace (once)',
      schemas: { body: connectAccountRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspace.uid }),
      success: { status: 200, description: "{success, message: 'Account Connected', data}" },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        const data = await connect.createAccount(req.region, workspaceId, req.body.workspace.email);
        res.json({ success: true, message: MESSAGES.billing.accountConnected, data } satisfies ResponseOf<typeof CONNECT_API.createAccount>);
      },
    },
    {
      ...routeOf(CONNECT_API.accountLink),
      access: 'member',
      summary: 'Connect / Manage Stripe Connect: the onboarding link the browser is sent to',
      schemas: { body: connectAccountRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspace.uid }),
      success: { status: 200, description: '{success, redirectUrl}' },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, ...(await connect.accountLink(req.region, workspaceId)) } satisfies ResponseOf<typeof CONNECT_API.accountLink>);
      },
    },
    {
      ...routeOf(CONNECT_API.saveBillingSettings),
      access: 'member',
      summary: 'Saves the extra USD per credit (default 0.003)',
      schemas: { body: billingSettingsRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspaceId }),
      success: { status: 200, description: "{success, message: 'Billing settings saved.', data}" },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        const data = await connect.saveSettings(req.region, workspaceId, req.body.USDPerToken);
        res.json({ success: true, message: MESSAGES.billing.billingSettingsSaved, data } satisfies ResponseOf<typeof CONNECT_API.saveBillingSettings>);
      },
    },
    {
      ...routeOf(CONNECT_API.upsertAgencyPlans),
      access: 'member',
      summary: "stripe.upsertAgencyPlans: each plan a product and monthly price on the agency's account, price = credits × per-credit price",
      schemas: { body: upsertAgencyPlansRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspaceId }),
      success: { status: 200, description: "{success, message: 'Plans saved successfully', updatedPlans}" },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        const updatedPlans = await connect.upsertPlans(req.region, workspaceId, req.body.agencyAccountId, req.body.plans);
        res.json({ success: true, message: MESSAGES.billing.plansSaved, updatedPlans } satisfies ResponseOf<typeof CONNECT_API.upsertAgencyPlans>);
      },
    },
    {
      ...routeOf(CONNECT_API.getPlans),
      access: 'member',
      summary: 'typedStripe.getPlans: the agency plans of a connected account',
      schemas: { query: Joi.object({ agencyAccountId: Joi.string().max(255).required(), workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.query.workspaceId as string }),
      success: { status: 200, description: '{success, plans}' },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        const own = await connect.status(req.region, workspaceId);
        const plans = own.accountId && own.accountId === req.query.agencyAccountId ? await connect.plans(req.region, own.accountId) : [];
        res.json({ success: true, plans } satisfies ResponseOf<typeof CONNECT_API.getPlans>);
      },
    },
    {
      ...routeOf(CONNECT_API.getAccountId),
      access: 'client',
      summary: "The agency's connected account for its clients: accountId, allowPlans, usdPerCredit (and the plans)",
      schemas: { params: connectRegionParams },
      success: { status: 200, description: '{success, accountId, allowPlans, usdPerCredit, plans}' },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        const { workspaceId } = await clientOrgs.own(req, caller, { workspaceId: req.params.agencyUserId });
        res.json({ success: true, ...(await connect.forClients(req.region, workspaceId)) } satisfies ResponseOf<typeof CONNECT_API.getAccountId>);
      },
    },
    {
      ...routeOf(CONNECT_API.getPaymentMethods),
      access: 'client',
      summary: "The organisation customer's card on the agency's account",
      schemas: { params: connectedCustomerParamsSchema },
      success: { status: 200, description: '{success, paymentMethod}' },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        await clientOrgs.ownCustomer(req, caller, req.params.customerId!, req.params.accountId!);
        res.json({ success: true, paymentMethod: await clients.paymentMethod(req.params.customerId!, req.params.accountId!) } satisfies ResponseOf<typeof CONNECT_API.getPaymentMethods>);
      },
    },
    {
      ...routeOf(CONNECT_API.getBillingDetails),
      access: 'client',
      summary: "The organisation's Stripe customer on the agency's account",
      schemas: { params: connectedCustomerParamsSchema },
      success: { status: 200, description: '{success, customer}' },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        await clientOrgs.ownCustomer(req, caller, req.params.customerId!, req.params.accountId!);
        res.json({ success: true, customer: await clients.billingDetails(req.params.customerId!, req.params.accountId!) } satisfies ResponseOf<typeof CONNECT_API.getBillingDetails>);
      },
    },
    {
      ...routeOf(CONNECT_API.getInvoices),
      access: 'client',
      summary: "The organisation's 4 most recent invoices (id, number, created, hosted_invoice_url)",
      schemas: { params: connectedCustomerParamsSchema },
      success: { status: 200, description: '{success, invoices: {data}}' },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        await clientOrgs.ownCustomer(req, caller, req.params.customerId!, req.params.accountId!);
        res.json({ success: true, invoices: { data: await clients.invoices(req.params.customerId!, req.params.accountId!) } } satisfies ResponseOf<typeof CONNECT_API.getInvoices>);
      },
    },
    {
      ...routeOf(CONNECT_API.updatePayment),
      access: 'client',
      summary: "Saves a card as the organisation's default on the agency's account (creates the customer first); the client's record carries that customer too",
      schemas: { body: clientUpdatePaymentRequestSchema },
      success: { status: 200, description: "{success, message: 'Payment method updated successfully', customer: {id}}" },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        const { orgId } = await clientOrgs.own(req, caller, { workspaceId: req.body.agencyId, orgId: req.body.orgId });
        const { customerId } = await clients.updatePayment(req.region, orgId, req.body.paymentMethodId, caller.email, caller.agencyAdmin ? undefined : caller.clientId);
        res.json({ success: true, message: MESSAGES.billing.clientPaymentMethodUpdated, customer: { id: customerId } } satisfies ResponseOf<typeof CONNECT_API.updatePayment>);
      },
    },
    {
      ...routeOf(CONNECT_API.prePaid),
      access: 'client',
      summary: 'Buys credits for the organisation: at least 1000, price = credits × usdPerCredit, credited once',
      schemas: { body: clientCreditPurchaseRequestSchema },
      success: { status: 200, description: "{success, message: 'Credits purchased successfully', loadTokens, amountUsd}" },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        const { orgId } = await clientOrgs.own(req, caller, { workspaceId: req.body.workspaceId, orgId: req.body.orgId });
        const bought = await clients.buyCredits(req.region, orgId, req.body.creditAmount);
        res.json({ success: true, message: MESSAGES.billing.creditsPurchased, ...bought } satisfies ResponseOf<typeof CONNECT_API.prePaid>);
      },
    },
    {
      ...routeOf(CONNECT_API.updateAutoRecharge),
      access: 'client',
      summary: "The organisation's auto-recharge: threshold 100 to 5,000 credits, amount $5 to $100; on needs a card",
      schemas: { body: clientAutoRechargeRequestSchema },
      success: { status: 200, description: '{success, message}' },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        const { orgId } = await clientOrgs.own(req, caller, { orgId: req.body.orgId });
        res.json({ success: true, message: await clients.saveAutoRecharge(req.region, orgId, req.body) } satisfies ResponseOf<typeof CONNECT_API.updateAutoRecharge>);
      },
    },
    {
      ...routeOf(CONNECT_API.createSubscription),
      access: 'client',
      summary: "A Stripe Checkout session on the agency's account for one of its plans",
      schemas: { body: clientCreateSubscriptionRequestSchema },
      success: { status: 200, description: '{success, sessionUrl}' },
      failures: [...FAILURES, 502],
      handler: async (req, res, caller) => {
        const { orgId } = await clientOrgs.own(req, caller, { orgId: req.body.orgId });
        res.json({ success: true, ...(await clients.subscribe(req.region, orgId, req.body)) } satisfies ResponseOf<typeof CONNECT_API.createSubscription>);
      },
    },
    {
      ...routeOf(CONNECT_API.cancelSubscription),
      access: 'client',
      summary: "Cancels the organisation's subscription to an agency plan",
      schemas: { body: clientCancelSubscriptionRequestSchema },
      success: { status: 200, description: "{success, message: 'Subscription successfully canceled', subscription}" },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        const { orgId } = await clientOrgs.own(req, caller, { orgId: req.body.orgId });
        const subscription = await clients.cancelSubscription(req.region, orgId, req.body.subscriptionId);
        res.json({ success: true, message: MESSAGES.billing.clientSubscriptionCanceled, subscription } satisfies ResponseOf<typeof CONNECT_API.cancelSubscription>);
      },
    },
    {
      ...routeOf(CONNECT_API.getOrganizationBilling),
      access: 'client',
      summary: "The client billing modal's organisation: credits, allowBilling, customer, subscription, auto-recharge",
      schemas: { params: orgParams },
      success: { status: 200, description: '{success, data}' },
      failures: FAILURES,
      handler: async (req, res, caller) => {
        const { orgId } = await clientOrgs.own(req, caller, { orgId: req.params.orgId });
        res.json({ success: true, data: await clients.view(req.region, orgId) } satisfies ResponseOf<typeof CONNECT_API.getOrganizationBilling>);
      },
    },
    {
      ...routeOf(CONNECT_API.setOrganizationBilling),
      access: 'member',
      summary: "Root admin: allowBilling of one of the workspace's organisations (only with a connected account)",
      schemas: { params: orgParams, body: organizationBillingRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspaceId }),
      success: { status: 200, description: '{success, data}' },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        if (req.body.allowBilling) await connect.connected(req.region, workspaceId);
        const org = await organizations.register(req.region, req.params.orgId!, workspaceId, req.body.allowBilling, now());
        if (!org) throw notFound(MESSAGES.clients.organizationIdMissing);
        res.json({ success: true, data: await clients.view(req.region, org._id) } satisfies ResponseOf<typeof CONNECT_API.setOrganizationBilling>);
      },
    },
    {
      ...routeOf(CONNECT_API.registerOrganization),
      access: 'gateway',
      summary: 'Services only: registers an organisation under its agency workspace (never moves it to another)',
      schemas: { params: orgParams, body: organizationBillingRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 403, 409],
      handler: async (req, res) => {
        const org = await organizations.register(req.region, req.params.orgId!, req.body.workspaceId, req.body.allowBilling, now());
        if (!org) throw badRequest(MESSAGES.clients.organizationIdMissing);
        res.json({ success: true } satisfies ResponseOf<typeof CONNECT_API.registerOrganization>);
      },
    },
    {
      ...routeOf(CONNECT_API.setRegisteredOrganizationBilling),
      access: 'gateway',
      summary: "Services only: an organisation's allowBilling as the agency saved it (on only with a connected account)",
      schemas: { params: orgParams, body: organizationBillingRequestSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 402, 403, 409],
      handler: async (req, res) => {
        if (req.body.allowBilling) await connect.connected(req.region, req.body.workspaceId);
        const org = await organizations.register(req.region, req.params.orgId!, req.body.workspaceId, req.body.allowBilling, now());
        if (!org) throw badRequest(MESSAGES.clients.organizationIdMissing);
        res.json({ success: true } satisfies ResponseOf<typeof CONNECT_API.setRegisteredOrganizationBilling>);
      },
    },
    {
      ...routeOf(CONNECT_API.getTransferBalances),
      access: 'member',
      summary: "The credit transfer dialog: the workspace's and the organisation's credits",
      schemas: { params: orgParams, query: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.query.workspaceId as string }),
      success: { status: 200, description: '{success, workspaceBalance, orgBalance}' },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, ...(await transfers.balancesOf(req.region, workspaceId, req.params.orgId!)) } satisfies ResponseOf<typeof CONNECT_API.getTransferBalances>);
      },
    },
    {
      ...routeOf(CONNECT_API.transferCredits),
      access: 'member',
      summary: 'Moves credits between the workspace and one of its organisations exactly once (transferId), never below zero',
      schemas: { body: transferCreditsRequestSchema },
      workspace: (req) => ({ workspaceId: req.body.workspaceId }),
      success: { status: 200, description: "{success, message: 'Credits transferred successfully!', workspaceBalance, orgBalance}" },
      failures: FAILURES,
      handler: async (req, res, { workspaceId }) => {
        const balances = await transfers.transfer(req.region, workspaceId, req.body);
        res.json({ success: true, message: MESSAGES.clients.creditsTransferred, ...balances } satisfies ResponseOf<typeof CONNECT_API.transferCredits>);
      },
    },
  ];
}

import Joi from 'joi';
import { BILLING_API, PLAN_KEYS, documentId, routeOf, usageQuerySchema, type ResponseOf, type UsageQuery } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import { organizationAccountId } from '../domain/credit-transfer';
import { usageReport } from '../domain/usage-report';
import type { BillingAccountStore } from '../store/billing-accounts';
import type { CreditLogStore } from '../store/credit-logs';
import type { BillingPolicy } from '../usecases/access';
import type { EntitlementUseCases } from '../usecases/entitlements';
import type { Ledger } from '../usecases/ledger';

const uidParams = Joi.object({ uid: documentId().required() });

/** The most entries a usage report reads: a larger range shows its newest part. */
const USAGE_REPORT_MAX_ENTRIES = 20_000;

export function ledgerRoutes(ledger: Ledger, entitlements: EntitlementUseCases, billingAccounts: BillingAccountStore, logs: CreditLogStore): RouteSpec<BillingPolicy>[] {
  return [
    {
      ...routeOf(BILLING_API.getCreditBalance),
      summary: "The workspace's credit balance (loadTokens) as the ledger holds it",
      access: 'member',
      schemas: { params: uidParams },
      workspace: (req) => ({ workspaceId: req.params.uid }),
      success: { status: 200, description: '{success, data: {uid, balance}}' },
      failures: [400, 401, 403],
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, data: { uid: workspaceId, balance: await ledger.balance(req.region, workspaceId) } } satisfies ResponseOf<typeof BILLING_API.getCreditBalance>);
      },
    },
    {
      ...routeOf(BILLING_API.getBillingOverview),
      summary: 'The billing page: plan, status, period end, balance in credits and USD, currency and tax, auto-recharge settings',
      access: 'member',
      schemas: { params: uidParams },
      workspace: (req) => ({ workspaceId: req.params.uid }),
      success: { status: 200, description: '{success, data: BillingOverview}' },
      failures: [400, 401, 403],
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, data: await entitlements.overview(req.region, workspaceId) } satisfies ResponseOf<typeof BILLING_API.getBillingOverview>);
      },
    },
    {
      ...routeOf(BILLING_API.getUsageReport),
      summary: 'Usage report: agent_id and a range, or a range and logsPage; key metrics, logs and the five charts',
      access: 'member',
      schemas: { params: uidParams, query: usageQuerySchema },
      workspace: (req) => ({ workspaceId: req.params.uid }),
      success: { status: 200, description: '{success, data: {keyMetrics, logs, charts}}' },
      failures: [400, 401, 403],
      handler: async (req, res, { workspaceId }) => {
        const query = req.query as unknown as UsageQuery;
        const agentId = 'agent_id' in query ? query.agent_id : undefined;
        const entries = await logs.inRange(req.region, { workspaceId, from: query.start, to: query.end, agentId }, USAGE_REPORT_MAX_ENTRIES);
        const page = 'logsPage' in query ? query.logsPage : 0;
        res.json({ success: true, data: usageReport(entries, page) } satisfies ResponseOf<typeof BILLING_API.getUsageReport>);
      },
    },
    {
      ...routeOf(BILLING_API.getEntitlements),
      summary: 'Services only: balance, plan, plan limits and whitelabel entitlement of a workspace',
      access: 'gateway',
      schemas: { params: uidParams },
      success: { status: 200, description: '{success, data: {uid, balance, plan, limits, whitelabel}}' },
      failures: [400, 403],
      handler: async (req, res) => {
        res.json({ success: true, data: await entitlements.of(req.region, req.params.uid!) } satisfies ResponseOf<typeof BILLING_API.getEntitlements>);
      },
    },
    {
      ...routeOf(BILLING_API.getOrganizationCredits),
      summary: "Services only: an organisation's credits, which its agents spend (the runtime's balance check)",
      access: 'gateway',
      schemas: { params: Joi.object({ orgId: documentId().required() }) },
      success: { status: 200, description: '{success, data: {orgId, balance}}' },
      failures: [400, 403],
      handler: async (req, res) => {
        const orgId = req.params.orgId!;
        res.json({ success: true, data: { orgId, balance: await ledger.balance(req.region, organizationAccountId(orgId)) } } satisfies ResponseOf<typeof BILLING_API.getOrganizationCredits>);
      },
    },
    {
      ...routeOf(BILLING_API.setPlan),
      summary: "Services and operators only: sets a workspace's plan without a payment (enterprise is contact-sales)",
      access: 'gateway',
      schemas: { params: uidParams, body: Joi.object({ plan: Joi.string().valid(...PLAN_KEYS).required() }) },
      success: { status: 200, description: '{success}' },
      failures: [400, 403],
      handler: async (req, res) => {
        await billingAccounts.update(req.region, req.params.uid!, { plan: req.body.plan, status: 'active' }, new Date());
        res.json({ success: true } satisfies ResponseOf<typeof BILLING_API.setPlan>);
      },
    },
  ];
}

import Joi from 'joi';
import { BILLING_API, documentId, routeOf, type ResponseOf } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { BillingPolicy } from '../usecases/access';
import type { EntitlementUseCases } from '../usecases/entitlements';
import type { Ledger } from '../usecases/ledger';

const uidParams = Joi.object({ uid: documentId().required() });

export function ledgerRoutes(ledger: Ledger, entitlements: EntitlementUseCases): RouteSpec<BillingPolicy>[] {
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
  ];
}

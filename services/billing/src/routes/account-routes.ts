import Joi from 'joi';
import { BILLING_API, billingAccountSettingsSchema, documentId, routeOf, type BillingAccountSettings, type ResponseOf } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { BillingAccountStore } from '../store/billing-accounts';
import type { BillingPolicy } from '../usecases/access';

const uidParams = Joi.object({ uid: documentId().required() });

/** Operators' settings of a workspace's billing account (ADR 0025). */
export function accountRoutes(billingAccounts: BillingAccountStore): RouteSpec<BillingPolicy>[] {
  return [
    {
      ...routeOf(BILLING_API.setAccountSettings),
      summary: "Services and operators only: the workspace's internal billing fields (useMultipleStripes, countryCode, customPlan.limits)",
      access: 'gateway',
      schemas: { params: uidParams, body: billingAccountSettingsSchema },
      success: { status: 200, description: '{success}' },
      failures: [400, 403],
      handler: async (req, res) => {
        await billingAccounts.update(req.region, req.params.uid!, req.body as BillingAccountSettings, new Date());
        res.json({ success: true } satisfies ResponseOf<typeof BILLING_API.setAccountSettings>);
      },
    },
  ];
}

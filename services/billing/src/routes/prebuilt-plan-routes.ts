import { BILLING_API, agencySubscriptionSessionRequestSchema, routeOf, workspaceBillingRequestSchema, type ResponseOf } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { BillingPolicy } from '../usecases/access';
import type { PreBuiltPlanUseCases } from '../usecases/prebuilt-plans';
import { WORKSPACE_FAILURES, namedWorkspace } from './stripe-routes';

/** The pre-built plans a workspace (an agency) may subscribe to, and their Checkout (billing §7 "Agency billing connect"; ADR 0045). */
export function prebuiltPlanRoutes(prebuilt: PreBuiltPlanUseCases): RouteSpec<BillingPolicy>[] {
  return [
    {
      ...routeOf(BILLING_API.assemblePreBuiltPlansFromStripe),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: "RPC stripe.assemblePreBuiltPlansFromStripe: the pre-built plans, from the platform's Stripe products (metadata prebuiltPlanKey) and their monthly and yearly USD prices",
      schemas: { body: workspaceBillingRequestSchema },
      success: { status: 200, description: '{success, plans: [{key, name, description, features, limits, metadata, stripePrices: [{priceId, billingCycle, usdAmount, currency}]}]}' },
      handler: async (_req, res) => {
        res.json({ success: true, plans: await prebuilt.plans() } satisfies ResponseOf<typeof BILLING_API.assemblePreBuiltPlansFromStripe>);
      },
    },
    {
      ...routeOf(BILLING_API.createAgencySubscriptionSession),
      access: 'member',
      workspace: namedWorkspace,
      failures: [...WORKSPACE_FAILURES, 502],
      summary: "RPC stripe.createAgencySubscriptionSession: a Stripe Checkout session for a pre-built plan's price of the cycle, returning to the billing page; the browser goes to sessionUrl",
      schemas: { body: agencySubscriptionSessionRequestSchema },
      success: { status: 200, description: '{success, sessionUrl}' },
      handler: async (req, res, { workspaceId }) => {
        const email = req.identity.kind === 'user' ? req.identity.email : undefined;
        res.json({ success: true, ...(await prebuilt.createSession(req.region, workspaceId, req.body.planKey, req.body.billingCycle, email)) } satisfies ResponseOf<typeof BILLING_API.createAgencySubscriptionSession>);
      },
    },
  ];
}

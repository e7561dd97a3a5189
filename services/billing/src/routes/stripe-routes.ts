import Joi from 'joi';
import type { Request } from 'express';
import {
  BILLING_API,
  BILLING_API_MESSAGES,
  MESSAGES,
  addAddonsRequestSchema,
  addonKeysRequestSchema,
  autoBillingRequestSchema,
  cancelSubscriptionRequestSchema,
  checkDiscountCodeRequestSchema,
  confirmSubscriptionPaymentRequestSchema,
  createSubscriptionRequestSchema,
  routeOf,
  topUpRequestSchema,
  upsertPaymentMethodRequestSchema,
  workspaceBillingRequestSchema,
  type ResponseOf,
} from '@platform/contracts';
import { badRequest, type RouteSpec } from '@platform/kit';
import type { BillingPolicy } from '../usecases/access';
import type { AddonUseCases } from '../usecases/addons';
import type { AutoRechargeUseCases } from '../usecases/auto-recharge';
import type { PaymentUseCases } from '../usecases/payments';
import type { WebhookUseCases } from '../usecases/webhooks';

/** The spec's bodies name the workspace (userId) and its region; the region must be the request's. */
export const namedWorkspace = (req: Request) => {
  if (req.body.region !== req.region) throw badRequest(`This workspace's billing is in the ${req.body.region} region: call /api/${req.body.region}/billing.`);
  return { workspaceId: req.body.userId as string };
};
export const WORKSPACE_FAILURES = [400, 401, 402, 403, 404];

export function stripeRoutes(
  payments: PaymentUseCases,
  webhooks: WebhookUseCases,
  autoRecharge: AutoRechargeUseCases,
  addons: AddonUseCases,
  browser: { publishableKey: string; jsUrl: string },
): RouteSpec<BillingPolicy>[] {
  return [
    {
      ...routeOf(BILLING_API.getStripeConfig),
      access: 'public',
      summary: 'Where the browser loads Stripe.js from, and the publishable key (both public by nature)',
      success: { status: 200, description: '{success, data: {publishableKey, stripeJsUrl}}' },
      handler: async (_req, res) => {
        res.json({ success: true, data: { publishableKey: browser.publishableKey, stripeJsUrl: browser.jsUrl } } satisfies ResponseOf<typeof BILLING_API.getStripeConfig>);
      },
    },
    {
      ...routeOf(BILLING_API.getUserData),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Stripe customer, subscriptions, saved card, currency and subscription items of the workspace',
      schemas: { body: workspaceBillingRequestSchema },
      success: { status: 200, description: '{success, data: {customer, subscriptions, paymentMethod, internalKeyRef, currency, subscriptionItems}}' },
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, data: await payments.userData(req.region, workspaceId) } satisfies ResponseOf<typeof BILLING_API.getUserData>);
      },
    },
    {
      ...routeOf(BILLING_API.upsertPaymentMethod),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Saves a card (and the billing address, whose country sets currency and tax) as the default payment method',
      schemas: { body: upsertPaymentMethodRequestSchema },
      success: { status: 200, description: '{success, message, customerId}' },
      handler: async (req, res, { workspaceId }) => {
        const { customerId } = await payments.upsertPaymentMethod(req.region, workspaceId, req.body);
        res.json({ success: true, message: BILLING_API_MESSAGES.paymentInformationUpdated, customerId } satisfies ResponseOf<typeof BILLING_API.upsertPaymentMethod>);
      },
    },
    {
      ...routeOf(BILLING_API.createSubscription),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Subscribes to a plan with add-ons and an optional discount code; answers what the 3-D Secure step needs',
      schemas: { body: createSubscriptionRequestSchema },
      success: { status: 200, description: '{success, transactionId, amountPaid, tax.currency, requiresAction, clientSecret, paymentIntentId, subscriptionId}' },
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, ...(await payments.createSubscription(req.region, workspaceId, req.body)) } satisfies ResponseOf<typeof BILLING_API.createSubscription>);
      },
    },
    {
      ...routeOf(BILLING_API.confirmSubscriptionPayment),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'After the 3-D Secure step: activates the plan when the payment succeeded',
      schemas: { body: confirmSubscriptionPaymentRequestSchema },
      success: { status: 200, description: '{success, status}' },
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, ...(await payments.confirmSubscriptionPayment(req.region, workspaceId, req.body)) } satisfies ResponseOf<typeof BILLING_API.confirmSubscriptionPayment>);
      },
    },
    {
      ...routeOf(BILLING_API.topUpUsd),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Charges the saved card (at least 5 in the workspace currency) and credits the balance once',
      schemas: { body: topUpRequestSchema },
      success: { status: 200, description: '{success, message, balance}' },
      handler: async (req, res, { workspaceId }) => {
        const { balance } = await payments.topUp(req.region, workspaceId, req.body);
        res.json({ success: true, message: BILLING_API_MESSAGES.toppedUp, balance } satisfies ResponseOf<typeof BILLING_API.topUpUsd>);
      },
    },
    {
      ...routeOf(BILLING_API.checkDiscountCode),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: "A discount code (a Stripe promotion code): its discount, or 'Invalid discount code'",
      schemas: { body: checkDiscountCodeRequestSchema },
      success: { status: 200, description: '{success, discount}' },
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, ...(await payments.checkDiscountCode(req.region, workspaceId, req.body.discountCode)) } satisfies ResponseOf<typeof BILLING_API.checkDiscountCode>);
      },
    },
    {
      ...routeOf(BILLING_API.cancelSubscription),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Cancels at the period end, with a reason (Other needs text)',
      schemas: { body: cancelSubscriptionRequestSchema },
      success: { status: 200, description: '{success, message}' },
      handler: async (req, res, { workspaceId }) => {
        await payments.cancel(req.region, workspaceId, req.body);
        res.json({ success: true, message: BILLING_API_MESSAGES.subscriptionCancelled } satisfies ResponseOf<typeof BILLING_API.cancelSubscription>);
      },
    },
    {
      ...routeOf(BILLING_API.reactivateSubscription),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Keeps a cancelling subscription',
      schemas: { body: workspaceBillingRequestSchema },
      success: { status: 200, description: '{success, message}' },
      handler: async (req, res, { workspaceId }) => {
        await payments.reactivate(req.region, workspaceId);
        res.json({ success: true, message: BILLING_API_MESSAGES.subscriptionReactivated } satisfies ResponseOf<typeof BILLING_API.reactivateSubscription>);
      },
    },
    {
      ...routeOf(BILLING_API.checkAddonStatus),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Whether the workspace has a subscription, and each add-on asked for with its quantity',
      schemas: { body: addonKeysRequestSchema },
      success: { status: 200, description: '{success, hasSubscription, addons: [{addonKey, hasAddon, quantity}]}' },
      handler: async (req, res, { workspaceId }) => {
        res.json({ success: true, ...(await addons.status(req.region, workspaceId, req.body.addonKeys)) } satisfies ResponseOf<typeof BILLING_API.checkAddonStatus>);
      },
    },
    {
      ...routeOf(BILLING_API.addAddons),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Sets add-on quantities on the subscription (0 to 10, whitelabel 0 or 1), billed from the next cycle',
      schemas: { body: addAddonsRequestSchema },
      success: { status: 200, description: '{success, message, errors?}' },
      handler: async (req, res, { workspaceId }) => {
        const { errors } = await addons.add(req.region, workspaceId, req.body);
        const message = errors.length ? BILLING_API_MESSAGES.someAddonsFailed : BILLING_API_MESSAGES.addonsUpdated;
        res.json({ success: true, message, ...(errors.length ? { errors } : {}) } satisfies ResponseOf<typeof BILLING_API.addAddons>);
      },
    },
    {
      ...routeOf(BILLING_API.removeAddons),
      access: 'member',
      workspace: namedWorkspace,
      failures: WORKSPACE_FAILURES,
      summary: 'Removes add-ons from the subscription',
      schemas: { body: addonKeysRequestSchema },
      success: { status: 200, description: '{success, message}' },
      handler: async (req, res, { workspaceId }) => {
        await addons.remove(req.region, workspaceId, req.body.addonKeys);
        res.json({ success: true, message: BILLING_API_MESSAGES.addonsUpdated } satisfies ResponseOf<typeof BILLING_API.removeAddons>);
      },
    },
    {
      ...routeOf(BILLING_API.activateWhitelabelTrial),
      access: 'member',
      workspace: namedWorkspace,
      failures: [...WORKSPACE_FAILURES, 409],
      summary: 'stripe.activateWhitelabelTrial: 14 days of whitelabel, once per workspace',
      schemas: { body: workspaceBillingRequestSchema },
      success: { status: 200, description: '{success, message, trialEndsAt}' },
      handler: async (req, res, { workspaceId }) => {
        const { trialEndsAt } = await addons.activateWhitelabelTrial(req.region, workspaceId);
        res.json({ success: true, message: BILLING_API_MESSAGES.whitelabelTrialStarted, trialEndsAt } satisfies ResponseOf<typeof BILLING_API.activateWhitelabelTrial>);
      },
    },
    {
      ...routeOf(BILLING_API.saveAutoBilling),
      access: 'member',
      workspace: (req) => ({ workspaceId: req.body.uid }),
      failures: WORKSPACE_FAILURES,
      summary: 'The auto-billing mutation: automatic recharge on or off, threshold, amount and monthly limit (refused on the free plan)',
      schemas: { body: autoBillingRequestSchema },
      success: { status: 200, description: '{success, message}' },
      handler: async (req, res) => {
        await autoRecharge.save(req.region, req.body);
        res.json({ success: true, message: MESSAGES.billing.autochargeSaved } satisfies ResponseOf<typeof BILLING_API.saveAutoBilling>);
      },
    },
    {
      ...routeOf(BILLING_API.stripeWebhook),
      summary: 'Stripe events, signature checked (Stripe-Signature, 300 s tolerance), each applied once',
      access: 'public',
      schemas: { body: Joi.any() },
      success: { status: 200, description: '{success, applied}' },
      failures: [400],
      handler: async (req, res) => {
        const { applied } = await webhooks.receive('platform', req.rawBody, req.get('stripe-signature'));
        res.json({ success: true, applied } satisfies ResponseOf<typeof BILLING_API.stripeWebhook>);
      },
    },
    {
      ...routeOf(BILLING_API.stripeConnectWebhook),
      summary: "Connected accounts' Stripe events (Connect endpoint): signature checked with its own secret, each applied once",
      access: 'public',
      schemas: { body: Joi.any() },
      success: { status: 200, description: '{success, applied}' },
      failures: [400],
      handler: async (req, res) => {
        const { applied } = await webhooks.receive('connect', req.rawBody, req.get('stripe-signature'));
        res.json({ success: true, applied } satisfies ResponseOf<typeof BILLING_API.stripeConnectWebhook>);
      },
    },
  ];
}

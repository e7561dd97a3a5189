import type { Express } from 'express';
import Stripe from 'stripe';
import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { anonymous, dropAll, gateway, freshMongo, logger, signedCaller, workspaceIdentity, type Caller } from '@platform/test-support';
import { buildApp, routeTable } from '../../src/app';
import { loadConfig, type BillingConfig } from '../../src/config';
import { INDEXES } from '../../src/store/collections';
import type { Ledger } from '../../src/usecases/ledger';

export interface BillingHarness {
  app: Express;
  mongo: RegionalMongo;
  config: BillingConfig;
  ledger: Ledger;
  /** a workspace's own secret, as the gateway forwards it */
  asWorkspace: (uid: string, region?: Region) => Caller;
  anonymous: () => Caller;
  /** another platform service */
  asGateway: () => Caller;
  /** What billing told agency-domain's client records (a client's Stripe customer, billing §3). */
  clientCustomers: Array<{ region: Region; orgId: string; clientId: string; stripeCustomerId: string }>;
  /** A Stripe-Signature header for a payload, as Stripe signs webhooks. */
  sign: (payload: object, options?: { secret?: string; timestamp?: number }) => string;
  close: () => Promise<void>;
}

/** The billing app in-process on fresh databases, talking to stripe-mock (STRIPE_API_BASE); nobody is a member by session. */
export async function startBilling(options: { stripe?: Stripe } = {}): Promise<BillingHarness & { assembled: ReturnType<typeof routeTable> }> {
  const config = loadConfig();
  const mongo = await freshMongo();
  await mongo.ensureIndexes(INDEXES);
  const clientCustomers: BillingHarness['clientCustomers'] = [];
  const clientRecords = { recordStripeCustomer: async (region: Region, orgId: string, clientId: string, stripeCustomerId: string) => void clientCustomers.push({ region, orgId, clientId, stripeCustomerId }) };
  const deps = { config, mongo, logger, workspaces: { isMember: async () => false }, stripe: options.stripe, clientRecords };
  const assembled = routeTable(deps);
  const app = buildApp(deps, assembled);
  const as = signedCaller(app, config.platform.internalSigningSecret);
  const stripe = new Stripe(config.stripe.secretKey);
  return {
    app,
    mongo,
    config,
    ledger: assembled.ledger,
    assembled,
    asWorkspace: (uid, region = 'eu') => as(workspaceIdentity(uid, region), region),
    anonymous: () => as(anonymous),
    asGateway: () => as(gateway),
    clientCustomers,
    sign: (payload, options = {}) =>
      stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(payload), secret: options.secret ?? config.stripe.webhookSecret, timestamp: options.timestamp }),
    close: () => dropAll(mongo),
  };
}

import type Stripe from 'stripe';
import type { Region } from '@platform/contracts';
import type { Logger, RegionalMongo } from '@platform/kit';
import type { ClientRecords } from './clients/client-records';
import type { BillingConfig } from './config';
import { connectRoutes } from './routes/connect-routes';
import { AgencyConnectStore } from './store/agency-connect';
import { CreditAccountStore } from './store/credit-accounts';
import type { CreditLogStore } from './store/credit-logs';
import { CreditTransferStore } from './store/credit-transfers';
import { OrganizationBillingStore } from './store/organization-billing';
import { AgencyConnectUseCases } from './usecases/agency-connect';
import { ClientBillingUseCases } from './usecases/client-billing';
import { ClientOrganizations, type ConnectedAccountOf } from './usecases/client-organizations';
import { CreditTransferUseCases } from './usecases/credit-transfer';
import { OrgAutoRechargeUseCases } from './usecases/org-auto-recharge';
import type { Ledger } from './usecases/ledger';

/** Agency rebilling's part of the assembly (ADR 0022): connect, client billing and credit transfers. */
export function assembleConnect(deps: {
  config: BillingConfig;
  mongo: RegionalMongo;
  logger: Logger;
  stripe: Stripe;
  ledger: Ledger;
  logs: CreditLogStore;
  now: () => Date;
  /** after a transfer moved credits (the low-credit check, ADR 0026) */
  balancesChanged?: (region: Region, accountIds: string[]) => Promise<void>;
  /** nudges the outbox relay */
  eventsWritten?: () => void;
  /** agency-domain's client records (a client's Stripe customer) */
  clientRecords: ClientRecords;
}) {
  const { mongo, stripe, ledger, now } = deps;
  const organizations = new OrganizationBillingStore(mongo);
  const connects = new AgencyConnectStore(mongo);
  const connect = new AgencyConnectUseCases({ stripe, connects, publicUrl: deps.config.publicUrl, now });
  const clients = new ClientBillingUseCases({ stripe, organizations, connect, ledger, clientRecords: deps.clientRecords, logger: deps.logger, now });
  const crash = deps.config.crashBetweenTransferSides;
  const transfers = new CreditTransferUseCases({
    transfers: new CreditTransferStore(mongo),
    accounts: new CreditAccountStore(mongo),
    logs: deps.logs,
    ledger,
    organizations,
    logger: deps.logger,
    now,
    balancesChanged: deps.balancesChanged,
    // The crash test's fault: the process dies with the first side applied and the second not.
    betweenSides: crash ? () => process.kill(process.pid, 'SIGKILL') : undefined,
  });
  const accountOf: ConnectedAccountOf = async (region, workspaceId) => (await connects.find(region, workspaceId)).accountId;
  const clientOrgs = new ClientOrganizations({ organizations, accountOf, now });
  const orgAutoRecharge = new OrgAutoRechargeUseCases({ stripe, organizations, connect, ledger, logger: deps.logger, eventsWritten: deps.eventsWritten ?? (() => undefined), now });
  return { routes: connectRoutes({ connect, clients, transfers, organizations, clientOrgs, now }), transfers, orgAutoRecharge };
}

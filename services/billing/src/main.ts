import { serve, startPlatform } from '@platform/kit';
import { buildApp, routeTable } from './app';
import { loadConfig } from './config';
import { startCreditConsumer } from './events/credit-consumer';
import { startWorkspaceConsumer } from './events/workspace-consumer';
import { COLLECTION, INDEXES } from './store/collections';
import { ORGANIZATION_INDEXES, TRANSFER_COLLECTIONS } from './store/organization-collections';

/** How often stale organisation auto-recharges are looked for (an indexed query; usually none). */
const ORG_RECHARGE_SWEEP_MS = 60_000;

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'billing', config: config.platform, indexes: [...INDEXES, ...ORGANIZATION_INDEXES], outboxCollections: [COLLECTION.creditAccounts, TRANSFER_COLLECTIONS.organizationBilling] });
  const { logger, mongo, kafka, producer, readiness, relay } = platform;
  const deps = { config, mongo, logger, readiness, eventsWritten: () => relay.nudge() };
  const assembled = routeTable(deps);
  const { ledger, autoRecharge, transfers, lowCredit, orgAutoRecharge } = assembled;
  // Credit transfers a crash interrupted are completed before any request is served (ADR 0022).
  await transfers.completeInterrupted(mongo.regions());
  // Organisation auto-recharges a crash left in flight are finished under their own key (ADR 0026).
  const sweepRecharges = () => orgAutoRecharge.sweep(mongo.regions()).catch((err) => logger.warn({ err }, 'auto-recharge sweep failed'));
  await sweepRecharges();
  const sweeper = setInterval(sweepRecharges, ORG_RECHARGE_SWEEP_MS);
  const app = buildApp(deps, assembled);
  const consumers = await Promise.all([
    startCreditConsumer({
      kafka,
      producer,
      ledger,
      logger,
      groupId: config.ledger.consumerGroup,
      topic: config.ledger.topic,
      // Auto-recharge first: a balance it lifts back above the threshold is not "running low".
      afterApply: async (region, accountIds) => {
        await Promise.all([autoRecharge.check(region, accountIds), orgAutoRecharge.check(region, accountIds)]);
        await lowCredit.check(region, accountIds);
      },
    }),
    startWorkspaceConsumer({ kafka, producer, mongo, ledger, logger }),
  ]);
  await serve(app, { port: config.port, logger, closers: [async () => clearInterval(sweeper), ...consumers.map((consumer) => () => consumer.disconnect()), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('billing service failed to start', err);
  process.exit(1);
});

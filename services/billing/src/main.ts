import { serve, startPlatform } from '@platform/kit';
import { buildApp, routeTable } from './app';
import { loadConfig } from './config';
import { startCreditConsumer } from './events/credit-consumer';
import { startWorkspaceConsumer } from './events/workspace-consumer';
import { COLLECTION, INDEXES } from './store/collections';
import { ORGANIZATION_INDEXES } from './store/organization-collections';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'billing', config: config.platform, indexes: [...INDEXES, ...ORGANIZATION_INDEXES], outboxCollections: [COLLECTION.creditAccounts] });
  const { logger, mongo, kafka, producer, readiness, relay } = platform;
  const deps = { config, mongo, logger, readiness, eventsWritten: () => relay.nudge() };
  const assembled = routeTable(deps);
  const { ledger, autoRecharge, transfers, lowCredit } = assembled;
  // Credit transfers a crash interrupted are completed before any request is served (ADR 0022).
  await transfers.completeInterrupted(mongo.regions());
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
        await autoRecharge.check(region, accountIds);
        await lowCredit.check(region, accountIds);
      },
    }),
    startWorkspaceConsumer({ kafka, producer, mongo, ledger, logger }),
  ]);
  await serve(app, { port: config.port, logger, closers: [...consumers.map((consumer) => () => consumer.disconnect()), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('billing service failed to start', err);
  process.exit(1);
});

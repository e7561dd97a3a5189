import { serve, startPlatform } from '@platform/kit';
import { buildApp, routeTable } from './app';
import { loadConfig } from './config';
import { startReplyConsumer } from './events/reply-consumer';
import { INDEXES, OUTBOX_COLLECTIONS } from './store/collections';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'channels', config: config.platform, indexes: INDEXES, outboxCollections: OUTBOX_COLLECTIONS });
  const { logger, mongo, kafka, producer, relay, readiness } = platform;
  const deps = { config, mongo, logger, producer, eventsWritten: () => relay.nudge(), readiness };
  const app = buildApp(deps);
  const consumer = await startReplyConsumer({ kafka, producer, mongo, logger, replies: routeTable(deps).replies });
  await serve(app, { port: config.port, logger, closers: [() => consumer.disconnect(), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('channels service failed to start', err);
  process.exit(1);
});

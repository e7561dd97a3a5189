import { serve, startPlatform } from '@platform/kit';
import { assemble, buildApp } from './app';
import { loadConfig } from './config';
import { keepPushingNotifications, startPlatformEventConsumer } from './events/platform-events';
import { INDEXES, NOTIFICATION_COLLECTIONS } from './store/collections';
import { startDeliveryWorker } from './usecases/event-deliveries';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'notification', config: config.platform, indexes: INDEXES, outboxCollections: Object.values(NOTIFICATION_COLLECTIONS) });
  const { logger, mongo, relay, readiness, kafka, producer } = platform;
  const deps = { config, mongo, logger, readiness, eventsWritten: () => relay.nudge() };
  const assembled = assemble(deps);
  const app = buildApp(deps, assembled);
  const live = keepPushingNotifications({ kafka, logger, live: assembled.live });
  const consumer = await startPlatformEventConsumer({ kafka, producer, mongo, logger, notifications: assembled.notifications, deliveries: assembled.deliveries });
  const stopWorker = startDeliveryWorker(assembled.deliveries, mongo.regions(), config.deliveryPollMs, logger);
  await serve(app, { port: config.port, logger, closers: [stopWorker, () => consumer.disconnect(), () => live.stop(), () => assembled.mailer.close(), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('notification service failed to start', err);
  process.exit(1);
});

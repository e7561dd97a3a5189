import { serve, startPlatform } from '@platform/kit';
import { buildApp } from './app';
import { loadConfig } from './config';
import { COLLECTION, INDEXES } from './store/collections';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'agency-domain', config: config.platform, indexes: INDEXES, outboxCollections: [COLLECTION.agencies] });
  const { logger, mongo, relay, readiness } = platform;
  const app = buildApp({ config, mongo, logger, eventsWritten: () => relay.nudge(), readiness });
  await serve(app, { port: config.port, logger, closers: [platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('agency-domain service failed to start', err);
  process.exit(1);
});

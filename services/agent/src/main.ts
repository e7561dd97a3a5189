import { serve, startPlatform } from '@platform/kit';
import { buildApp } from './app';
import { loadConfig } from './config';
import { COLLECTION, INDEXES } from './store/collections';
import { GridFsFileStorage } from './store/files-storage';
import { startTemporaryFileSweep } from './usecases/temporary-files';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'agent', config: config.platform, indexes: INDEXES, outboxCollections: [COLLECTION.agents] });
  const { logger, mongo, relay, readiness } = platform;
  const files = new GridFsFileStorage(mongo);
  const app = buildApp({ config, mongo, logger, files, eventsWritten: () => relay.nudge(), readiness });
  const stopSweep = startTemporaryFileSweep({ files, regions: mongo.regions(), logger });
  await serve(app, { port: config.port, logger, closers: [async () => stopSweep(), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('agent service failed to start', err);
  process.exit(1);
});

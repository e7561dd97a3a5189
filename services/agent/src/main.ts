import { serve, startPlatform } from '@platform/kit';
import { buildApp, conversationRuntime, defaultCredits, defaultKnowledge } from './app';
import { startIngestWorker } from './knowledge/events/ingest-worker';
import { keepConsumingChannelMessages } from './events/channel-messages';
import { CONVERSATION_COLLECTIONS } from './store/conversations';
import { protectedStores } from './store/sealed-stores';
import { loadConfig } from './config';
import { COLLECTION, INDEXES } from './store/collections';
import { GridFsFileStorage } from './store/files-storage';
import { startTemporaryFileSweep } from './usecases/temporary-files';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'agent', config: config.platform, indexes: INDEXES, outboxCollections: [COLLECTION.agents, CONVERSATION_COLLECTIONS.conversations] });
  const { logger, mongo, relay, readiness } = platform;
  const files = new GridFsFileStorage(mongo);
  const knowledge = defaultKnowledge({ config, mongo, logger, files });
  const app = buildApp({ config, mongo, logger, files, knowledge, eventsWritten: (inserted) => relay.nudge(inserted), readiness });
  const knowledgeWorker = startIngestWorker({ ingest: knowledge.ingest, regions: () => mongo.regions(), pollMs: config.knowledge.pollMs, logger });
  knowledge.onSourceAdded(knowledgeWorker.wake);
  const stopSweep = startTemporaryFileSweep({ files, regions: mongo.regions(), logger });
  const deps = { config, mongo, logger, eventsWritten: () => relay.nudge() };
  const channelMessages = keepConsumingChannelMessages({
    kafka: platform.kafka,
    producer: platform.producer,
    mongo,
    logger,
    agents: protectedStores(mongo, config.channelCredentialsKey).agents,
    runtime: conversationRuntime(deps, defaultCredits(config, logger), knowledge),
  });
  await serve(app, { port: config.port, logger, closers: [async () => stopSweep(), () => knowledgeWorker.stop(), () => channelMessages.stop(), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('agent service failed to start', err);
  process.exit(1);
});

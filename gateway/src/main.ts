import { MongoClient } from 'mongodb';
import { createLogger, serve } from '@platform/kit';
import { buildGateway } from './app';
import { loadConfig } from './config';
import { startRevocationConsumer } from './events/revocations';
import { answerExpectContinue } from './routes/proxy';
import { RATE_COUNTS_COLLECTION, SharedRateCounts } from './store/rate-counts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('gateway', config.logLevel);
  // Rate-limit counts are shared through this store when configured (several replicas). The
  // driver connects on first use: a store that is down delays sharing, never the gateway's start.
  const mongo = config.rateLimit.storeUrl ? new MongoClient(config.rateLimit.storeUrl, { serverSelectionTimeoutMS: 5_000 }) : undefined;
  const rateCounts = new SharedRateCounts({
    windowMs: config.rateLimit.windowMs,
    syncMs: config.rateLimit.syncMs,
    collection: mongo?.db().collection(RATE_COUNTS_COLLECTION),
    logger,
  }).start();
  const { app, admin, applyRevocation } = buildGateway(config, logger, { rateCounts });
  const revocations = config.kafkaBrokers.length ? startRevocationConsumer({ brokers: config.kafkaBrokers, logger, apply: applyRevocation }) : undefined;
  if (!revocations) logger.warn('KAFKA_BROKERS unset: revocations reach other replicas only when their caches expire');
  const internal = config.adminPort ? admin.listen(config.adminPort) : undefined;
  const closers = [
    async () => void internal?.close(),
    async () => revocations?.stop(),
    () => rateCounts.stop(),
    async () => mongo?.close(),
  ];
  const running = await serve(app, { port: config.port, logger, closers });
  answerExpectContinue(running.server, app);
}

void main();

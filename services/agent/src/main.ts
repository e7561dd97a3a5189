import { RegionalMongo, OutboxRelay, checkKafka, createKafka, createLogger, createProducer, serve } from '@platform/kit';
import { buildApp } from './app';
import { loadConfig } from './config';
import { MEDIA_INDEXES } from './routes/media-routes';
import { COLLECTION, INDEXES } from './store/collections';

async function main() {
  const config = loadConfig();
  const logger = createLogger('agent', config.platform.logLevel);
  const mongo = await new RegionalMongo(config.platform.mongoUrls).connect();
  await mongo.ensureIndexes([...INDEXES, ...MEDIA_INDEXES]);

  const kafka = createKafka({ clientId: 'agent', brokers: config.platform.kafkaBrokers, logger });
  const producer = createProducer(kafka);
  // Events wait in their documents while Kafka is down; the relay keeps retrying.
  producer.connect().catch((err) => logger.warn({ err }, 'kafka producer not connected yet'));
  const relay = new OutboxRelay({ mongo, producer, collections: [COLLECTION.agents], logger });
  relay.start();

  const app = buildApp({
    config,
    mongo,
    logger,
    eventsWritten: () => relay.nudge(),
    readiness: [
      { name: 'mongo', check: () => mongo.ping() },
      { name: 'kafka', check: () => checkKafka(kafka) },
    ],
  });

  await serve(app, {
    port: config.port,
    logger,
    closers: [() => relay.stop(), () => producer.disconnect(), () => mongo.close()],
  });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('agent service failed to start', err);
  process.exit(1);
});

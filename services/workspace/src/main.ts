import { RegionalMongo, OutboxRelay, checkKafka, createKafka, createLogger, createProducer, serve } from '@platform/kit';
import { buildApp } from './app';
import { loadConfig } from './config';
import { smtpMailer } from './mail/mailer';
import { COLLECTION, INDEXES } from './store/collections';

async function main() {
  const config = loadConfig();
  const logger = createLogger('workspace', config.platform.logLevel);
  const mongo = await new RegionalMongo(config.platform.mongoUrls).connect();
  await mongo.ensureIndexes(INDEXES);

  const kafka = createKafka({ clientId: 'workspace', brokers: config.platform.kafkaBrokers, logger });
  const producer = createProducer(kafka);
  // Events wait in their documents while Kafka is down; the relay keeps retrying.
  producer.connect().catch((err) => logger.warn({ err }, 'kafka producer not connected yet'));
  const relay = new OutboxRelay({ mongo, producer, collections: [COLLECTION.workspaces], logger });
  relay.start();

  const mailer = smtpMailer(config.smtpUrl, config.mailFrom);
  const app = buildApp({
    config,
    mongo,
    mailer,
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
    closers: [() => relay.stop(), () => producer.disconnect(), () => mailer.close(), () => mongo.close()],
  });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('workspace service failed to start', err);
  process.exit(1);
});

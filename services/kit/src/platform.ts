import type { Kafka, Producer } from 'kafkajs';
import type { PlatformConfig } from './config/env';
import { checkKafka, createKafka, createProducer } from './events/kafka';
import { OutboxRelay } from './events/relay';
import type { ReadinessCheck } from './http/app';
import { createLogger, type Logger } from './logger';
import { RegionalMongo, type CollectionIndexes } from './mongo/regional';

/** What every service runs on: its logger, Mongo per region, Kafka and the outbox relay. */
export interface Platform {
  logger: Logger;
  mongo: RegionalMongo;
  kafka: Kafka;
  producer: Producer;
  relay: OutboxRelay;
  /** Mongo and Kafka reachable: the service's /readyz. */
  readiness: ReadinessCheck[];
  /** Stops the relay, flushes the producer, closes Mongo, in that order. */
  close: () => Promise<void>;
}

export interface PlatformOptions {
  service: string;
  config: PlatformConfig;
  indexes: CollectionIndexes[];
  /** The collections whose documents carry an outbox. */
  outboxCollections: string[];
}

/**
 * Connects a service to the platform at start: indexes created, producer connecting, relay
 * running. Kafka may still be down: events wait in their documents and the relay retries.
 */
export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const logger = createLogger(options.service, options.config.logLevel);
  const mongo = await new RegionalMongo(options.config.mongoUrls).connect();
  await mongo.ensureIndexes(options.indexes);

  const kafka = createKafka({ clientId: options.service, brokers: options.config.kafkaBrokers, logger });
  const producer = createProducer(kafka);
  producer.connect().catch((err) => logger.warn({ err }, 'kafka producer not connected yet'));
  const relay = new OutboxRelay({ mongo, producer, collections: options.outboxCollections, logger });
  relay.start();

  return {
    logger,
    mongo,
    kafka,
    producer,
    relay,
    readiness: [
      { name: 'mongo', check: () => mongo.ping() },
      { name: 'kafka', check: () => checkKafka(kafka) },
    ],
    close: async () => {
      await relay.stop();
      await producer.disconnect();
      await mongo.close();
    },
  };
}

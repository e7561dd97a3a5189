import { Kafka, logLevel, type Producer } from 'kafkajs';
import type { Logger } from '../logger';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** A kafkajs client whose logs go through the service's pino logger. */
export function createKafka(options: { clientId: string; brokers: string[]; logger: Logger }): Kafka {
  const log = options.logger.child({ component: 'kafka' });
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: 3_000,
    // Short waits: a broker that comes back is reconnected to within about a second (ADR 0011).
    retry: { initialRetryTime: 100, maxRetryTime: 1_000, retries: 3 },
    logLevel: logLevel.WARN,
    logCreator: () => ({ level, log: entry }) => {
      const { message, ...extra } = entry;
      log[LEVELS[level] ?? 'info'](extra, message);
    },
  });
}

/**
 * Idempotent producer: the broker drops retried duplicates, and one request in flight
 * keeps the order of a key's events. A send gives up within about a second (the outbox
 * relay retries it), so a broker that comes back is used within a second (ADR 0011).
 */
export function createProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    retry: { initialRetryTime: 100, maxRetryTime: 400, retries: 3 },
  });
}

/** Readiness: the cluster answers a metadata request. */
export async function checkKafka(kafka: Kafka): Promise<void> {
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.describeCluster();
  } finally {
    await admin.disconnect();
  }
}

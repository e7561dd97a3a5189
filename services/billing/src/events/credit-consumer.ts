import type { Consumer, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { TOPICS, dlqTopic, eventSchema, type Region } from '@platform/contracts';
import { runUntilDisconnected, type Logger } from '@platform/kit';
import { organizationAccountId } from '../domain/credit-transfer';
import type { Consumption } from '../domain/ledger';
import type { Ledger } from '../usecases/ledger';

const consumedEventSchema = eventSchema('credits.consumed');

/** The consumption, or null for a message that is not a valid credits.consumed event. */
export function toConsumption(message: KafkaMessage, partition: number): Consumption | null {
  try {
    const { value, error } = consumedEventSchema.validate(JSON.parse(message.value?.toString('utf8') ?? ''));
    if (error) return null;
    const { orgId, ...entry } = value.data;
    // An organisation's agent spends the organisation's credits (ADR 0026).
    const accountId = orgId ? organizationAccountId(orgId) : value.workspaceId;
    return { eventId: value.id, region: value.region, workspaceId: value.workspaceId, accountId, partition, offset: Number(message.offset), entry };
  } catch {
    return null;
  }
}

/**
 * Reads billing.credit-consumption in batches and hands each partition's batch to the ledger;
 * offsets are committed only after the ledger has written them into the accounts, so a crash
 * replays at most the uncommitted tail, which the accounts' recorded offsets skip.
 */
export async function startCreditConsumer(options: {
  kafka: Kafka;
  producer: Producer;
  ledger: Ledger;
  logger: Logger;
  groupId: string;
  topic: string;
  partitionsConcurrently?: number;
  /** Runs once a batch is applied, per region with the ledger accounts it touched (auto-recharge, low credits). */
  afterApply?: (region: Region, accountIds: string[]) => Promise<void>;
}): Promise<Consumer> {
  const log = options.logger.child({ component: 'credit-consumer' });
  const consumer = options.kafka.consumer({ groupId: options.groupId, allowAutoTopicCreation: false, maxBytesPerPartition: 4 * 1024 * 1024 });
  await consumer.connect();
  await consumer.subscribe({ topic: options.topic, fromBeginning: true });
  await runUntilDisconnected(consumer, {
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: options.partitionsConcurrently ?? TOPICS.creditConsumption.partitions,
    eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
      if (!isRunning() || isStale() || !batch.messages.length) return;
      const consumptions: Consumption[] = [];
      const malformed: KafkaMessage[] = [];
      for (const message of batch.messages) {
        const consumption = toConsumption(message, batch.partition);
        if (consumption) consumptions.push(consumption);
        else malformed.push(message);
      }
      if (malformed.length) {
        await options.producer.send({ topic: dlqTopic(batch.topic), messages: malformed.map((m) => ({ key: m.key, value: m.value, headers: { ...m.headers, 'dlq-reason': 'not a credits.consumed event' } })) });
        log.warn({ count: malformed.length, partition: batch.partition }, 'malformed consumption events sent to dead-letter topic');
      }
      await options.ledger.applyConsumptions(batch.partition, consumptions);
      resolveOffset(batch.lastOffset());
      await heartbeat();
      await commitOffsetsIfNecessary();
      if (options.afterApply) {
        for (const region of new Set(consumptions.map((c) => c.region))) {
          await options.afterApply(region, [...new Set(consumptions.filter((c) => c.region === region).map((c) => c.accountId))]);
        }
      }
    },
  }, log);
  return consumer;
}

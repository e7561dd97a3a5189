import type { Consumer, Kafka, Producer } from 'kafkajs';
import { TOPICS, eventSchema } from '@platform/contracts';
import { startIdempotentConsumer, type Logger, type RegionalMongo } from '@platform/kit';
import type { Ledger } from '../usecases/ledger';

const createdSchema = eventSchema('workspace.created');

/** The grant key of a workspace's opening balance. */
export const openingGrantKey = (uid: string) => `opening:${uid}`;

/** Opens each new workspace's credit account with the credits it was created with (ADR 0014). */
export function startWorkspaceConsumer(options: { kafka: Kafka; producer: Producer; mongo: RegionalMongo; ledger: Ledger; logger: Logger }): Promise<Consumer> {
  return startIdempotentConsumer({
    kafka: options.kafka,
    producer: options.producer,
    mongo: options.mongo,
    logger: options.logger,
    groupId: 'billing.workspace-accounts',
    topics: [TOPICS.workspaceEvents.name],
    handle: async ({ event }) => {
      if (event.type !== 'workspace.created') return;
      const { value, error } = createdSchema.validate(event);
      if (error) throw error;
      const { uid, loadTokens = 0 } = value.data;
      await options.ledger.grant(value.region, uid, openingGrantKey(uid), { amount: loadTokens, ts: Date.parse(value.occurredAt), direction: 'increase', logMessage: 'Opening balance' });
    },
  });
}

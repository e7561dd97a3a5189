import type { Kafka, Producer } from 'kafkajs';
import { TOPICS, validateEvent } from '@platform/contracts';
import { startIdempotentConsumer, type Logger, type RegionalMongo } from '@platform/kit';
import type { ReplySender } from '../usecases/replies';

export const REPLY_CONSUMER_GROUP = 'channels-replies';

/** channels.outbound-messages: each reply-requested event sent through its provider, once. */
export function startReplyConsumer(options: { kafka: Kafka; producer: Producer; mongo: RegionalMongo; logger: Logger; replies: ReplySender; groupId?: string; fromBeginning?: boolean }) {
  return startIdempotentConsumer({
    kafka: options.kafka,
    producer: options.producer,
    mongo: options.mongo,
    logger: options.logger,
    groupId: options.groupId ?? REPLY_CONSUMER_GROUP,
    ...(options.fromBeginning === undefined ? {} : { fromBeginning: options.fromBeginning }),
    topics: [TOPICS.channelOutboundMessages.name],
    handle: async ({ event }) => {
      const { value, error } = validateEvent(event);
      if (error) throw new Error(`invalid event: ${error.message}`);
      if (value.type === 'channel.reply-requested') await options.replies.send(value);
    },
  });
}

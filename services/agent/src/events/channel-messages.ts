import type { Kafka, Producer, Consumer } from 'kafkajs';
import { TOPICS, channelConversationKey, validateEvent, type ChannelMessageReceivedData, type Region } from '@platform/contracts';
import { regionsFrom, startIdempotentConsumer, type ConsumedEvent, type Logger, type RegionalMongo } from '@platform/kit';
import { channelConversationId } from '../domain/conversation';
import type { AgentStore } from '../store/agents';
import type { ConversationRuntime } from '../usecases/runtime';

export const CHANNEL_MESSAGES_GROUP = 'agent-runtime';

/**
 * One channel message: the agent answers it in the conversation of its sender, and the
 * reply (channel.reply-requested) and credits.consumed are written with the conversation.
 * The message's provider id (else the event id) makes a redelivery a no-op.
 */
export async function handleChannelMessage(deps: { agents: AgentStore; runtime: ConversationRuntime; logger: Logger }, consumed: ConsumedEvent): Promise<void> {
  const { value: event, error } = validateEvent(consumed.event);
  if (error || event.type !== 'channel.message-received') throw new Error(`not a channel message: ${error?.message ?? event.type}`);
  const data: ChannelMessageReceivedData = event.data;
  let found: { region: Region; agent: NonNullable<Awaited<ReturnType<AgentStore['find']>>> } | undefined;
  for (const region of regionsFrom(event.region)) {
    const agent = await deps.agents.find(region, data.agentId);
    if (agent) {
      found = { region, agent };
      break;
    }
  }
  if (!found) {
    deps.logger.warn({ agentId: data.agentId, eventId: event.id }, 'channel message for an unknown agent dropped');
    return;
  }
  await deps.runtime.answer(found.region, found.agent, {
    channel: data.channelType,
    conversationId: channelConversationId(channelConversationKey(data)),
    participantId: data.senderId,
    messageId: data.externalMessageId ?? event.id,
    text: data.text,
    reply: { agentId: data.agentId, channelType: data.channelType, channelId: data.channelId, recipientId: data.senderId, ...(data.externalMessageId ? { inReplyTo: data.externalMessageId } : {}) },
  });
}

/** Consumes channels.inbound-messages with the kit's idempotent consumer (dedupe by event id, retries, dead letters). */
export function startChannelMessageConsumer(options: {
  kafka: Kafka;
  producer: Producer;
  mongo: RegionalMongo;
  logger: Logger;
  agents: AgentStore;
  runtime: ConversationRuntime;
  groupId?: string;
  /** a new group starts at the topic's beginning unless false (a test's group starts at its end) */
  fromBeginning?: boolean;
}): Promise<Consumer> {
  return startIdempotentConsumer({
    kafka: options.kafka,
    producer: options.producer,
    mongo: options.mongo,
    logger: options.logger,
    groupId: options.groupId ?? CHANNEL_MESSAGES_GROUP,
    ...(options.fromBeginning === undefined ? {} : { fromBeginning: options.fromBeginning }),
    // one conversation per key stays in order; the topic's partitions answer side by side
    partitionsConsumedConcurrently: TOPICS.channelInboundMessages.partitions,
    topics: [TOPICS.channelInboundMessages.name],
    handle: (consumed) => handleChannelMessage(options, consumed),
  });
}

/**
 * The consumer for the service's lifetime: a broker that is down at start does not stop the
 * service (its HTTP routes work without Kafka); connecting is retried until it succeeds.
 */
export function keepConsumingChannelMessages(options: Parameters<typeof startChannelMessageConsumer>[0], retryMs = 5_000): { stop: () => Promise<void> } {
  let consumer: Consumer | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    try {
      consumer = await startChannelMessageConsumer(options);
      if (stopped) await consumer.disconnect();
    } catch (err) {
      options.logger.warn({ err }, 'channel message consumer not started yet; retrying');
      if (!stopped) timer = setTimeout(() => void attempt(), retryMs);
    }
  };
  void attempt();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await consumer?.disconnect();
    },
  };
}

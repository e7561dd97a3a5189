export interface TopicDefinition {
  name: string;
  partitions: number;
  description: string;
}

/**
 * Every Kafka topic of the platform. Partner topics carry the spec's fire-and-forget hooks;
 * the others are internal. Messages are keyed by the aggregate id, so 6 partitions keep
 * per-agent and per-workspace order while letting consumers scale out.
 */
export const TOPICS = {
  newAgent: {
    name: 'new-agent',
    partitions: 6,
    description: 'Partner topic: an agent was created. Data {agent} without secrets; key: agent id.',
  },
  newChannelConnection: {
    name: 'new-channel-connection',
    partitions: 6,
    description: 'Partner topic: an agent was connected to a channel. Data {agentId, agentType, channelId, channelType}; key: agent id.',
  },
  newAgencySubdomain: {
    name: 'new-agency-subdomain',
    partitions: 6,
    description: 'Partner topic: an agency set up a product subdomain. Data {agency, user, domain}; key: agency id.',
  },
  channelInboundMessages: {
    name: 'channels.inbound-messages',
    partitions: 6,
    description:
      'Messages received on connected channels (WhatsApp, Instagram, Messenger, Discord, Telegram), written before the webhook is acknowledged; key: agent id + conversation, so one conversation stays in order.',
  },
  channelOutboundMessages: {
    name: 'channels.outbound-messages',
    partitions: 6,
    description: "The runtime's replies to channel messages, sent through the provider's API by channels; key: agent id + conversation.",
  },
  creditConsumption: {
    name: 'billing.credit-consumption',
    partitions: 6,
    description: 'Credits consumed by agents and features, applied to balances once per event; key: workspace id.',
  },
  notificationRequests: {
    name: 'notifications.requests',
    partitions: 6,
    description: 'E-mails and organisation notifications to deliver, requests for a person in a conversation, notifications stored (pushed to open dashboards); key: organisation id, else agent or workspace id.',
  },
  workspaceEvents: {
    name: 'workspace.events',
    partitions: 6,
    description: 'Workspace lifecycle: created, updated, deleted, member joined or removed; key: workspace id.',
  },
  credentialRevocations: {
    name: 'platform.credential-revocations',
    partitions: 3,
    description:
      'Sessions ended and secrets rotated, so every gateway replica drops its cached verdicts at once; each replica reads every event (its own consumer group). Ids only, never a secret; key: user, workspace or agent id.',
  },
  platformProbe: {
    name: 'platform.probe',
    partitions: 1,
    description: 'Round-trip checks of the Kafka setup by infrastructure tests; no business consumer.',
  },
} as const satisfies Record<string, TopicDefinition>;

export type TopicKey = keyof typeof TOPICS;
export type TopicName = (typeof TOPICS)[TopicKey]['name'];

/** Where a consumer parks a message it cannot process. */
export const dlqTopic = (name: string) => `${name}.dlq`;
/** Dead letters are rare and read in order by people, so one partition. */
export const DLQ_PARTITIONS = 1;
/**
 * Topics without a dead-letter topic: the probe has no consumer that could fail, and a
 * revocation only evicts cache entries (nothing to retry; the cache TTL is the safety net).
 */
const TOPICS_WITHOUT_DLQ: readonly TopicName[] = [TOPICS.platformProbe.name, TOPICS.credentialRevocations.name];

/** Every topic to create: TOPICS plus the dead-letter topic of each consumed one. */
export function allTopics(): TopicDefinition[] {
  const topics: TopicDefinition[] = Object.values(TOPICS);
  const deadLetters = topics
    .filter((topic) => !TOPICS_WITHOUT_DLQ.includes(topic.name as TopicName))
    .map((topic) => ({
      name: dlqTopic(topic.name),
      partitions: DLQ_PARTITIONS,
      description: `Dead letters of ${topic.name}: the original message with the failure in headers.`,
    }));
  return [...topics, ...deadLetters];
}

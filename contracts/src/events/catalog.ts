import Joi from 'joi';
import { TOPICS, type TopicName } from '../topics';
import { eventEnvelopeSchema, eventSchemaOf, type EventEnvelope } from './envelope';
import {
  agentSecretKeyRotatedDataSchema,
  agencyChangedDataSchema,
  channelConversationKey,
  channelMessageReceivedDataSchema,
  channelReplyRequestedDataSchema,
  creditsConsumedDataSchema,
  creditsLowDataSchema,
  humanRequestedDataSchema,
  notificationCreatedDataSchema,
  notificationRequestedDataSchema,
  platformProbeDataSchema,
  sessionEndedDataSchema,
  userSessionsEndedDataSchema,
  workspaceCreatedDataSchema,
  workspaceDeletedDataSchema,
  workspaceMemberDataSchema,
  workspaceSecretRotatedDataSchema,
  workspaceUpdatedDataSchema,
  type AgentSecretKeyRotatedData,
  type AgencyChangedData,
  type ChannelMessageReceivedData,
  type ChannelReplyRequestedData,
  type CreditsConsumedData,
  type CreditsLowData,
  type HumanRequestedData,
  type NotificationCreatedData,
  type NotificationRequestedData,
  type PlatformProbeData,
  type SessionEndedData,
  type UserSessionsEndedData,
  type WorkspaceCreatedData,
  type WorkspaceDeletedData,
  type WorkspaceMemberData,
  type WorkspaceSecretRotatedData,
  type WorkspaceUpdatedData,
} from './internal';
import {
  newAgencySubdomainEventDataSchema,
  newAgentEventDataSchema,
  newChannelConnectionEventDataSchema,
  type NewAgencySubdomainEventData,
  type NewAgentEventData,
  type NewChannelConnectionEventData,
} from './partner';

/** Data of every event type. */
export interface EventDataMap {
  'new-agent': NewAgentEventData;
  'new-channel-connection': NewChannelConnectionEventData;
  'new-agency-subdomain': NewAgencySubdomainEventData;
  'channel.message-received': ChannelMessageReceivedData;
  'channel.reply-requested': ChannelReplyRequestedData;
  'credits.consumed': CreditsConsumedData;
  'notification.requested': NotificationRequestedData;
  'workspace.created': WorkspaceCreatedData;
  'workspace.updated': WorkspaceUpdatedData;
  'workspace.deleted': WorkspaceDeletedData;
  'workspace.member-joined': WorkspaceMemberData;
  'workspace.member-removed': WorkspaceMemberData;
  'platform.probe': PlatformProbeData;
  'credentials.session-ended': SessionEndedData;
  'credentials.user-sessions-ended': UserSessionsEndedData;
  'credentials.workspace-secret-rotated': WorkspaceSecretRotatedData;
  'credentials.agent-secret-key-rotated': AgentSecretKeyRotatedData;
  'credentials.agency-changed': AgencyChangedData;
  'conversation.human-requested': HumanRequestedData;
  'notification.created': NotificationCreatedData;
  'credits.low': CreditsLowData;
}
export type EventType = keyof EventDataMap;
export type PlatformEvent<T extends EventType = EventType> = { [K in T]: EventEnvelope<K, EventDataMap[K]> }[T];

interface EventDefinition<T extends EventType> {
  topic: TopicName;
  data: Joi.ObjectSchema<EventDataMap[T]>;
  /** Kafka message key: the aggregate whose events must stay in order. */
  key: (event: EventEnvelope<T, EventDataMap[T]>) => string;
}

const byWorkspace = (event: { workspaceId: string }) => event.workspaceId;

/** Topic, data schema and message key of every event type. */
export const EVENT_CATALOG: { [T in EventType]: EventDefinition<T> } = {
  'new-agent': { topic: TOPICS.newAgent.name, data: newAgentEventDataSchema, key: (event) => event.data.agent.ID },
  'new-channel-connection': {
    topic: TOPICS.newChannelConnection.name,
    data: newChannelConnectionEventDataSchema,
    key: (event) => event.data.agentId,
  },
  'new-agency-subdomain': {
    topic: TOPICS.newAgencySubdomain.name,
    data: newAgencySubdomainEventDataSchema,
    key: (event) => event.data.agency.ID,
  },
  'channel.message-received': {
    topic: TOPICS.channelInboundMessages.name,
    data: channelMessageReceivedDataSchema,
    key: (event) => channelConversationKey(event.data),
  },
  'channel.reply-requested': {
    topic: TOPICS.channelOutboundMessages.name,
    data: channelReplyRequestedDataSchema,
    key: (event) => channelConversationKey({ ...event.data, senderId: event.data.recipientId }),
  },
  'credits.consumed': { topic: TOPICS.creditConsumption.name, data: creditsConsumedDataSchema, key: byWorkspace },
  'notification.requested': {
    topic: TOPICS.notificationRequests.name,
    data: notificationRequestedDataSchema,
    key: (event) => (event.data.channel === 'organization' ? event.data.orgId : event.workspaceId),
  },
  'workspace.created': { topic: TOPICS.workspaceEvents.name, data: workspaceCreatedDataSchema, key: byWorkspace },
  'workspace.updated': { topic: TOPICS.workspaceEvents.name, data: workspaceUpdatedDataSchema, key: byWorkspace },
  'workspace.deleted': { topic: TOPICS.workspaceEvents.name, data: workspaceDeletedDataSchema, key: byWorkspace },
  'workspace.member-joined': { topic: TOPICS.workspaceEvents.name, data: workspaceMemberDataSchema, key: byWorkspace },
  'workspace.member-removed': { topic: TOPICS.workspaceEvents.name, data: workspaceMemberDataSchema, key: byWorkspace },
  'platform.probe': { topic: TOPICS.platformProbe.name, data: platformProbeDataSchema, key: byWorkspace },
  'credentials.session-ended': { topic: TOPICS.credentialRevocations.name, data: sessionEndedDataSchema, key: (event) => event.data.userId },
  'credentials.user-sessions-ended': { topic: TOPICS.credentialRevocations.name, data: userSessionsEndedDataSchema, key: (event) => event.data.userId },
  'credentials.workspace-secret-rotated': { topic: TOPICS.credentialRevocations.name, data: workspaceSecretRotatedDataSchema, key: (event) => event.data.uid },
  'credentials.agent-secret-key-rotated': { topic: TOPICS.credentialRevocations.name, data: agentSecretKeyRotatedDataSchema, key: (event) => event.data.agentId },
  'credentials.agency-changed': { topic: TOPICS.credentialRevocations.name, data: agencyChangedDataSchema, key: (event) => event.data.agencyId },
  'conversation.human-requested': { topic: TOPICS.notificationRequests.name, data: humanRequestedDataSchema, key: (event) => event.data.agentId },
  'notification.created': { topic: TOPICS.notificationRequests.name, data: notificationCreatedDataSchema, key: (event) => event.data.orgId },
  'credits.low': { topic: TOPICS.notificationRequests.name, data: creditsLowDataSchema, key: (event) => event.data.orgId ?? event.workspaceId },
};
/** The events on the revocations topic, which the gateway applies to its caches. */
export type RevocationEvent = PlatformEvent<'credentials.session-ended' | 'credentials.user-sessions-ended' | 'credentials.workspace-secret-rotated' | 'credentials.agent-secret-key-rotated' | 'credentials.agency-changed'>;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/** The full envelope schema of one event type, built once per type: a joi schema is immutable, and building one costs more than a validation (every consumed event is validated). */
const schemasByType = new Map<EventType, Joi.ObjectSchema>();
export const eventSchema = <T extends EventType>(type: T): ReturnType<typeof eventSchemaOf<T, EventDataMap[T]>> => {
  let schema = schemasByType.get(type);
  if (!schema) schemasByType.set(type, (schema = eventSchemaOf(type, EVENT_CATALOG[type].data)));
  return schema as ReturnType<typeof eventSchemaOf<T, EventDataMap[T]>>;
};

/** Builds an event: a fresh UUID as id, now as occurredAt. */
export function makeEvent<T extends EventType>(
  type: T,
  { region, workspaceId, data }: Pick<EventEnvelope<T, EventDataMap[T]>, 'region' | 'workspaceId' | 'data'>,
  version = 1,
): EventEnvelope<T, EventDataMap[T]> {
  return { id: globalThis.crypto.randomUUID(), type, version, occurredAt: new Date().toISOString(), region, workspaceId, data };
}

const unknownTypeSchema = eventEnvelopeSchema.keys({ type: Joi.string().valid(...EVENT_TYPES).required() });
/** Validates an event of any known type against its envelope and data schema. */
export function validateEvent(event: unknown): Joi.ValidationResult<PlatformEvent> {
  const type = (event as { type?: unknown } | null)?.type;
  const schema = isEventType(type) ? eventSchema(type) : unknownTypeSchema;
  return schema.validate(event) as Joi.ValidationResult<PlatformEvent>;
}
const isEventType = (type: unknown): type is EventType => typeof type === 'string' && Object.hasOwn(EVENT_CATALOG, type);

/** Topic and key to publish an event with. */
export function eventRoute<T extends EventType>(event: EventEnvelope<T, EventDataMap[T]>): { topic: TopicName; key: string } {
  const definition = EVENT_CATALOG[event.type] as EventDefinition<T>;
  return { topic: definition.topic, key: definition.key(event) };
}

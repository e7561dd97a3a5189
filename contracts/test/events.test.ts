import {
  DLQ_PARTITIONS,
  EVENT_CATALOG,
  EVENT_TYPES,
  TOPICS,
  allTopics,
  dlqTopic,
  eventEnvelopeSchema,
  eventRoute,
  eventSchema,
  makeEvent,
  newAgentEventDataSchema,
  validateEvent,
} from '@platform/contracts';
import { errorOf } from './helpers';
import { sampleEvents } from './samples';

describe('topics', () => {
  it('has the three partner topics with 6 partitions', () => {
    for (const name of ['new-agent', 'new-channel-connection', 'new-agency-subdomain']) {
      const topic = Object.values(TOPICS).find((candidate) => candidate.name === name);
      expect(topic).toMatchObject({ name, partitions: 6 });
    }
  });

  it('has the internal topics and the probe', () => {
    expect(TOPICS.channelInboundMessages.name).toBe('channels.inbound-messages');
    expect(TOPICS.creditConsumption.name).toBe('billing.credit-consumption');
    expect(TOPICS.notificationRequests.name).toBe('notifications.requests');
    expect(TOPICS.workspaceEvents.name).toBe('workspace.events');
    expect(TOPICS.platformProbe).toMatchObject({ name: 'platform.probe', partitions: 1 });
    for (const topic of Object.values(TOPICS)) expect(topic.description.length).toBeGreaterThan(10);
  });

  it('names dead-letter topics name.dlq and lists them with explicit partitions', () => {
    expect(dlqTopic('new-agent')).toBe('new-agent.dlq');
    const topics = allTopics();
    const names = topics.map((topic) => topic.name);
    expect(new Set(names).size).toBe(names.length);
    for (const topic of Object.values(TOPICS)) expect(names).toContain(topic.name);
    const withoutDeadLetters: string[] = [TOPICS.platformProbe.name, TOPICS.credentialRevocations.name];
    for (const topic of Object.values(TOPICS).filter((candidate) => !withoutDeadLetters.includes(candidate.name))) {
      expect(topics.find((candidate) => candidate.name === `${topic.name}.dlq`)?.partitions).toBe(DLQ_PARTITIONS);
    }
    for (const name of withoutDeadLetters) expect(names).not.toContain(`${name}.dlq`);
    for (const topic of topics) expect(Number.isInteger(topic.partitions) && topic.partitions > 0).toBe(true);
  });

  it('routes every event type to a topic of TOPICS', () => {
    const topicNames = Object.values(TOPICS).map((topic) => topic.name as string);
    for (const type of EVENT_TYPES) expect(topicNames).toContain(EVENT_CATALOG[type].topic);
  });
});

describe('event envelope', () => {
  it('makeEvent fills id, version and occurredAt', () => {
    const before = Date.now();
    const event = makeEvent('workspace.deleted', { region: 'na', workspaceId: 'w1', data: { uid: 'w1' } });
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event).toMatchObject({ type: 'workspace.deleted', version: 1, region: 'na', workspaceId: 'w1', data: { uid: 'w1' } });
    expect(Date.parse(event.occurredAt)).toBeGreaterThanOrEqual(before - 1);
    expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
    expect(makeEvent('workspace.deleted', { region: 'na', workspaceId: 'w1', data: { uid: 'w1' } }, 3).version).toBe(3);
    expect(makeEvent('workspace.deleted', { region: 'na', workspaceId: 'w1', data: { uid: 'w1' } }).id).not.toBe(event.id);
  });

  it('every sample event is valid, on its type and the generic envelope', () => {
    for (const event of sampleEvents()) {
      expect(validateEvent(event).error).toBeUndefined();
      expect(errorOf(eventSchema(event.type), event)).toBeUndefined();
      expect(errorOf(eventEnvelopeSchema, event)).toBeUndefined();
    }
  });

  it('refuses bad envelopes', () => {
    const event = makeEvent('workspace.deleted', { region: 'eu', workspaceId: 'w1', data: { uid: 'w1' } });
    expect(errorOf(eventEnvelopeSchema, { ...event, id: 'not-a-uuid' })).toMatch(/id/);
    expect(errorOf(eventEnvelopeSchema, { ...event, region: 'us' })).toMatch(/region/);
    expect(errorOf(eventEnvelopeSchema, { ...event, version: 0 })).toMatch(/version/);
    expect(errorOf(eventEnvelopeSchema, { ...event, occurredAt: 'yesterday' })).toMatch(/occurredAt/);
    expect(errorOf(eventEnvelopeSchema, { ...event, data: undefined })).toMatch(/data/);
    expect(errorOf(eventEnvelopeSchema, { ...event, extra: 1 })).toMatch(/extra/);
    expect(validateEvent({ ...event, type: 'agent.exploded' }).error?.message).toMatch(/type/);
    expect(validateEvent(null).error).toBeDefined();
  });

  it('refuses data that does not fit the type', () => {
    const event = makeEvent('new-channel-connection', { region: 'eu', workspaceId: 'w1', data: { agentId: 'a', agentType: 'vg', channelId: '1', channelType: 'discord' } });
    expect(validateEvent({ ...event, data: { ...event.data, channelType: 'fax' } }).error?.message).toMatch(/channelType/);
    expect(validateEvent({ ...event, type: 'workspace.deleted' }).error).toBeDefined();
  });

  it("builds a type's schema once, and the kept schema still refuses after it accepted", () => {
    expect(eventSchema('new-channel-connection')).toBe(eventSchema('new-channel-connection'));
    const event = makeEvent('new-channel-connection', { region: 'eu', workspaceId: 'w1', data: { agentId: 'a', agentType: 'vg', channelId: '1', channelType: 'discord' } });
    expect(validateEvent(event).error).toBeUndefined();
    expect(validateEvent({ ...event, data: { ...event.data, channelType: 'fax' } }).error).toBeDefined();
    expect(validateEvent(event).error).toBeUndefined();
  });

  it('new-agent never carries secrets', () => {
    const [newAgent] = sampleEvents();
    if (newAgent.type !== 'new-agent') throw new Error('first sample is new-agent');
    const withSecret = { ...newAgent, data: { agent: { ...newAgent.data.agent, SECRET_API_KEY: 'vg_' + 'a'.repeat(20) } } };
    expect(validateEvent(withSecret).error?.message).toMatch(/SECRET_API_KEY.*not allowed/);
    expect(errorOf(newAgentEventDataSchema, { agent: { title: 'no id' } })).toMatch(/ID.*required/);
  });

  it('keys events by their aggregate', () => {
    const [newAgent, connection, subdomain, message, credits, email, orgNotification, created] = sampleEvents();
    expect(eventRoute(newAgent)).toEqual({ topic: 'new-agent', key: (newAgent.data as { agent: { ID: string } }).agent.ID });
    expect(eventRoute(connection).key).toBe((connection.data as { agentId: string }).agentId);
    expect(eventRoute(subdomain)).toEqual({ topic: 'new-agency-subdomain', key: 'agency1' });
    expect(eventRoute(message)).toEqual({ topic: 'channels.inbound-messages', key: `${(message.data as { agentId: string }).agentId}:phone1:+4915112345678` });
    const reply = sampleEvents().find((event) => event.type === 'channel.reply-requested')!;
    expect(eventRoute(reply)).toEqual({ topic: 'channels.outbound-messages', key: `${(reply.data as { agentId: string }).agentId}:123456:987` });
    expect(eventRoute(credits)).toEqual({ topic: 'billing.credit-consumption', key: 'workspace1' });
    expect(eventRoute(email).key).toBe('workspace1');
    expect(eventRoute(orgNotification).key).toBe('org1');
    expect(eventRoute(created)).toEqual({ topic: 'workspace.events', key: 'workspace1' });
  });
});

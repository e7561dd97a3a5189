import { createParser } from 'eventsource-parser';
import request from 'supertest';
import { RUNTIME_MESSAGES, TOPICS, makeEvent, validateEvent, type EventEnvelope, type Region } from '@platform/contracts';
import { createProducer, signForwarded, type RegionalMongo } from '@platform/kit';
import { firstFetch, logger, readTopicWithKcat, testKafka, testRelay, waitFor } from '@platform/test-support';
import type { Consumer, Producer } from 'kafkajs';
import { conversationRuntime, defaultDirectory } from '../src/app';
import { startChannelMessageConsumer } from '../src/events/channel-messages';
import { COLLECTION } from '../src/store/collections';
import { CONVERSATION_COLLECTIONS } from '../src/store/conversations';
import { protectedStores } from '../src/store/sealed-stores';
import { startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

const giveCredits = (mongo: RegionalMongo, region: Region, workspaceId: string, loadTokens: number) =>
  mongo.collection(region, 'users').updateOne({ _id: workspaceId } as never, { $set: { loadTokens } } as never);

let counter = 0;
const messageId = () => `msg${Date.now().toString(36)}${(counter += 1)}`;

/** When this file started: the topics are read from here on (the running platform's benches fill them). */
const startedAt = Date.now() - 60_000;

/** The events of one topic about one agent, as a partner would read them. */
async function eventsAbout(topic: string, agentId: string, expected: number): Promise<EventEnvelope[]> {
  return waitFor(
    async () => {
      const events = (await readTopicWithKcat(topic, { since: startedAt })).map((r) => JSON.parse(r.value) as EventEnvelope<string, { agentId?: string }>).filter((e) => e.data.agentId === agentId);
      return events.length >= expected ? events : undefined;
    },
    60_000,
    300,
  );
}

/** A signed-in member's streamed test-chat request: the SSE events in order. */
async function streamed(h: Harness, identity: Parameters<Harness['as']>[0], path: string, body: object): Promise<{ status: number; type: string; events: Array<{ event?: string; data: unknown }> }> {
  const json = JSON.stringify(body);
  const res = await request(h.app)
    .post(path)
    .set({ 'content-type': 'application/json', accept: 'text/event-stream', ...signForwarded({ identity, region: 'eu' }, h.config.platform.internalSigningSecret, { method: 'POST', path, body: json }) })
    .send(json)
    .buffer(true)
    .parse((response, callback) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => callback(null, text));
    });
  const events: Array<{ event?: string; data: unknown }> = [];
  createParser({ onEvent: ({ event, data }) => events.push({ event, data: JSON.parse(data) }) }).feed(res.body as string);
  return { status: res.status, type: String(res.headers['content-type']), events };
}

describe('the agent runtime', () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof testRelay>>;

  beforeAll(async () => {
    relay = await testRelay([COLLECTION.agents, CONVERSATION_COLLECTIONS.conversations]);
    h = await startHarness({ eventsWritten: relay.nudge, config: { widgetRateLimit: { windowMs: 60_000, perAgent: 1_000, perVisitor: 3 } } });
    relay.start(h.mongo);
  });
  afterAll(async () => {
    await relay.stop();
    await h.close();
  });

  it('answers the test chat from the model, records the conversation with its lead, and emits exactly one credits.consumed per answer (a retry is answered once)', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await giveCredits(h.mongo, 'eu', workspace.uid, 100);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { vg_systemPrompt: 'You are Ava.', vg_initMessages: ['Hi, I am Ava'] } as never);
    const path = `/v2/agents/${agent.ID}/chat`;

    const first = await h.as(person).post(path, { messageId: 'firstmessage', text: 'Hello, write to me at Ann@Example.com' }).expect(200);
    expect(first.body).toEqual({
      success: true,
      data: { conversationId: expect.any(String), messageId: 'firstmessage', text: 'Sandbox reply: you said "Hello, write to me at Ann@Example.com".', sandbox: true },
    });
    const { conversationId } = first.body.data;
    // the same message again (a retry): the same answer, nothing new
    const retried = await h.as(person).post(path, { conversationId, messageId: 'firstmessage', text: 'Hello, write to me at Ann@Example.com' }).expect(200);
    expect(retried.body.data.text).toBe(first.body.data.text);
    await h.as(person).post(path, { conversationId, messageId: 'secondmessage', text: 'or call +1 415 555 0100' }).expect(200);

    const listed = await h.as(person).get(`/v2/agents/${agent.ID}/conversations`).expect(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: conversationId,
        agentId: agent.ID,
        channel: 'test',
        leads: [{ email: 'ann@example.com' }, { phone: '+14155550100' }],
        messages: [
          expect.objectContaining({ role: 'user', content: 'Hello, write to me at Ann@Example.com', messageId: 'firstmessage' }),
          expect.objectContaining({ role: 'assistant', content: first.body.data.text }),
          expect.objectContaining({ role: 'user', content: 'or call +1 415 555 0100' }),
          expect.objectContaining({ role: 'assistant' }),
        ],
      }),
    ]);
    const leads = await h.as(person).get(`/v2/agents/${agent.ID}/leads`).expect(200);
    expect(leads.body.data.map((l: { email?: string; phone?: string }) => l.email ?? l.phone).sort()).toEqual(['+14155550100', 'ann@example.com']);

    const consumed = await eventsAbout(TOPICS.creditConsumption.name, agent.ID, 2);
    expect(consumed).toHaveLength(2);
    for (const event of consumed) {
      expect(validateEvent(event).error).toBeUndefined();
      expect(event).toMatchObject({
        type: 'credits.consumed',
        region: 'eu',
        workspaceId: workspace.uid,
        data: { amount: 1, direction: 'decrease', causedBy: 'agent', agentId: agent.ID, model: 'gpt-4o-mini', inputTokens: expect.any(Number), outputTokens: expect.any(Number), ts: expect.any(Number) },
      });
    }
    expect(new Set(consumed.map((e) => e.id)).size).toBe(2);
  });

  it('streams the answer as server-sent events: deltas that make up the text, then done', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await giveCredits(h.mongo, 'eu', workspace.uid, 100);
    const agent = await createAgent(h, person, workspace.uid);
    const res = await streamed(h, person, `/v2/agents/${agent.ID}/chat`, { messageId: messageId(), text: 'Tell me a long story about the sea and the sky' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/text\/event-stream/);
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = res.events.at(-1)!;
    expect(done.event).toBe('done');
    expect(deltas.map((e) => (e.data as { text: string }).text).join('')).toBe((done.data as { text: string }).text);
    expect((done.data as { text: string }).text).toBe('Sandbox reply: you said "Tell me a long story about the sea and the sky".');
  });

  it('emits one conversation.human-requested through the outbox when the visitor asks for a person (a retry emits nothing new)', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await giveCredits(h.mongo, 'eu', workspace.uid, 100);
    const agent = await createAgent(h, person, workspace.uid);
    const path = `/v2/agents/${agent.ID}/chat`;
    const first = await h.as(person).post(path, { messageId: 'askhuman', text: 'Can I talk to a human please?' }).expect(200);
    const { conversationId } = first.body.data;
    await h.as(person).post(path, { conversationId, messageId: 'askhuman', text: 'Can I talk to a human please?' }).expect(200);
    await h.as(person).post(path, { conversationId, messageId: 'nohuman', text: 'What are your opening hours?' }).expect(200);
    const requested = await eventsAbout(TOPICS.notificationRequests.name, agent.ID, 1);
    expect(requested).toHaveLength(1);
    expect(validateEvent(requested[0]).error).toBeUndefined();
    expect(requested[0]).toMatchObject({ type: 'conversation.human-requested', workspaceId: workspace.uid, data: { agentId: agent.ID, conversationId, channel: 'test', text: 'Can I talk to a human please?' } });
  });

  it('refuses clearly, without asking the model or charging, when the workspace has no credits left', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const res = await h.as(person).post(`/v2/agents/${agent.ID}/chat`, { messageId: messageId(), text: 'Hello?' }).expect(200);
    expect(res.body.data).toMatchObject({ text: RUNTIME_MESSAGES.noCredits, refused: true });
    const outbox = await h.mongo.collection('eu', CONVERSATION_COLLECTIONS.conversations).findOne({ _id: res.body.data.conversationId } as never);
    expect(outbox).toMatchObject({ userMessages: 0 });
    expect(((outbox as { _outbox?: unknown[] })._outbox ?? []).length).toBe(0);
  });

  it('stores nothing of the conversation when recordChatHistory is false, and stops at messagesLimit', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await giveCredits(h.mongo, 'eu', workspace.uid, 100);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { recordChatHistory: false, messagesLimit: 2 } as never);
    const path = `/v2/agents/${agent.ID}/chat`;
    const first = await h.as(person).post(path, { messageId: messageId(), text: 'my mail is secret@example.com' }).expect(200);
    const { conversationId } = first.body.data;
    await h.as(person).post(path, { conversationId, messageId: messageId(), text: 'second' }).expect(200);
    const third = await h.as(person).post(path, { conversationId, messageId: messageId(), text: 'third' }).expect(200);
    expect(third.body.data).toMatchObject({ text: RUNTIME_MESSAGES.messagesLimitReached, refused: true });
    expect((await h.as(person).get(`/v2/agents/${agent.ID}/conversations`).expect(200)).body.data).toEqual([]);
    expect((await h.as(person).get(`/v2/agents/${agent.ID}/leads`).expect(200)).body.data).toEqual([]);
    const stored = JSON.stringify(await h.mongo.collection('eu', CONVERSATION_COLLECTIONS.conversations).find({ agentId: agent.ID } as never).toArray());
    expect(stored).not.toContain('secret@example.com');
    expect(stored).not.toContain('second');
    expect(await eventsAbout(TOPICS.creditConsumption.name, agent.ID, 2)).toHaveLength(2);
  });

  it('serves the widget publicly: settings without secrets or prompts, answers per visitor, rate limited per visitor', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await giveCredits(h.mongo, 'eu', workspace.uid, 100);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { vg_systemPrompt: 'TOP SECRET PROMPT', vg_initMessages: ['Welcome!'], proactiveMessage: 'Need help?', ADVANCED_customCSS: '.vg-chat-header{color:red}' } as never);
    const anonymous = { kind: 'anonymous' } as const;
    const settings = await h.as(anonymous).get(`/widget/agents/${agent.ID}`).expect(200);
    expect(settings.body.data).toMatchObject({ ID: agent.ID, title: 'Support bot', greetings: ['Welcome!'], proactiveMessage: 'Need help?', ADVANCED_customCSS: '.vg-chat-header{color:red}' });
    const text = JSON.stringify(settings.body);
    expect(text).not.toContain(agent.SECRET_API_KEY);
    expect(text).not.toContain('TOP SECRET PROMPT');
    await h.as(anonymous).get('/widget/agents/unknownagent0000').expect(404);

    const path = `/widget/agents/${agent.ID}/messages`;
    const answer = await h.as(anonymous).post(path, { visitorId: 'visitorone', messageId: messageId(), text: 'Hi from the web' }).expect(200);
    expect(answer.body.data.text).toBe('Sandbox reply: you said "Hi from the web".');
    await h.as(anonymous).post(path, { messageId: messageId(), text: 'no visitor' }).expect(400);
    await h.as(anonymous).post(path, { visitorId: 'visitorone', conversationId: answer.body.data.conversationId, messageId: messageId(), text: 'again' }).expect(200);
    await h.as(anonymous).post(path, { visitorId: 'visitorone', messageId: messageId(), text: 'third' }).expect(200);
    const limited = await h.as(anonymous).post(path, { visitorId: 'visitorone', messageId: messageId(), text: 'fourth' }).expect(429);
    expect(limited.body).toEqual({ success: false, message: RUNTIME_MESSAGES.tooManyMessages });
    await h.as(anonymous).post(path, { visitorId: 'visitortwo', messageId: messageId(), text: 'another person' }).expect(200);
    const chats = (await h.as(person).get(`/v2/agents/${agent.ID}/conversations`).expect(200)).body.data as Array<{ channel: string; updatedAt: number }>;
    expect(chats.map((c) => c.channel)).toEqual(['web', 'web', 'web']);
    expect(chats.map((c) => c.updatedAt)).toEqual([...chats.map((c) => c.updatedAt)].sort((a, b) => b - a));
    // the visitor reads their own conversation back (the widget on the next page); nobody else does
    const own = await h.as(anonymous).get(`/widget/agents/${agent.ID}/conversations/${answer.body.data.conversationId}?visitorId=visitorone`).expect(200);
    expect(own.body.data).toEqual({ id: answer.body.data.conversationId, messages: [expect.objectContaining({ role: 'user', content: 'Hi from the web' }), expect.objectContaining({ role: 'assistant' }), expect.objectContaining({ content: 'again' }), expect.objectContaining({ role: 'assistant' })] });
    expect(own.body.data.messages[0]).not.toHaveProperty('messageId');
    await h.as(anonymous).get(`/widget/agents/${agent.ID}/conversations/${answer.body.data.conversationId}?visitorId=visitortwo`).expect(404);
    await h.as(anonymous).get(`/widget/agents/${agent.ID}/conversations/${answer.body.data.conversationId}`).expect(400);
    // nor continued by another visitor, nor through another agent
    await h.as(anonymous).post(path, { visitorId: 'visitortwo', conversationId: answer.body.data.conversationId, messageId: messageId(), text: 'hijack' }).expect(404);
    const other = await createAgent(h, person, workspace.uid);
    await h.as(anonymous).post(`/widget/agents/${other.ID}/messages`, { visitorId: 'visitorthree', conversationId: answer.body.data.conversationId, messageId: messageId(), text: 'x' }).expect(404);
  });

  describe('channel messages from Kafka', () => {
    let producer: Producer;
    let consumer: Consumer;

    beforeAll(async () => {
      producer = createProducer(testKafka());
      await producer.connect();
      const deps = { config: h.config, mongo: h.mongo, logger, eventsWritten: relay.nudge };
      // A group of its own that starts at the topic's end (whatever a bench left on it), messages sent once it fetches.
      consumer = await startChannelMessageConsumer({
        kafka: testKafka(),
        producer,
        mongo: h.mongo,
        logger,
        agents: protectedStores(h.mongo, h.config.channelCredentialsKey).agents,
        runtime: conversationRuntime(deps, defaultDirectory(h.config, logger)),
        groupId: `agent-runtime-test-${Date.now()}`,
        fromBeginning: false,
      });
      await firstFetch(consumer);
    });
    afterAll(async () => {
      await consumer.disconnect();
      await producer.disconnect();
    });

    it('answers a channel message once: one reply-requested and one credits.consumed, even when redelivered', async () => {
      const { person, workspace } = await personWithWorkspace(h);
      await giveCredits(h.mongo, 'eu', workspace.uid, 100);
      const agent = await createAgent(h, person, workspace.uid);
      const data = { agentId: agent.ID, channelType: 'telegram' as const, channelId: '123456', senderId: 'chat42', externalMessageId: 'tg-update-1', text: 'Hello from Telegram', receivedAt: new Date().toISOString() };
      const event = makeEvent('channel.message-received', { region: 'eu', workspaceId: workspace.uid, data });
      const key = `${agent.ID}:123456:chat42`;
      await producer.send({ topic: TOPICS.channelInboundMessages.name, messages: [{ key, value: JSON.stringify(event) }] });
      const replies = await eventsAbout(TOPICS.channelOutboundMessages.name, agent.ID, 1);
      expect(replies[0]).toMatchObject({
        type: 'channel.reply-requested',
        workspaceId: workspace.uid,
        data: { agentId: agent.ID, channelType: 'telegram', channelId: '123456', recipientId: 'chat42', inReplyTo: 'tg-update-1', text: 'Sandbox reply: you said "Hello from Telegram".' },
      });
      expect(validateEvent(replies[0]).error).toBeUndefined();

      // the same event again, and the provider's retry as a new event with the same message id
      const retry = makeEvent('channel.message-received', { region: 'eu', workspaceId: workspace.uid, data });
      await producer.send({ topic: TOPICS.channelInboundMessages.name, messages: [{ key, value: JSON.stringify(event) }, { key, value: JSON.stringify(retry) }] });
      // a later message shows the consumer got past both
      const later = makeEvent('channel.message-received', { region: 'eu', workspaceId: workspace.uid, data: { ...data, externalMessageId: 'tg-update-2', text: 'Second' } });
      await producer.send({ topic: TOPICS.channelInboundMessages.name, messages: [{ key, value: JSON.stringify(later) }] });
      const all = await eventsAbout(TOPICS.channelOutboundMessages.name, agent.ID, 2);
      expect(all.map((e) => (e.data as { inReplyTo: string }).inReplyTo)).toEqual(['tg-update-1', 'tg-update-2']);
      const credits = await eventsAbout(TOPICS.creditConsumption.name, agent.ID, 2);
      expect(credits).toHaveLength(2);

      const chats = (await h.as(person).get(`/v2/agents/${agent.ID}/conversations`).expect(200)).body.data;
      expect(chats).toHaveLength(1);
      expect(chats[0]).toMatchObject({ channel: 'telegram' });
      expect(chats[0].messages.map((m: { content: string }) => m.content)).toEqual(['Hello from Telegram', 'Sandbox reply: you said "Hello from Telegram".', 'Second', 'Sandbox reply: you said "Second".']);
    });
    it('replies with the no-credits refusal on the channel, and charges nothing', async () => {
      const { person, workspace } = await personWithWorkspace(h);
      const agent = await createAgent(h, person, workspace.uid);
      const data = { agentId: agent.ID, channelType: 'discord' as const, channelId: '123456789012345', senderId: 'user7', externalMessageId: 'dc-1', text: 'Anyone there?', receivedAt: new Date().toISOString() };
      const event = makeEvent('channel.message-received', { region: 'eu', workspaceId: workspace.uid, data });
      await producer.send({ topic: TOPICS.channelInboundMessages.name, messages: [{ key: `${agent.ID}:123456789012345:user7`, value: JSON.stringify(event) }] });
      const [reply] = await eventsAbout(TOPICS.channelOutboundMessages.name, agent.ID, 1);
      expect(reply!.data).toMatchObject({ recipientId: 'user7', inReplyTo: 'dc-1', text: RUNTIME_MESSAGES.noCredits });
      const stored = await h.mongo.collection('eu', CONVERSATION_COLLECTIONS.conversations).findOne({ agentId: agent.ID } as never);
      expect(stored).toMatchObject({ userMessages: 0, answeredMessageIds: ['dc-1'] });
      expect((await readTopicWithKcat(TOPICS.creditConsumption.name)).filter((r) => r.value.includes(agent.ID))).toEqual([]);
    });
  });
});

import { MESSAGES, TOPICS, channelConversationKey, makeEvent, validateEvent, type EventEnvelope } from '@platform/contracts';
import { createTopic, firstFetch, logger, readTopicWithKcat, someone, testKafka, uniqueName, waitFor } from '@platform/test-support';
import { COLLECTION } from '../src/store/collections';
import { startReplyConsumer } from '../src/events/reply-consumer';
import { agentOfSomeone, botToken, sandbox, userWrites } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

const inboundFor = async (agentId: string) =>
  (await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`));

describe('Telegram, end to end against the sandbox, FerretDB and Kafka', () => {
  let h: ChannelsHarness;
  beforeAll(async () => {
    h = await startChannels();
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a missing or malformed token with the spec message, and saves nothing', async () => {
    const { person, agentId } = await agentOfSomeone(h);
    for (const token of ['', 'not-a-token', '123:']) {
      const res = await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(400);
      expect(res.body).toEqual({ success: false, message: 'Please provide a valid token.' });
    }
    expect(await h.agentService.mongo.collection('eu', COLLECTION.telegramBots).countDocuments({ agentId })).toBe(0);
  });

  it("refuses a stranger's connection to someone else's agent", async () => {
    const { agentId } = await agentOfSomeone(h);
    await h.as(someone('stranger')).post('/procedures/connectTelegram', { agentId, token: botToken() }).expect(403);
    expect(await h.agentService.mongo.collection('eu', COLLECTION.telegramBots).countDocuments({ agentId })).toBe(0);
  });

  it("tells Telegram's refusal: 'Failed to set webhook: {description}'", async () => {
    const { person, agentId } = await agentOfSomeone(h);
    const token = botToken();
    await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);
    // The same bot id with another secret is a revoked token: Telegram answers Unauthorized.
    const revoked = `${token.split(':')[0]}:${'x'.repeat(35)}`;
    const res = await h.as(person).post('/procedures/connectTelegram', { agentId, token: revoked }).expect(400);
    expect(res.body).toEqual({ success: false, message: 'Failed to set webhook: Unauthorized' });
  });

  it('connects a bot: webhook set with a secret token, token sealed at rest, one new-channel-connection however often it is saved', async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const token = botToken();
    const botId = token.split(':')[0]!;
    const res = await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.channels.telegramSaved, data: { botId, webhookUrl: `${h.config.publicApiUrl}/eu/agent/v2/agents/${agentId}/telegram-webhook` } });
    await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);

    const stored = await h.agentService.mongo.collection('eu', COLLECTION.telegramBots).findOne({ _id: botId } as never);
    expect(stored).toMatchObject({ agentId, botId, webhookUrl: res.body.data.webhookUrl });
    expect(JSON.stringify(stored)).not.toContain(token.split(':')[1]);

    const info = await h.as(person).post('/procedures/getTelegramWebhookInfo', { agentId, botId }).expect(200);
    expect(info.body.data).toMatchObject({ url: res.body.data.webhookUrl, pending_update_count: 0 });
    const listed = await h.as(person).get(`/v2/agents/${agentId}/channels`).expect(200);
    expect(listed.body.data.telegramBots).toEqual([{ botId, webhookUrl: res.body.data.webhookUrl }]);

    const events = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId);
      return mine.length ? mine : undefined;
    }, 60_000, 500);
    // A moment more for a second event that should not come.
    await waitFor(async () => (await h.agentService.mongo.collection('eu', COLLECTION.telegramBots).countDocuments({ _outboxAt: { $exists: true } } as never)) === 0);
    expect((await readTopicWithKcat(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId)).toHaveLength(1);
    const event = JSON.parse(events[0]!.value) as EventEnvelope;
    expect(validateEvent(event).error).toBeUndefined();
    expect(event).toMatchObject({ type: 'new-channel-connection', region: 'eu', workspaceId, data: { agentId, agentType: 'vg', channelId: botId, channelType: 'telegram' } });
  });

  it('queues a message the bot receives before acknowledging it, once however often Telegram delivers it; a wrong or missing secret is 401 and queues nothing', async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const token = botToken();
    const botId = token.split(':')[0]!;
    const { body } = await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);
    const path = new URL(body.data.webhookUrl).pathname.replace(/^\/api\/eu\/agent/, '');

    const forged = { update_id: 1, message: { message_id: 1, date: 1, chat: { id: 99 }, text: 'forged' } };
    expect((await h.as({ kind: 'anonymous' }).post(path, forged).set('x-telegram-bot-api-secret-token', 'wrong').expect(401)).body).toEqual({
      success: false,
      message: 'Invalid webhook signature',
    });
    await h.as({ kind: 'anonymous' }).post(path, forged).expect(401);

    const written = await userWrites(h, botId, '4242', 'Hello from Telegram');
    expect(written.delivery).toMatchObject({ status: 200 });
    // Acknowledged means already on the topic.
    const records = await inboundFor(agentId);
    expect(records).toHaveLength(1);
    expect(records[0]!.key).toBe(channelConversationKey({ agentId, channelId: botId, senderId: '4242' }));
    const event = JSON.parse(records[0]!.value) as EventEnvelope;
    expect(validateEvent(event).error).toBeUndefined();
    expect(event).toMatchObject({
      type: 'channel.message-received',
      region: 'eu',
      workspaceId,
      data: { agentId, channelType: 'telegram', channelId: botId, senderId: '4242', text: 'Hello from Telegram', externalMessageId: `4242:${written.update.message.message_id}` },
    });

    const again = await (await fetch(`${h.telegram.url}/sandbox/bots/${botId}/updates/${written.update.update_id}/redeliver`, { method: 'POST' })).json();
    expect(again.delivery).toMatchObject({ status: 200 });
    expect(await inboundFor(agentId)).toHaveLength(1);
    expect((await inboundFor(agentId)).some((record) => record.value.includes('forged'))).toBe(false);
  });

  it('sends a reply-requested through sendMessage, once for a redelivered reply', async () => {
    await createTopic(testKafka(), TOPICS.channelOutboundMessages.name, TOPICS.channelOutboundMessages.partitions).catch(() => undefined);
    // A group of its own: a running channels service (make test starts one) consumes the same topic in its group.
    const groupId = uniqueName('channels-replies-test');
    // ... starting at the topic's end (whatever a bench left on it), the replies sent once it fetches
    const consumer = await startReplyConsumer({ kafka: testKafka(), producer: h.producer, mongo: h.agentService.mongo, logger, replies: h.replies, groupId, fromBeginning: false });
    await firstFetch(consumer);
    try {
      const { person, agentId, workspaceId } = await agentOfSomeone(h);
      const token = botToken();
      const botId = token.split(':')[0]!;
      await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);
      const written = await userWrites(h, botId, '777', 'What are your opening hours?');
      const data = { agentId, channelType: 'telegram' as const, channelId: botId, recipientId: '777', inReplyTo: `777:${written.update.message.message_id}`, conversationId: 'c1', text: 'We open at nine.' };
      for (let i = 0; i < 2; i += 1) {
        const event = makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data });
        await h.producer.send({ topic: TOPICS.channelOutboundMessages.name, acks: -1, messages: [{ key: channelConversationKey({ ...data, senderId: '777' }), value: JSON.stringify(event) }] });
      }
      const chat = await waitFor(async () => {
        const { messages } = await sandbox<{ messages: Array<{ from: string; text: string }> }>(h, `/sandbox/bots/${botId}/chats/777`);
        return messages.some((m) => m.from === 'bot') ? messages : undefined;
      }, 60_000, 200);
      // Both events handled (the second is skipped by its claim) before counting.
      await waitFor(async () => (await h.agentService.mongo.collection('eu', 'processed_events').countDocuments({ _id: { $regex: `^${groupId}:` } } as never)) >= 2, 60_000, 200);
      const { messages } = await sandbox<{ messages: Array<{ from: string; text: string }> }>(h, `/sandbox/bots/${botId}/chats/777`);
      expect(messages.filter((m) => m.from === 'bot')).toEqual([expect.objectContaining({ text: 'We open at nine.' })]);
      expect(chat[0]).toMatchObject({ from: 'user', text: 'What are your opening hours?' });
    } finally {
      await consumer.disconnect();
    }
  });

  it('removes a bot: deleteWebhook at Telegram, record gone', async () => {
    const { person, agentId } = await agentOfSomeone(h);
    const token = botToken();
    const botId = token.split(':')[0]!;
    await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);
    await h.as(person).post('/procedures/removeTelegram', { agentId, botId }).expect(200);
    const bots = await sandbox<Array<{ id: string; webhookUrl: string }>>(h, '/sandbox/bots');
    expect(bots.find((bot) => bot.id === botId)).toMatchObject({ webhookUrl: '' });
    expect(await h.agentService.mongo.collection('eu', COLLECTION.telegramBots).countDocuments({ agentId })).toBe(0);
  });
});

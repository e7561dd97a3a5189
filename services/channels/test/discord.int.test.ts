import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MESSAGES, TOPICS, makeEvent } from '@platform/contracts';
import { readTopicWithKcat, waitFor } from '@platform/test-support';
import { spawnSandbox, type RunningSandbox } from '../../../infra/sandboxes/telegram/test/spawn-sandbox';
import { agentOfSomeone } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

describe('Discord, against the Discord webhook sandbox, FerretDB and Kafka', () => {
  let h: ChannelsHarness;
  let discord: RunningSandbox;
  beforeAll(async () => {
    h = await startChannels();
    discord = await spawnSandbox(path.resolve(__dirname, '../../../infra/sandboxes/discord/server.js'));
  });
  afterAll(async () => {
    await discord.stop();
    await h.close();
  });

  it("refuses a form with an empty field: 'Please fill out all fields.'", async () => {
    const { person, agentId } = await agentOfSomeone(h);
    for (const body of [{ channelId: '', webhookUrl: 'https://discord.com/api/webhooks/1/x' }, { channelId: '123', webhookUrl: '' }, {}]) {
      const res = await h.as(person).post('/procedures/connectDiscord', { agentID: agentId, ...body }).expect(400);
      expect(res.body).toEqual({ success: false, message: 'Please fill out all fields.' });
    }
  });

  it('connects a channel with a 15-character ID, one new-channel-connection, and posts replies to its webhook once', async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const webhookUrl = `${discord.url}/api/webhooks/123456789012345678/${randomBytes(51).toString('base64url').slice(0, 68)}`;
    const res = await h.as(person).post('/procedures/connectDiscord', { agentID: agentId, channelId: '998877665544332211', webhookUrl }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.channels.discordSaved, data: { channelId: '998877665544332211', webhookUrl } });
    const ID = res.body.data.ID as string;
    expect(ID).toHaveLength(15);
    const listed = await h.as(person).get(`/v2/agents/${agentId}/channels`).expect(200);
    expect(listed.body.data.discordChannels).toEqual([{ ID, channelId: '998877665544332211', webhookUrl }]);

    const events = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId);
      return mine.length ? mine : undefined;
    }, 60_000, 500);
    expect(JSON.parse(events[0]!.value).data).toEqual({ agentId, agentType: 'vg', channelId: ID, channelType: 'discord' });

    const data = { agentId, channelType: 'discord' as const, channelId: ID, recipientId: 'user-1', inReplyTo: 'discord-message-1', conversationId: 'c1', text: 'Hello from the agent' };
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    const posted = (await (await fetch(`${discord.url}/sandbox/webhooks/123456789012345678/messages`)).json()) as Array<{ content: string }>;
    expect(posted.map((m) => m.content)).toEqual(['Hello from the agent']);

    await h.as(person).post('/procedures/removeDiscord', { agentID: agentId, ID }).expect(200);
    expect((await h.as(person).get(`/v2/agents/${agentId}/channels`).expect(200)).body.data.discordChannels).toEqual([]);
  });

  it('a webhook Discord refuses fails the reply so the consumer retries it', async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const webhookUrl = `${discord.url}/api/webhooks/123456789012345679/short-token`;
    const { body } = await h.as(person).post('/procedures/connectDiscord', { agentID: agentId, channelId: '1', webhookUrl }).expect(200);
    const data = { agentId, channelType: 'discord' as const, channelId: body.data.ID, recipientId: 'u', inReplyTo: 'm1', conversationId: 'c', text: 'x' };
    await expect(h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }))).rejects.toThrow('Invalid Webhook Token');
  });
});

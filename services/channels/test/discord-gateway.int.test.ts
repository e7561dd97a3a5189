import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { TOPICS, channelConversationKey, makeEvent, validateEvent, type ChannelMessageReceivedData, type EventEnvelope } from '@platform/contracts';
import { logger, readTopicWithKcat, waitFor } from '@platform/test-support';
import { spawnSandbox, type RunningSandbox } from '../../../infra/sandboxes/telegram/test/spawn-sandbox';
import { discordGatewaySession } from '../src/app';
import { discordEventId } from '../src/domain/discord';
import { DiscordGatewayLeaseStore } from '../src/store/discord-gateway-lease';
import type { DiscordGatewayLeader } from '../src/usecases/discord-gateway';
import { agentOfSomeone } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

type SandboxSession = { id: string; seq: number; connected: boolean; resumes: number; connections: Array<{ path: string; resumed: boolean }> };
type Inbound = EventEnvelope<'channel.message-received', ChannelMessageReceivedData>;

/** A token of a bot token's shape (user id in base64, timestamp, HMAC), the sandbox's for this run. */
const botToken = `${Buffer.from('1300000000000000077').toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(28).toString('base64url')}`;
const snowflake = () => String(1_200_000_000_000_000_000n + BigInt(randomInt(1, 2 ** 47)));

describe("Discord users' messages over the bot's Gateway session, against the Discord sandbox, FerretDB and Kafka", () => {
  let h: ChannelsHarness;
  let discord: RunningSandbox;
  const startedAt = Date.now() - 5_000;
  /** Kafka refuses the Gateway's messages while set (the broker itself is shared and stays up). */
  const kafka = { refusing: false };
  const leaders: DiscordGatewayLeader[] = [];

  const sessions = async () => (await (await fetch(`${discord.url}/sandbox/gateway/sessions`)).json()) as SandboxSession[];
  const connected = async () => (await sessions()).filter((session) => session.connected);
  const write = async (channelId: string, content: string, author: { userId?: string; bot?: boolean } = {}) => {
    const res = await fetch(`${discord.url}/sandbox/channels/${channelId}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content, ...author }) });
    return ((await res.json()) as { message: { id: string } }).message;
  };
  /** The inbound events of this run (the topic is shared: a bench may have filled it). */
  const inbound = async (keep: (event: Inbound) => boolean = () => true) =>
    (await readTopicWithKcat(TOPICS.channelInboundMessages.name, { since: startedAt })).map((record) => ({ key: record.key, event: JSON.parse(record.value) as Inbound })).filter(({ event }) => keep(event));
  /** The events of this text, once there is one. */
  const arrived = (text: string) =>
    waitFor(async () => {
      const found = await inbound((event) => event.data.text === text);
      return found.length ? found : undefined;
    }, 60_000, 300);

  /** A channels instance's Gateway session (as main.ts starts it), with a lease of 3 s. */
  const instance = () => {
    const producer = { sendBatch: (batch: Parameters<Producer['sendBatch']>[0]) => (kafka.refusing ? Promise.reject(new Error('broker unavailable (test)')) : h.producer.sendBatch(batch)) };
    const leader = discordGatewaySession({
      config: { ...h.config, discordApiBase: `${discord.url}/api/v10`, discordBotToken: botToken, discordGatewayLeaseMs: 3_000 },
      mongo: h.agentService.mongo,
      logger,
      producer: producer as unknown as Producer,
    })!;
    leaders.push(leader);
    return leader;
  };

  /** A person's agent connected to a fresh Discord channel of the sandbox (with the channel's own webhook). */
  const connectedChannel = async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const channelId = snowflake();
    const webhook = (await (await fetch(`${discord.url}/sandbox/channels/${channelId}/webhooks`, { method: 'POST', body: '{}' })).json()) as { url: string };
    const { body } = await h.as(person).post('/procedures/connectDiscord', { agentID: agentId, channelId, webhookUrl: webhook.url }).expect(200);
    return { agentId, workspaceId, channelId, ID: body.data.ID as string, webhookUrl: webhook.url };
  };

  let first: DiscordGatewayLeader;
  beforeAll(async () => {
    h = await startChannels();
    discord = await spawnSandbox(path.resolve(__dirname, '../../../infra/sandboxes/discord/server.js'), ['--bot-token', botToken, '--heartbeat-ms', '1000']);
    first = instance();
    first.start();
    await waitFor(async () => (await connected()).length === 1, 30_000, 200);
  });
  afterAll(async () => {
    for (const leader of leaders) await leader.stop();
    await discord.stop();
    await h.close();
  });

  it("queues a user's message in a connected channel once, as the agent's channel message of that author, with an id from Discord's message id; the answer is posted into that channel", async () => {
    const { agentId, workspaceId, channelId, ID } = await connectedChannel();
    const text = `Hello from Discord ${randomBytes(4).toString('hex')}`;
    const message = await write(channelId, text, { userId: '424242424242424242' });
    const [record, ...more] = await arrived(text);
    expect(more).toHaveLength(0);
    expect(record!.key).toBe(channelConversationKey({ agentId, channelId: ID, senderId: '424242424242424242' }));
    expect(validateEvent(record!.event).error).toBeUndefined();
    expect(record!.event).toMatchObject({
      id: discordEventId({ ID }, message),
      type: 'channel.message-received',
      region: 'eu',
      workspaceId,
      data: { agentId, channelType: 'discord', channelId: ID, senderId: '424242424242424242', externalMessageId: message.id },
    });
    // The runtime's answer to it (channel.reply-requested, as the agent service builds it) is posted to the
    // record's webhook, into the channel the message came from; the bot sees that post and queues nothing.
    const { data } = record!.event;
    const reply = { agentId, channelType: 'discord' as const, channelId: data.channelId, recipientId: data.senderId, inReplyTo: data.externalMessageId, conversationId: 'c', text: `Answer to ${text}` };
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data: reply }));
    const inChannel = (await (await fetch(`${discord.url}/sandbox/channels/${channelId}/messages`)).json()) as Array<{ content: string; webhook_id?: string }>;
    expect(inChannel.map((m) => [m.content, Boolean(m.webhook_id)])).toEqual([
      [text, false],
      [`Answer to ${text}`, true],
    ]);
    // Another author in the same channel is another conversation.
    const other = `From someone else ${randomBytes(4).toString('hex')}`;
    await write(channelId, other, { userId: '515151515151515151' });
    expect((await arrived(other))[0]!.key).toBe(channelConversationKey({ agentId, channelId: ID, senderId: '515151515151515151' }));
    expect(await inbound((event) => event.data.text === `Answer to ${text}`)).toEqual([]);
  });

  it("queues nothing for a bot's message, the agent's own webhook post, or a message in a channel no agent is connected to", async () => {
    const { channelId, webhookUrl } = await connectedChannel();
    const tag = randomBytes(4).toString('hex');
    await write(channelId, `A bot talking ${tag}`, { bot: true });
    expect((await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: `The agent's answer ${tag}` }) })).status).toBe(204);
    await write(snowflake(), `Nobody listens here ${tag}`);
    // Dispatches are handled in order: once a later message is on the topic, the earlier ones were handled.
    await write(channelId, `A person after them ${tag}`);
    await arrived(`A person after them ${tag}`);
    expect(await inbound((event) => event.data.text.includes(tag) && !event.data.text.startsWith('A person after them'))).toEqual([]);
  });

  it('a dropped connection, a Reconnect and a zombied connection resume the same session: nothing lost, nothing repeated', async () => {
    const { channelId } = await connectedChannel();
    const tag = randomBytes(4).toString('hex');
    const [before] = await connected();
    await write(channelId, `before ${tag}`);
    await arrived(`before ${tag}`);

    await fetch(`${discord.url}/sandbox/gateway/drop`, { method: 'POST' });
    // written while the bot is away: the sandbox keeps them for the session
    await write(channelId, `while dropped 1 ${tag}`);
    await write(channelId, `while dropped 2 ${tag}`);
    await arrived(`while dropped 2 ${tag}`);

    await fetch(`${discord.url}/sandbox/gateway/reconnect`, { method: 'POST' });
    await write(channelId, `after reconnect ${tag}`);
    await arrived(`after reconnect ${tag}`);

    // No Heartbeat ACK any more: within two heartbeats the client takes the connection for a zombie and resumes.
    await fetch(`${discord.url}/sandbox/gateway/zombie`, { method: 'POST' });
    await write(channelId, `after zombie ${tag}`);
    const resumesBefore = (await sessions()).find((session) => session.id === before!.id)!.resumes;
    await waitFor(async () => (await sessions()).find((session) => session.id === before!.id)!.resumes > resumesBefore, 30_000, 200);
    await arrived(`after zombie ${tag}`);

    const mine = await inbound((event) => event.data.text.endsWith(tag));
    expect(mine.map(({ event }) => event.data.text).sort()).toEqual([`after reconnect ${tag}`, `after zombie ${tag}`, `before ${tag}`, `while dropped 1 ${tag}`, `while dropped 2 ${tag}`]);
    const after = (await sessions()).find((session) => session.id === before!.id)!;
    expect(after.connected).toBe(true);
    expect(after.resumes).toBeGreaterThanOrEqual(3);
    // resumed on the session's resume URL, never identified again
    expect(after.connections.slice(1).every((connection) => connection.path === '/resume' && connection.resumed)).toBe(true);
    expect(await sessions()).toHaveLength(1);
  });

  it('a message Kafka cannot take is not lost: the client resumes from before it and queues it once Kafka takes it', async () => {
    const { channelId } = await connectedChannel();
    const tag = randomBytes(4).toString('hex');
    const [session] = await connected();
    kafka.refusing = true;
    await write(channelId, `refused first ${tag}`);
    await waitFor(async () => (await sessions()).find((s) => s.id === session!.id)!.resumes > session!.resumes, 30_000, 100);
    kafka.refusing = false;
    await write(channelId, `then taken ${tag}`);
    await arrived(`then taken ${tag}`);
    const mine = await inbound((event) => event.data.text.endsWith(tag));
    expect(mine.map(({ event }) => event.data.text).sort()).toEqual([`refused first ${tag}`, `then taken ${tag}`]);
  });

  it('two instances: only the lease holder runs a session; when it stops, the other resumes that session without losing a message', async () => {
    const { channelId } = await connectedChannel();
    const tag = randomBytes(4).toString('hex');
    const second = instance();
    second.start();
    // a few looks at the lease later, still one session, run by the first instance
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await connected()).toHaveLength(1);
    expect([first.holds, second.holds]).toEqual([true, false]);
    const [session] = await connected();

    await first.stop();
    await write(channelId, `during the handover ${tag}`);
    await waitFor(async () => second.holds && (await connected()).length === 1, 30_000, 200);
    await write(channelId, `after the handover ${tag}`);
    await arrived(`after the handover ${tag}`);
    const mine = await inbound((event) => event.data.text.endsWith(tag));
    expect(mine.map(({ event }) => event.data.text).sort()).toEqual([`after the handover ${tag}`, `during the handover ${tag}`]);
    // the same session, resumed by the second instance
    expect((await connected()).map((s) => s.id)).toEqual([session!.id]);
    expect(await sessions()).toHaveLength(1);
  });

  it('the lease: one holder at a time, renewed by its holder, taken over once expired with the session to resume', async () => {
    const leases = new DiscordGatewayLeaseStore(h.agentService.mongo, 'na');
    const session = { sessionId: 's1', resumeUrl: 'ws://127.0.0.1:1/resume', seq: 41 };
    expect(await leases.claim('a', 300, session)).toEqual({ session });
    expect(await leases.claim('b', 300)).toBeUndefined();
    expect(await leases.claim('a', 300, { ...session, seq: 42 })).toEqual({ session: { ...session, seq: 42 } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await leases.claim('b', 300)).toEqual({ session: { ...session, seq: 42 } });
    await leases.release('b', { ...session, seq: 43 });
    expect(await leases.claim('c', 300)).toEqual({ session: { ...session, seq: 43 } });
  });
});

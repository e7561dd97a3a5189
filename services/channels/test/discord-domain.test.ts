import { channelConversationKey, channelMessageReceivedDataSchema } from '@platform/contracts';
import { discordEventId, discordInboundMessage, ignoredDiscordMessage, oneChannelPerAgent, type DiscordMessage } from '../src/domain/discord';
import { PLATFORM_INTENTS, afterGatewayClose, gatewayConnectUrl, invalidSessionDelayMs, reconnectDelayMs } from '../src/domain/discord-gateway';

const person: DiscordMessage = { id: '1300000000000000100', channel_id: '112233445566778899', type: 0, content: 'Is the bakery open on Sunday?', author: { id: '424242424242424242', username: 'ana' } };
const channel = { ID: 'abcdefghijklmno', agentID: 'AAAAAAAAAAAAAAAA' };
const now = new Date('2026-01-02T03:04:05.000Z');

describe('Discord messages for an agent', () => {
  it("takes a person's message and a reply to one; ignores bots, webhooks (the agent's own answers), system messages and empty content", () => {
    expect(ignoredDiscordMessage(person)).toBeUndefined();
    expect(ignoredDiscordMessage({ ...person, type: 19 })).toBeUndefined();
    expect(ignoredDiscordMessage({ ...person, author: { id: '9', bot: true } })).toBe('bot');
    expect(ignoredDiscordMessage({ ...person, author: { id: '9', system: true } })).toBe('bot');
    expect(ignoredDiscordMessage({ ...person, webhook_id: '123456789012345678', author: { id: '123456789012345678', bot: true } })).toBe('webhook');
    // a webhook's author is not flagged as a bot everywhere: the webhook id alone is enough
    expect(ignoredDiscordMessage({ ...person, webhook_id: '123456789012345678' })).toBe('webhook');
    expect(ignoredDiscordMessage({ ...person, type: 7 })).toBe('system');
    expect(ignoredDiscordMessage({ ...person, content: '' })).toBe('empty');
    expect(ignoredDiscordMessage({ ...person, content: '   ' })).toBe('empty');
    expect(ignoredDiscordMessage({ ...person, content: undefined })).toBe('empty');
    expect(ignoredDiscordMessage({ ...person, author: undefined })).toBe('incomplete');
    expect(ignoredDiscordMessage({ ...person, channel_id: undefined })).toBe('incomplete');
    expect(ignoredDiscordMessage(undefined as unknown as DiscordMessage)).toBe('incomplete');
  });

  it('is a channel message of the connected record, sent by the author, with the Discord message id', () => {
    const data = discordInboundMessage(person, channel, now);
    expect(data).toEqual({
      agentId: 'AAAAAAAAAAAAAAAA',
      channelType: 'discord',
      channelId: 'abcdefghijklmno',
      senderId: '424242424242424242',
      externalMessageId: '1300000000000000100',
      text: 'Is the bakery open on Sunday?',
      receivedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(channelMessageReceivedDataSchema.validate(data).error).toBeUndefined();
  });

  it('keeps one conversation per agent, Discord channel and author', () => {
    const key = (message: DiscordMessage, record = channel) => channelConversationKey(discordInboundMessage(message, record, now));
    expect(key({ ...person, id: '2' })).toBe(key(person));
    expect(key({ ...person, author: { id: '555' } })).not.toBe(key(person));
    expect(key(person, { ...channel, ID: 'zzzzzzzzzzzzzzz' })).not.toBe(key(person));
    expect(key(person, { ...channel, agentID: 'BBBBBBBBBBBBBBBB' })).not.toBe(key(person));
  });

  it('derives the event id from the Discord message id and the channel record: a replayed dispatch is the same event', () => {
    expect(discordEventId(channel, person)).toBe(discordEventId(channel, { ...person }));
    expect(discordEventId(channel, person)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(discordEventId(channel, { id: '1300000000000000101' })).not.toBe(discordEventId(channel, person));
    // two agents connected to the same Discord channel each get their own event
    expect(discordEventId({ ID: 'zzzzzzzzzzzzzzz' }, person)).not.toBe(discordEventId(channel, person));
  });

  it("goes once to each agent connected to the channel: an agent's newest record", () => {
    const at = (ms: number) => new Date(ms);
    const records = [
      { ID: 'a-old', agentID: 'A', createdAt: at(1) },
      { ID: 'b', agentID: 'B', createdAt: at(2) },
      { ID: 'a-new', agentID: 'A', createdAt: at(3) },
    ];
    expect(oneChannelPerAgent(records).map((record) => record.ID).sort()).toEqual(['a-new', 'b']);
    expect(oneChannelPerAgent([])).toEqual([]);
  });
});

describe('Discord Gateway rules', () => {
  it('asks for guild messages and their content (GUILD_MESSAGES | MESSAGE_CONTENT)', () => {
    expect(PLATFORM_INTENTS).toBe(512 + 32768);
  });

  it('connects with version 10 and JSON, on the Gateway URL or a resume URL', () => {
    expect(gatewayConnectUrl('wss://gateway.discord.gg')).toBe('wss://gateway.discord.gg/?v=10&encoding=json');
    expect(gatewayConnectUrl('wss://gateway-us-east1-b.discord.gg')).toBe('wss://gateway-us-east1-b.discord.gg/?v=10&encoding=json');
    expect(gatewayConnectUrl('ws://127.0.0.1:4130/resume')).toBe('ws://127.0.0.1:4130/resume?v=10&encoding=json');
  });

  it('stops on a refused token, shard, version or intents; starts a new session after an invalid seq or a timeout; resumes otherwise', () => {
    for (const code of [4004, 4010, 4011, 4012, 4013, 4014]) expect(afterGatewayClose(code)).toBe('stop');
    for (const code of [4007, 4009]) expect(afterGatewayClose(code)).toBe('identify');
    for (const code of [1000, 1001, 1006, 4000, 4001, 4002, 4003, 4005, 4008]) expect(afterGatewayClose(code)).toBe('resume');
  });

  it('waits longer after each failed connection, up to 30 s; 1 to 5 s after an Invalid Session', () => {
    expect([0, 1, 2, 3, 6, 20].map(reconnectDelayMs)).toEqual([0, 1_000, 2_000, 4_000, 30_000, 30_000]);
    expect(invalidSessionDelayMs(0)).toBe(1_000);
    expect(invalidSessionDelayMs(0.999)).toBeLessThanOrEqual(5_000);
  });
});

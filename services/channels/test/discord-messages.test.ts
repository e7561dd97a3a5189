import { logger } from '@platform/test-support';
import type { InboundPublisher } from '../src/events/inbound-publisher';
import type { DiscordChannelStore } from '../src/store/discord-channels';
import { DiscordMessages } from '../src/usecases/discord-messages';

const record = { _id: 'abcdefghijklmno', ID: 'abcdefghijklmno', agentID: 'AAAAAAAAAAAAAAAA', channelId: '112233445566778899', webhookUrl: 'https://discord.com/api/webhooks/1/x', workspaceId: 'W', createdAt: new Date(1) };
const created = (id: string, content: string, s: number) => ({ t: 'MESSAGE_CREATE', s, d: { id, channel_id: record.channelId, type: 0, content, author: { id: '424242424242424242' } } });

describe('Discord messages queued from the Gateway', () => {
  it("queues a channel's messages in the order Discord sent them, however long the store takes to name the channel's agent", async () => {
    const lookups: Array<() => void> = [];
    const channels = {
      connectedTo: () => new Promise((resolve) => lookups.push(() => resolve([{ region: 'eu', channel: record }]))),
    } as unknown as DiscordChannelStore;
    const published: string[] = [];
    const publisher = { publish: async (message: { data: { text: string } }) => void published.push(message.data.text) } as unknown as InboundPublisher;
    const messages = new DiscordMessages({ channels, publisher, logger, now: () => new Date() });

    const first = messages.receive(created('1', 'first', 2));
    const second = messages.receive(created('2', 'second', 3));
    // one store read for both: the second waits for the answer the first asked for
    expect(lookups).toHaveLength(1);
    lookups[0]!();
    await Promise.all([first, second]);
    expect(published).toEqual(['first', 'second']);

    // found: kept a few seconds, no store read for the next message
    await messages.receive(created('3', 'third', 4));
    expect(lookups).toHaveLength(1);
    expect(published).toEqual(['first', 'second', 'third']);
  });

  it('asks the store again for a channel no agent is connected to, and queues nothing for it', async () => {
    let reads = 0;
    const channels = { connectedTo: async () => (reads++, []) } as unknown as DiscordChannelStore;
    const publisher = { publish: jest.fn() } as unknown as InboundPublisher;
    const messages = new DiscordMessages({ channels, publisher, logger, now: () => new Date() });
    await messages.receive(created('1', 'anyone?', 2));
    await messages.receive(created('2', 'anyone there?', 3));
    expect(reads).toBe(2);
    expect(publisher.publish).not.toHaveBeenCalled();
  });

  it('a message the store or Kafka could not take rejects (the Gateway client resumes from before it)', async () => {
    const channels = { connectedTo: async () => [{ region: 'eu', channel: record }] } as unknown as DiscordChannelStore;
    const publisher = { publish: async () => Promise.reject(new Error('broker down')) } as unknown as InboundPublisher;
    const messages = new DiscordMessages({ channels, publisher, logger, now: () => new Date() });
    await expect(messages.receive(created('1', 'hello', 2))).rejects.toThrow('broker down');
    const failing = new DiscordMessages({ channels: { connectedTo: async () => Promise.reject(new Error('store down')) } as unknown as DiscordChannelStore, publisher, logger, now: () => new Date() });
    await expect(failing.receive(created('1', 'hello', 2))).rejects.toThrow('store down');
  });
});

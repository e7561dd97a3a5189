import type { Region } from '@platform/contracts';
import type { Logger } from '@platform/kit';
import { discordEventId, discordInboundMessage, ignoredDiscordMessage, oneChannelPerAgent, type DiscordMessage } from '../domain/discord';
import type { GatewayDispatch } from '../domain/discord-gateway';
import type { InboundPublisher } from '../events/inbound-publisher';
import { RecentPublications } from '../events/recent-publications';
import type { DiscordChannelRecord, DiscordChannelStore } from '../store/discord-channels';

/** How long the records of a connected Discord channel are trusted from memory. */
const CONNECTED_CHANNELS_TTL_MS = 5_000;

type Connected = Array<{ region: Region; channel: DiscordChannelRecord }>;

/**
 * A person's message in a Discord channel, as the Gateway dispatches it (MESSAGE_CREATE): for
 * each agent connected to that channel, written to channels.inbound-messages in the channel
 * record's region. Resolves once Kafka has it, which is when the Gateway client counts the
 * dispatch as handled; a rejection makes it resume from before the message. Bots', webhooks'
 * (the agent's own answers) and system messages, and messages of channels no agent is
 * connected to, queue nothing.
 */
export class DiscordMessages {
  private readonly recent = new RecentPublications();
  private readonly known = new Map<string, { connected: Promise<Connected>; until: number }>();

  constructor(private readonly deps: { channels: DiscordChannelStore; publisher: InboundPublisher; logger: Logger; now: () => Date }) {}

  async receive(dispatch: GatewayDispatch): Promise<void> {
    if (dispatch.t !== 'MESSAGE_CREATE') return;
    const message = dispatch.d as DiscordMessage;
    const ignored = ignoredDiscordMessage(message);
    if (ignored) {
      this.deps.logger.debug({ messageId: message?.id, ignored }, 'Discord message not for an agent');
      return;
    }
    const connected = await this.connectedTo(message.channel_id!);
    await Promise.all(
      connected.map(({ region, channel }) => {
        const id = discordEventId(channel, message);
        const data = discordInboundMessage(message, channel, this.deps.now());
        return this.recent.once(id, () => this.deps.publisher.publish({ id, region, workspaceId: channel.workspaceId, data }));
      }),
    );
  }

  /**
   * The records the message goes to. Found ones are kept a few seconds, so a busy channel costs
   * no store read per message; a channel without any is asked again every time (a channel
   * connected a moment ago is answered from its first message). While the store is asked, the
   * channel's next messages wait for the same answer, so they are queued after this one, in the
   * order Discord sent them (one conversation keeps its order).
   */
  private connectedTo(channelId: string): Promise<Connected> {
    const known = this.known.get(channelId);
    if (known && known.until > Date.now()) return known.connected;
    const lookup = this.deps.channels.connectedTo(channelId).then((found) => {
      const newest = new Set(oneChannelPerAgent(found.map((entry) => entry.channel)));
      return found.filter((entry) => newest.has(entry.channel));
    });
    const entry = { connected: lookup, until: Number.POSITIVE_INFINITY };
    this.known.set(channelId, entry);
    const settle = (kept?: Connected) => {
      if (this.known.get(channelId) !== entry) return;
      if (kept?.length) entry.until = Date.now() + CONNECTED_CHANNELS_TTL_MS;
      else this.known.delete(channelId);
    };
    lookup.then(settle, () => settle());
    if (this.known.size > 10_000) this.known.delete(this.known.keys().next().value as string);
    return lookup;
  }
}

import type { ChannelReplyRequestedData, EventEnvelope, Region } from '@platform/contracts';
import { HttpError, type Logger } from '@platform/kit';
import { answersOnLegacyNumber } from '../domain/whatsapp';
import type { AgentDirectory } from '../clients/agent-directory';
import type { DiscordWebhookClient } from '../clients/discord-webhook';
import type { MetaGraph } from '../clients/meta-graph';
import type { TelegramApi } from '../clients/telegram-api';
import type { DiscordChannelStore } from '../store/discord-channels';
import type { SentReplyStore } from '../store/sent-replies';
import type { TelegramBotStore } from '../store/telegram-bots';
import type { MetaPageStore } from '../store/meta-pages';
import type { WhatsappNumberStore } from '../store/whatsapp-numbers';

export interface ReplyDeps {
  bots: TelegramBotStore;
  discord: DiscordChannelStore;
  numbers: WhatsappNumberStore;
  metaPages: MetaPageStore;
  graph: MetaGraph;
  sent: SentReplyStore;
  telegram: TelegramApi;
  discordWebhooks: DiscordWebhookClient;
  directory: AgentDirectory;
  logger: Logger;
}

/**
 * Sends the runtime's reply through the provider. A reply to the same message (`inReplyTo`,
 * else the event id) is sent once, whatever redeliveries happen; a provider failure releases
 * the claim and throws, so the consumer retries it.
 */
export class ReplySender {
  constructor(private readonly deps: ReplyDeps) {}

  async send(event: EventEnvelope<'channel.reply-requested', ChannelReplyRequestedData>): Promise<void> {
    const { data } = event;
    const region = event.region as Region;
    const claim = `${data.channelType}:${data.channelId}:${data.recipientId}:${data.inReplyTo ?? event.id}`;
    if (!(await this.deps.sent.claim(region, claim))) return;
    try {
      await this.deliver(region, data);
    } catch (err) {
      await this.deps.sent.release(region, claim);
      throw err;
    }
  }

  private async deliver(region: Region, data: ChannelReplyRequestedData): Promise<void> {
    switch (data.channelType) {
      case 'telegram': {
        const bot = await this.deps.bots.find(region, data.channelId);
        if (!bot || bot.agentId !== data.agentId) return this.dropped(data, 'the bot is no longer connected');
        await this.deps.telegram.sendMessage(bot.botToken, { chat_id: data.recipientId, text: data.text });
        return;
      }
      case 'discord': {
        const channel = await this.deps.discord.find(region, data.channelId);
        if (!channel || channel.agentID !== data.agentId) return this.dropped(data, 'the Discord channel is no longer connected');
        await this.deps.discordWebhooks.execute(channel.webhookUrl, data.text);
        return;
      }
      case 'whatsapp': {
        const token = await this.whatsappToken(region, data);
        if (!token) return this.dropped(data, 'the number is no longer connected');
        await this.deps.graph.sendText(data.channelId, token, { messaging_product: 'whatsapp', recipient_type: 'individual', to: data.recipientId, type: 'text', text: { body: data.text } });
        return;
      }
      case 'messenger':
      case 'instagram': {
        const page = await this.deps.metaPages.find(region, data.channelId);
        if (!page || page.agentId !== data.agentId) return this.dropped(data, 'the page is no longer connected');
        await this.deps.graph.sendPageMessage(page.pageAccessToken, data.recipientId, data.text);
        return;
      }
    }
  }

  /** The token to answer from the number with: its New Method record's, else the agent's Legacy Method token. */
  private async whatsappToken(region: Region, data: ChannelReplyRequestedData): Promise<string | undefined> {
    const number = await this.deps.numbers.find(region, data.channelId);
    if (number) return number.agentId === data.agentId ? number.longAccessToken : undefined;
    try {
      const legacy = await this.deps.directory.whatsappLegacy(region, data.agentId);
      return answersOnLegacyNumber(legacy, data.channelId) ? legacy.whatsappToken : undefined;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return undefined;
      throw err;
    }
  }

  private dropped(data: ChannelReplyRequestedData, reason: string): void {
    this.deps.logger.warn({ agentId: data.agentId, channelType: data.channelType, channelId: data.channelId }, `reply not sent: ${reason}`);
  }
}

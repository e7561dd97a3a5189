import { MESSAGES, type Region } from '@platform/contracts';
import { HttpError, unauthorized, type Logger } from '@platform/kit';
import { matchesDigest } from '../domain/signatures';
import { deterministicEventId, telegramInboundMessage, type TelegramUpdate } from '../domain/telegram';
import type { InboundPublisher } from '../events/inbound-publisher';
import { RecentPublications } from '../events/recent-publications';
import type { TelegramBotStore } from '../store/telegram-bots';

const messages = MESSAGES.channels;

/**
 * An update Telegram delivers: accepted only with the secret token of one of the agent's bots
 * (401 and nothing queued otherwise), written to Kafka, and only then acknowledged; a broker
 * that cannot take it answers 503 so Telegram delivers it again.
 */
export class TelegramWebhook {
  private readonly recent = new RecentPublications();

  constructor(
    private readonly deps: { bots: TelegramBotStore; publisher: InboundPublisher; logger: Logger; now: () => Date },
  ) {}

  async receive(region: Region, agentId: string, secretToken: string | undefined, update: TelegramUpdate): Promise<void> {
    if (typeof secretToken !== 'string' || !secretToken) throw unauthorized(messages.webhookSignatureInvalid);
    const bots = await this.deps.bots.webhookSecrets(region, agentId);
    const bot = bots.find((candidate) => matchesDigest(secretToken, candidate.webhookSecretSha256));
    if (!bot) throw unauthorized(messages.webhookSignatureInvalid);

    const data = telegramInboundMessage(update, bot, this.deps.now());
    if (!data) return;
    // The same delivery is the same event: retries are dropped by id downstream.
    const id = deterministicEventId('telegram', bot.botId, String(update.update_id ?? data.externalMessageId));
    try {
      await this.recent.once(id, () => this.deps.publisher.publish({ id, region, workspaceId: bot.workspaceId, data }));
    } catch (err) {
      this.deps.logger.error({ err, agentId, botId: bot.botId }, 'inbound message not queued');
      throw new HttpError(503, messages.webhookNotQueued);
    }
  }
}

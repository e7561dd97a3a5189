import { MESSAGES, type Region } from '@platform/contracts';
import { HttpError, unauthorized, type Logger } from '@platform/kit';
import { matchesDigest } from '../domain/signatures';
import { deterministicEventId } from '../domain/event-ids';
import { telegramInboundMessage, type TelegramUpdate } from '../domain/telegram';
import type { InboundPublisher } from '../events/inbound-publisher';
import { RecentPublications } from '../events/recent-publications';
import type { TelegramBotStore } from '../store/telegram-bots';

const messages = MESSAGES.channels;

/**
 * An update Telegram delivers: accepted only with the secret token of one of the agent's bots
 * (401 and nothing queued otherwise), written to Kafka, and only then acknowledged; a broker
 * that cannot take it answers 503 so Telegram delivers it again.
 */
/** How long an agent's bots are trusted from memory before the store is asked again. */
const KNOWN_BOTS_TTL_MS = 5_000;

export class TelegramWebhook {
  private readonly recent = new RecentPublications();
  private readonly knownBots = new Map<string, { bots: WebhookBot[]; until: number }>();

  constructor(
    private readonly deps: { bots: TelegramBotStore; publisher: InboundPublisher; logger: Logger; now: () => Date },
  ) {}

  async receive(region: Region, agentId: string, secretToken: string | undefined, update: TelegramUpdate): Promise<void> {
    if (typeof secretToken !== 'string' || !secretToken) throw unauthorized(messages.webhookSignatureInvalid);
    const bot = await this.botWithSecret(region, agentId, secretToken);
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

  /**
   * The agent's bot whose secret this is. Bots found are kept for a few seconds, so a busy bot
   * costs no store read per update; a secret that matches none of them is always checked
   * against the store (a bot connected or reconnected since is never refused), and nothing is
   * kept for an agent without bots. A removed bot's old secret may pass on a replica that has
   * it in memory for at most KNOWN_BOTS_TTL_MS; removal deletes the webhook at Telegram first.
   */
  private async botWithSecret(region: Region, agentId: string, secretToken: string): Promise<WebhookBot | undefined> {
    const key = `${region}:${agentId}`;
    const known = this.knownBots.get(key);
    const match = (bots: WebhookBot[]) => bots.find((candidate) => matchesDigest(secretToken, candidate.webhookSecretSha256));
    if (known && known.until > Date.now()) {
      const found = match(known.bots);
      if (found) return found;
    }
    const bots = await this.deps.bots.webhookSecrets(region, agentId);
    if (bots.length) this.knownBots.set(key, { bots, until: Date.now() + KNOWN_BOTS_TTL_MS });
    else this.knownBots.delete(key);
    if (this.knownBots.size > 10_000) this.knownBots.delete(this.knownBots.keys().next().value as string);
    return match(bots);
  }
}

type WebhookBot = Awaited<ReturnType<TelegramBotStore['webhookSecrets']>>[number];

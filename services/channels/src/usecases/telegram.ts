import { MESSAGES, telegramBotIdFromToken, type Region, type TelegramBotView, type TelegramWebhookInfo } from '@platform/contracts';
import { HttpError, badRequest, catalogOutboxEntry, notFound, type Logger } from '@platform/kit';
import type { ReachableAgent } from '../clients/agent-directory';
import { TelegramApiError, type TelegramApi } from '../clients/telegram-api';
import { secretDigest } from '../domain/signatures';
import { newWebhookSecret, telegramWebhookUrl } from '../domain/telegram';
import type { TelegramBotStore } from '../store/telegram-bots';

export interface TelegramDeps {
  bots: TelegramBotStore;
  telegram: TelegramApi;
  publicApiUrl: string;
  logger: Logger;
  eventsWritten: () => void;
  now: () => Date;
}

const messages = MESSAGES.channels;
const view = (bot: { botId: string; webhookUrl: string }): TelegramBotView => ({ botId: bot.botId, webhookUrl: bot.webhookUrl });

/** Connecting, showing and removing Telegram bots. */
export class TelegramUseCases {
  constructor(private readonly deps: TelegramDeps) {}

  /**
   * setWebhook first (with a fresh secret_token): a token Telegram refuses saves nothing and
   * answers 'Failed to set webhook: {description}'. Then the bot is stored, and a first
   * connection writes new-channel-connection with it.
   */
  async connect(region: Region, agent: ReachableAgent, token: string): Promise<TelegramBotView> {
    const botId = telegramBotIdFromToken(token);
    const webhookUrl = telegramWebhookUrl(this.deps.publicApiUrl, region, agent.agentId);
    const secret = newWebhookSecret();
    try {
      await this.deps.telegram.setWebhook(token, { url: webhookUrl, secret_token: secret, allowed_updates: ['message'] });
    } catch (err) {
      if (err instanceof TelegramApiError) throw badRequest(messages.telegramWebhookFailed(err.description));
      throw err;
    }
    const connected = catalogOutboxEntry('new-channel-connection', {
      region,
      workspaceId: agent.workspaceId,
      data: { agentId: agent.agentId, agentType: agent.agentType, channelId: botId, channelType: 'telegram' },
    });
    const isNew = await this.deps.bots.save(
      region,
      { agentId: agent.agentId, botId, botToken: token, webhookUrl, webhookSecretSha256: secretDigest(secret), workspaceId: agent.workspaceId, createdAt: this.deps.now() },
      [connected],
    );
    if (isNew) this.deps.eventsWritten();
    return { botId, webhookUrl };
  }

  async list(region: Region, agentId: string): Promise<TelegramBotView[]> {
    return (await this.deps.bots.listForAgent(region, agentId)).map(view);
  }

  async webhookInfo(region: Region, agentId: string, botId: string): Promise<TelegramWebhookInfo> {
    const bot = await this.ownBot(region, agentId, botId);
    try {
      return await this.deps.telegram.getWebhookInfo(bot.botToken);
    } catch (err) {
      if (err instanceof TelegramApiError) throw new HttpError(502, err.description);
      throw err;
    }
  }

  /** deleteWebhook, then the record goes; a token Telegram no longer knows still lets the record go. */
  async remove(region: Region, agentId: string, botId: string): Promise<void> {
    const bot = await this.ownBot(region, agentId, botId);
    try {
      await this.deps.telegram.deleteWebhook(bot.botToken);
    } catch (err) {
      if (!(err instanceof TelegramApiError) || err.status >= 500) throw new HttpError(502, (err as Error).message);
      this.deps.logger.warn({ botId, description: err.description }, 'deleteWebhook refused; removing the bot anyway');
    }
    await this.deps.bots.remove(region, agentId, botId);
  }

  private async ownBot(region: Region, agentId: string, botId: string) {
    const bot = await this.deps.bots.find(region, botId);
    if (!bot || bot.agentId !== agentId) throw notFound('Telegram bot not found');
    return bot;
  }
}

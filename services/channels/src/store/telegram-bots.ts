import type { Region } from '@platform/contracts';
import { insertWithOutbox, updateWithOutbox, type OutboxEntry, type RegionalMongo, type SecretBox } from '@platform/kit';
import { COLLECTION } from './collections';

/** A bot as stored: the spec's fields (token sealed), plus what the webhook and the events need. */
export interface TelegramBotRecord {
  _id: string;
  agentId: string;
  botId: string;
  botToken: string;
  webhookUrl: string;
  /** SHA-256 of the secret_token given to setWebhook: inbound updates must carry the secret */
  webhookSecretSha256: string;
  workspaceId: string;
  createdAt: Date;
}
export type TelegramBot = Omit<TelegramBotRecord, '_id'>;

const fields = { agentId: 1, botId: 1, botToken: 1, webhookUrl: 1, webhookSecretSha256: 1, workspaceId: 1, createdAt: 1 } as const;

/** telegramBots, with bot tokens sealed at rest. */
export class TelegramBotStore {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly box: SecretBox,
  ) {}

  private collection(region: Region) {
    return this.mongo.collection<TelegramBotRecord>(region, COLLECTION.telegramBots);
  }

  /**
   * Saves the bot for the agent. The connection event is written with the document only when
   * the bot was not already this agent's, so reconnecting the same bot publishes nothing.
   * Returns whether it was a new connection.
   */
  async save(region: Region, bot: TelegramBot, connected: OutboxEntry[]): Promise<boolean> {
    const sealed = { ...bot, botToken: this.box.seal(bot.botToken) };
    const { createdAt, ...changes } = sealed;
    try {
      await this.collection(region).insertOne(insertWithOutbox({ _id: bot.botId, ...sealed }, connected));
      return true;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    const same = await this.collection(region).updateOne({ _id: bot.botId, agentId: bot.agentId }, { $set: changes });
    if (same.matchedCount) return false;
    // The bot moves from another agent: a new connection for this one.
    await this.collection(region).updateOne({ _id: bot.botId }, updateWithOutbox({ $set: { ...changes, createdAt } }, connected));
    return true;
  }

  async listForAgent(region: Region, agentId: string): Promise<TelegramBot[]> {
    const found = await this.collection(region).find({ agentId }, { projection: fields }).toArray();
    return found.map(({ _id, ...bot }) => ({ ...bot, botToken: this.box.open(bot.botToken) }));
  }

  /** What an inbound update is checked against: no token is opened for it. */
  async webhookSecrets(region: Region, agentId: string): Promise<Array<Pick<TelegramBot, 'botId' | 'agentId' | 'workspaceId' | 'webhookSecretSha256'>>> {
    return this.collection(region)
      .find({ agentId }, { projection: { _id: 0, botId: 1, agentId: 1, workspaceId: 1, webhookSecretSha256: 1 } })
      .toArray();
  }

  async find(region: Region, botId: string): Promise<TelegramBot | undefined> {
    const found = await this.collection(region).findOne({ _id: botId }, { projection: fields });
    if (!found) return undefined;
    const { _id, ...bot } = found;
    return { ...bot, botToken: this.box.open(bot.botToken) };
  }

  async remove(region: Region, agentId: string, botId: string): Promise<boolean> {
    return (await this.collection(region).deleteOne({ _id: botId, agentId })).deletedCount === 1;
  }
}

import type { Region } from '@platform/contracts';
import { insertWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import { COLLECTION } from './collections';

/** A Discord channel as stored (the spec's fields, `_id` = ID). */
export interface DiscordChannelRecord {
  _id: string;
  ID: string;
  agentID: string;
  channelId: string;
  webhookUrl: string;
  workspaceId: string;
  createdAt: Date;
}
export type DiscordChannelView = Pick<DiscordChannelRecord, 'ID' | 'channelId' | 'webhookUrl'>;

export class DiscordChannelStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private collection(region: Region) {
    return this.mongo.collection<DiscordChannelRecord>(region, COLLECTION.discordChannels);
  }

  async insert(region: Region, record: Omit<DiscordChannelRecord, '_id'>, connected: OutboxEntry[]): Promise<void> {
    await this.collection(region).insertOne(insertWithOutbox({ _id: record.ID, ...record }, connected));
  }

  async listForAgent(region: Region, agentID: string): Promise<DiscordChannelView[]> {
    return this.collection(region).find({ agentID }, { projection: { _id: 0, ID: 1, channelId: 1, webhookUrl: 1 } }).toArray();
  }

  async find(region: Region, ID: string): Promise<DiscordChannelRecord | null> {
    return this.collection(region).findOne({ _id: ID });
  }

  /** Every record connected to the Discord channel, in every region (a message names its channel, not a region). */
  async connectedTo(channelId: string): Promise<Array<{ region: Region; channel: DiscordChannelRecord }>> {
    const found = await Promise.all(
      this.mongo.regions().map(async (region) => (await this.collection(region).find({ channelId }).toArray()).map((channel) => ({ region, channel }))),
    );
    return found.flat();
  }

  async remove(region: Region, agentID: string, ID: string): Promise<boolean> {
    return (await this.collection(region).deleteOne({ _id: ID, agentID })).deletedCount === 1;
  }
}

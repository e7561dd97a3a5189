import type { Region } from '@platform/contracts';
import { insertWithOutbox, updateWithOutbox, type OutboxEntry, type RegionalMongo, type SecretBox } from '@platform/kit';
import { COLLECTION } from './collections';

/** A number connected to an agent (waNumbers, `_id` = phoneId), its long-lived token sealed at rest. */
export interface WhatsappNumberRecord {
  _id: string;
  agentId: string;
  wabaId: string;
  phoneId: string;
  phoneNumber: string;
  longAccessToken: string;
  workspaceId: string;
  createdAt: Date;
}
export type WhatsappNumberData = Omit<WhatsappNumberRecord, '_id'>;
export type WhatsappNumberView = Pick<WhatsappNumberRecord, 'agentId' | 'wabaId' | 'phoneId' | 'phoneNumber'>;

const VIEW = { _id: 0, agentId: 1, wabaId: 1, phoneId: 1, phoneNumber: 1 } as const;

export class WhatsappNumberStore {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly box: SecretBox,
  ) {}

  private collection(region: Region) {
    return this.mongo.collection<WhatsappNumberRecord>(region, COLLECTION.whatsappNumbers);
  }

  /** Saves the number for the agent; a first connection (new, or taken from another agent) writes the event with it. */
  async save(region: Region, number: WhatsappNumberData, connected: OutboxEntry[]): Promise<void> {
    const sealed = { ...number, longAccessToken: this.box.seal(number.longAccessToken) };
    const previous = await this.collection(region).findOne({ _id: number.phoneId }, { projection: { agentId: 1 } });
    if (!previous) {
      try {
        await this.collection(region).insertOne(insertWithOutbox({ _id: number.phoneId, ...sealed }, connected));
        return;
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
      }
    }
    const { createdAt: _createdAt, ...changes } = sealed;
    const same = await this.collection(region).updateOne({ _id: number.phoneId, agentId: number.agentId }, { $set: changes });
    if (same.matchedCount) return;
    await this.collection(region).updateOne({ _id: number.phoneId }, updateWithOutbox({ $set: sealed }, connected));
  }

  /** Every record of the workspace's agents (the workspace is kept with each record when it is connected). */
  listForWorkspace(region: Region, workspaceId: string): Promise<WhatsappNumberView[]> {
    return this.collection(region).find({ workspaceId }, { projection: VIEW }).toArray();
  }

  listForAgent(region: Region, agentId: string): Promise<WhatsappNumberView[]> {
    return this.collection(region).find({ agentId }, { projection: VIEW }).sort({ createdAt: 1 }).toArray();
  }

  /** Which of these numbers are connected (to any agent). */
  async connectedAmong(region: Region, phoneIds: string[]): Promise<Set<string>> {
    const found = await this.collection(region).find({ _id: { $in: phoneIds } }, { projection: { _id: 1 } }).toArray();
    return new Set(found.map((doc) => doc._id));
  }

  async find(region: Region, phoneId: string): Promise<WhatsappNumberData | undefined> {
    const found = await this.collection(region).findOne({ _id: phoneId });
    if (!found) return undefined;
    const { _id, ...number } = found;
    return { ...number, longAccessToken: this.box.open(number.longAccessToken) };
  }

  async remove(region: Region, agentId: string, phoneId: string): Promise<boolean> {
    return (await this.collection(region).deleteOne({ _id: phoneId, agentId })).deletedCount === 1;
  }
}

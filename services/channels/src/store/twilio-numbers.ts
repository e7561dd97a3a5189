import type { Region, TwilioNumber, TwilioNumberSource } from '@platform/contracts';
import type { RegionalMongo, SecretBox } from '@platform/kit';
import { COLLECTION } from './collections';

/** A number of a workspace (`_id` = its id); an imported number keeps its account's credentials, the token sealed. */
export interface TwilioNumberRecord {
  _id: string;
  workspaceId: string;
  phoneNumber: string;
  sid: string;
  friendlyName: string;
  agentId: string | null;
  source: TwilioNumberSource;
  /** the Twilio account the number is on: the platform's (bought) or the workspace's own (imported) */
  accountSid: string;
  /** imported numbers only, sealed */
  authToken?: string;
  createdAt: Date;
}

const VIEW = { authToken: 0, accountSid: 0 } as const;
const view = ({ _id, createdAt, authToken: _token, accountSid: _account, ...number }: TwilioNumberRecord): TwilioNumber => ({ id: _id, ...number, createdAt: createdAt.toISOString() });

export class TwilioNumberStore {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly box: SecretBox,
  ) {}

  private collection(region: Region) {
    return this.mongo.collection<TwilioNumberRecord>(region, COLLECTION.twilioNumbers);
  }

  /** Saves a new number; false when the phone number is already on the platform (unique index). */
  async insert(region: Region, number: TwilioNumberRecord): Promise<boolean> {
    const sealed = number.authToken === undefined ? number : { ...number, authToken: this.box.seal(number.authToken) };
    try {
      await this.collection(region).insertOne(sealed);
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  async listForWorkspace(region: Region, workspaceId: string): Promise<TwilioNumber[]> {
    const found = await this.collection(region).find({ workspaceId }, { projection: VIEW }).sort({ createdAt: 1 }).toArray();
    return found.map(view);
  }

  countBought(region: Region, workspaceId: string): Promise<number> {
    return this.collection(region).countDocuments({ workspaceId, source: 'bought' });
  }

  /** The workspace's number, with its account's token opened (undefined for bought numbers). */
  async find(region: Region, workspaceId: string, id: string): Promise<TwilioNumberRecord | undefined> {
    return this.open(await this.collection(region).findOne({ _id: id, workspaceId }));
  }

  /** The number a call came in on, whatever its workspace (the webhook names it by id). */
  async findForCall(region: Region, id: string): Promise<TwilioNumberRecord | undefined> {
    return this.open(await this.collection(region).findOne({ _id: id }));
  }

  async setAgent(region: Region, workspaceId: string, id: string, agentId: string | null): Promise<TwilioNumber | undefined> {
    const { matchedCount } = await this.collection(region).updateOne({ _id: id, workspaceId }, { $set: { agentId } });
    if (!matchedCount) return undefined;
    const updated = await this.collection(region).findOne({ _id: id, workspaceId }, { projection: VIEW });
    return updated ? view(updated) : undefined;
  }

  async remove(region: Region, workspaceId: string, id: string): Promise<boolean> {
    return (await this.collection(region).deleteOne({ _id: id, workspaceId })).deletedCount === 1;
  }

  private open(found: TwilioNumberRecord | null): TwilioNumberRecord | undefined {
    if (!found) return undefined;
    return found.authToken === undefined ? found : { ...found, authToken: this.box.open(found.authToken) };
  }
}

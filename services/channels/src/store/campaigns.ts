import { CAMPAIGN_MESSAGES, whatsappIdOf, type Campaign, type CampaignRecipient, type CampaignRecipientStatus, type CampaignStatus, type Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { recipientCounts } from '../domain/campaigns';
import { COLLECTION } from './collections';

interface CampaignRecord {
  _id: string;
  agentId: string;
  workspaceId: string;
  name: string;
  phoneId: string;
  templateName: string;
  templateLanguage: string;
  status: CampaignStatus;
  createdAt: Date;
  /** the sender holding the campaign until then (renewed per recipient) */
  leaseUntil?: Date;
}
export type NewCampaign = Omit<CampaignRecord, '_id' | 'status' | 'leaseUntil'> & { ID: string; phones: string[] };

/** One document per recipient, `_id` = campaign:wa_id: its state is what makes each recipient sent at most once. */
interface RecipientRecord {
  _id: string;
  campaignId: string;
  agentId: string;
  phone: string;
  /** the order the user chose them in */
  position: number;
  status: CampaignRecipientStatus;
  error?: string;
}

export class CampaignStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private campaigns(region: Region) {
    return this.mongo.collection<CampaignRecord>(region, COLLECTION.campaigns);
  }
  private recipients(region: Region) {
    return this.mongo.collection<RecipientRecord>(region, COLLECTION.campaignRecipients);
  }

  /** Recipients first: a campaign is listed only once all its recipients are stored. */
  async create(region: Region, campaign: NewCampaign): Promise<void> {
    const { ID, phones, ...fields } = campaign;
    await this.recipients(region).insertMany(
      phones.map((phone, position) => ({ _id: `${ID}:${whatsappIdOf(phone)}`, campaignId: ID, agentId: fields.agentId, phone, position, status: 'pending' as const })),
    );
    await this.campaigns(region).insertOne({ _id: ID, ...fields, status: 'draft' });
  }

  async listForAgent(region: Region, agentId: string): Promise<Campaign[]> {
    const [campaigns, recipients] = await Promise.all([
      this.campaigns(region).find({ agentId }).sort({ createdAt: -1 }).toArray(),
      this.recipients(region).find({ agentId }).toArray(),
    ]);
    return campaigns.map((campaign) => view(campaign, recipients.filter((r) => r.campaignId === campaign._id)));
  }

  async find(region: Region, agentId: string, campaignId: string): Promise<Campaign | undefined> {
    const campaign = await this.campaigns(region).findOne({ _id: campaignId, agentId });
    if (!campaign) return undefined;
    return view(campaign, await this.recipients(region).find({ campaignId }).toArray());
  }

  /** Takes the campaign for sending until `until`, when nobody holds it (a draft, or a send whose sender stopped). */
  async acquire(region: Region, campaignId: string, now: Date, until: Date): Promise<boolean> {
    const taken = await this.campaigns(region).updateOne(
      { _id: campaignId, status: { $in: ['draft', 'sending'] }, $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lt: now } }] },
      { $set: { status: 'sending', leaseUntil: until } },
    );
    return taken.modifiedCount === 1;
  }

  async renew(region: Region, campaignId: string, until: Date): Promise<void> {
    await this.campaigns(region).updateOne({ _id: campaignId }, { $set: { leaseUntil: until } });
  }

  async finish(region: Region, campaignId: string, status: CampaignStatus): Promise<void> {
    await this.campaigns(region).updateOne({ _id: campaignId }, { $set: { status }, $unset: { leaseUntil: '' } });
  }

  /** Campaigns a stopped sender left in 'sending' (their lease ran out). */
  async abandoned(region: Region, now: Date): Promise<Array<{ ID: string; agentId: string }>> {
    const found = await this.campaigns(region).find({ status: 'sending', leaseUntil: { $lt: now } }, { projection: { _id: 1, agentId: 1 } }).toArray();
    return found.map((c) => ({ ID: c._id, agentId: c.agentId }));
  }

  /**
   * Recipients a stopped sender had handed to Meta without storing the answer: whether Meta sent
   * them is unknown, so they are not sent again (nobody gets the message twice).
   */
  async failInterrupted(region: Region, campaignId: string): Promise<void> {
    await this.recipients(region).updateMany({ campaignId, status: 'sending' }, { $set: { status: 'failed', error: CAMPAIGN_MESSAGES.interrupted } });
  }

  async pending(region: Region, campaignId: string): Promise<Array<{ id: string; phone: string }>> {
    const found = await this.recipients(region).find({ campaignId, status: 'pending' }).sort({ position: 1 }).toArray();
    return found.map((r) => ({ id: r._id, phone: r.phone }));
  }

  /** pending → sending, once: the sender that wins hands it to Meta. */
  async claim(region: Region, recipientId: string): Promise<boolean> {
    return (await this.recipients(region).updateOne({ _id: recipientId, status: 'pending' }, { $set: { status: 'sending' } })).modifiedCount === 1;
  }

  async settle(region: Region, recipientId: string, outcome: { status: 'sent' } | { status: 'failed'; error: string }): Promise<void> {
    await this.recipients(region).updateOne({ _id: recipientId, status: 'sending' }, { $set: outcome });
  }
}

function view(campaign: CampaignRecord, recipients: RecipientRecord[]): Campaign {
  const ordered: CampaignRecipient[] = [...recipients]
    .sort((a, b) => a.position - b.position)
    .map((r) => ({ phone: r.phone, status: r.status, ...(r.error ? { error: r.error } : {}) }));
  return {
    ID: campaign._id,
    agentId: campaign.agentId,
    name: campaign.name,
    phoneId: campaign.phoneId,
    templateName: campaign.templateName,
    templateLanguage: campaign.templateLanguage,
    status: campaign.status,
    recipients: ordered,
    ...recipientCounts(ordered),
    createdAt: campaign.createdAt.getTime(),
  };
}

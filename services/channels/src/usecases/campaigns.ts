import {
  CAMPAIGN_MESSAGES,
  randomChars,
  whatsappIdOf,
  type Campaign,
  type CreateCampaignRequest,
  type CreateCampaignTemplateRequest,
  type Region,
  type WhatsappTemplateView,
} from '@platform/contracts';
import { HttpError, badRequest, notFound, type Identity } from '@platform/kit';
import type { AgentDirectory, ReachableAgent } from '../clients/agent-directory';
import { MetaGraphError, type MetaGraph } from '../clients/meta-graph';
import { CAMPAIGN_SEND_LEASE_MS, phoneNotALead, statusAfterSend, templateRefusal } from '../domain/campaigns';
import type { CampaignStore } from '../store/campaigns';
import type { WhatsappNumberData, WhatsappNumberStore } from '../store/whatsapp-numbers';
import type { WhatsappUseCases } from './whatsapp';

const messages = CAMPAIGN_MESSAGES;

/**
 * WhatsApp template campaigns (ADR 0043): sent from the agent's connected number with its token,
 * read server-side; each recipient is claimed in the store before Meta is asked, so a send that
 * stops midway and is resumed never messages anyone twice.
 */
export class CampaignUseCases {
  constructor(
    private readonly deps: {
      campaigns: CampaignStore;
      numbers: WhatsappNumberStore;
      graph: MetaGraph;
      whatsapp: WhatsappUseCases;
      directory: AgentDirectory;
      now: () => Date;
    },
  ) {}

  list(region: Region, agentId: string): Promise<Campaign[]> {
    return this.deps.campaigns.listForAgent(region, agentId);
  }

  async templates(region: Region, agentId: string): Promise<WhatsappTemplateView[]> {
    return this.templatesOf(await this.numberOf(region, agentId));
  }

  private async templatesOf(number: WhatsappNumberData): Promise<WhatsappTemplateView[]> {
    try {
      const found = await this.deps.graph.templates(number.wabaId, number.longAccessToken);
      return found.map((t) => ({ id: t.id, name: t.name, language: t.language, category: t.category, status: t.status, bodyText: t.components?.find((c) => c.type === 'BODY')?.text ?? '' }));
    } catch (err) {
      if (err instanceof MetaGraphError) throw new HttpError(err.status >= 500 ? 502 : 400, messages.templatesFetchFailed(err.reason));
      throw err;
    }
  }

  /** createTemplate with the account and token of the agent's number. */
  async createTemplate(region: Region, agentId: string, template: CreateCampaignTemplateRequest): Promise<{ id: string; status: string }> {
    const number = await this.numberOf(region, agentId);
    return this.deps.whatsapp.createTemplate({ ...template, wabaId: number.wabaId, longAccessToken: number.longAccessToken });
  }

  async create(region: Region, caller: Identity, agent: ReachableAgent, request: CreateCampaignRequest): Promise<Campaign> {
    const number = await this.numberOf(region, agent.agentId);
    const refusal = templateRefusal(await this.templatesOf(number), request.templateName, request.templateLanguage);
    if (refusal) throw badRequest(refusal);
    const leads = await this.deps.directory.leads(caller, region, agent.agentId);
    const stranger = phoneNotALead(request.phones, leads.map((lead) => lead.phone));
    if (stranger !== undefined) throw badRequest(messages.notALead(stranger));
    // one recipient per WhatsApp id, however the lead wrote the number
    const phones = [...new Map(request.phones.map((phone) => [whatsappIdOf(phone), phone])).values()];
    const ID = randomChars(20);
    await this.deps.campaigns.create(region, {
      ID,
      agentId: agent.agentId,
      workspaceId: agent.workspaceId,
      name: request.name,
      phoneId: number.phoneId,
      templateName: request.templateName,
      templateLanguage: request.templateLanguage,
      createdAt: this.deps.now(),
      phones,
    });
    return (await this.deps.campaigns.find(region, agent.agentId, ID))!;
  }

  /** Sends the campaign (or resumes one whose sender stopped); 409 while another sender holds it. */
  async send(region: Region, agentId: string, campaignId: string): Promise<Campaign> {
    const campaign = await this.deps.campaigns.find(region, agentId, campaignId);
    if (!campaign) throw notFound(messages.campaignNotFound);
    if (campaign.status === 'sent') throw new HttpError(409, messages.alreadySent);
    const number = await this.deps.numbers.find(region, campaign.phoneId);
    if (!number || number.agentId !== agentId) throw badRequest(messages.noWhatsappNumber);
    if (!(await this.deps.campaigns.acquire(region, campaignId, this.deps.now(), this.leaseEnd()))) throw new HttpError(409, messages.beingSent);
    return this.run(region, campaign, number);
  }

  /** Resumes the campaigns a stopped sender left half sent (run at start and periodically). */
  async resumeAbandoned(region: Region): Promise<number> {
    let resumed = 0;
    for (const { ID, agentId } of await this.deps.campaigns.abandoned(region, this.deps.now())) {
      const campaign = await this.deps.campaigns.find(region, agentId, ID);
      const number = campaign && (await this.deps.numbers.find(region, campaign.phoneId));
      if (!campaign || !number || number.agentId !== agentId) continue;
      if (!(await this.deps.campaigns.acquire(region, ID, this.deps.now(), this.leaseEnd()))) continue;
      await this.run(region, campaign, number);
      resumed += 1;
    }
    return resumed;
  }

  /** Sends to every pending recipient; answers the campaign as it stands after the send. */
  private async run(region: Region, campaign: Campaign, number: WhatsappNumberData): Promise<Campaign> {
    const { campaigns, graph } = this.deps;
    await campaigns.failInterrupted(region, campaign.ID);
    for (const recipient of await campaigns.pending(region, campaign.ID)) {
      if (!(await campaigns.claim(region, recipient.id))) continue;
      try {
        await graph.sendTemplate(number.phoneId, number.longAccessToken, whatsappIdOf(recipient.phone), { name: campaign.templateName, language: campaign.templateLanguage });
        await campaigns.settle(region, recipient.id, { status: 'sent' });
      } catch (err) {
        if (!(err instanceof MetaGraphError)) throw err;
        await campaigns.settle(region, recipient.id, { status: 'failed', error: err.reason });
      }
      await campaigns.renew(region, campaign.ID, this.leaseEnd());
    }
    const after = (await campaigns.find(region, campaign.agentId, campaign.ID))!;
    const status = statusAfterSend(after.recipients);
    await campaigns.finish(region, campaign.ID, status);
    return { ...after, status };
  }

  private leaseEnd(): Date {
    return new Date(this.deps.now().getTime() + CAMPAIGN_SEND_LEASE_MS);
  }

  /** The agent's first connected WhatsApp number, with its token. */
  private async numberOf(region: Region, agentId: string): Promise<WhatsappNumberData> {
    const [first] = await this.deps.numbers.listForAgent(region, agentId);
    const number = first && (await this.deps.numbers.find(region, first.phoneId));
    if (!number) throw badRequest(messages.noWhatsappNumber);
    return number;
  }
}

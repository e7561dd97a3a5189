import Joi from 'joi';
import { CAMPAIGNS_API, CAMPAIGN_MESSAGES, createCampaignRequestSchema, createCampaignTemplateRequestSchema, documentId, routeOf, type ResponseOf } from '@platform/contracts';
import type { ClientRouteRule } from '@platform/kit';
import type { CampaignUseCases } from '../usecases/campaigns';
import { agentParams, type ChannelsRouteSpec } from './params';

/** The Campaigns page serves clients whose access names /campaigns (ADR 0043). */
const CAMPAIGNS_PAGE: ClientRouteRule = { page: 'campaigns' };
const campaignParams = Joi.object({ agentId: documentId().required(), campaignId: documentId().required() });
const agentOfParams = (req: { params: Record<string, string> }) => ({ agentId: req.params.agentId! });

export function campaignRoutes(campaigns: CampaignUseCases): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(CAMPAIGNS_API.listCampaigns),
      summary: "The agent's WhatsApp campaigns, newest first, with each recipient's state and the sent/failed counts",
      access: 'agent',
      agent: agentOfParams,
      clients: CAMPAIGNS_PAGE,
      schemas: { params: agentParams },
      success: { status: 200, description: 'CampaignListResponse {success, data: Campaign[]}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, agent) => {
        res.json({ success: true, data: await campaigns.list(req.region, agent.agentId) } satisfies ResponseOf<typeof CAMPAIGNS_API.listCampaigns>);
      },
    },
    {
      ...routeOf(CAMPAIGNS_API.createCampaign),
      summary: "A draft campaign: an approved template of the agent's WhatsApp account, to leads of the agent with a phone number",
      access: 'agent',
      agent: agentOfParams,
      clients: CAMPAIGNS_PAGE,
      schemas: { params: agentParams, body: createCampaignRequestSchema },
      success: { status: 201, description: 'CampaignResponse {success, message, data: Campaign}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, agent) => {
        const data = await campaigns.create(req.region, req.identity, agent, req.body);
        res.status(201).json({ success: true, message: CAMPAIGN_MESSAGES.campaignCreated, data } satisfies ResponseOf<typeof CAMPAIGNS_API.createCampaign>);
      },
    },
    {
      ...routeOf(CAMPAIGNS_API.sendCampaign),
      summary: 'Sends the template to every recipient not yet tried, once each (also resumes an interrupted send); 409 when sent or being sent',
      access: 'agent',
      agent: agentOfParams,
      clients: CAMPAIGNS_PAGE,
      schemas: { params: campaignParams },
      success: { status: 200, description: 'CampaignResponse {success, message, data: Campaign}' },
      failures: [400, 401, 403, 404, 409],
      handler: async (req, res, agent) => {
        const data = await campaigns.send(req.region, agent.agentId, req.params.campaignId!);
        res.json({ success: true, message: CAMPAIGN_MESSAGES.campaignSent(data.sentCount, data.failedCount), data } satisfies ResponseOf<typeof CAMPAIGNS_API.sendCampaign>);
      },
    },
    {
      ...routeOf(CAMPAIGNS_API.listCampaignTemplates),
      summary: "The message templates of the WhatsApp account of the agent's number, with Meta's review status",
      access: 'agent',
      agent: agentOfParams,
      clients: CAMPAIGNS_PAGE,
      schemas: { params: agentParams },
      success: { status: 200, description: 'WhatsappTemplatesResponse {success, data: WhatsappTemplateView[]}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, agent) => {
        res.json({ success: true, data: await campaigns.templates(req.region, agent.agentId) } satisfies ResponseOf<typeof CAMPAIGNS_API.listCampaignTemplates>);
      },
    },
    {
      ...routeOf(CAMPAIGNS_API.createCampaignTemplate),
      summary: "createTemplate in the account of the agent's number, with its stored token ('Invalid template info')",
      access: 'agent',
      agent: agentOfParams,
      clients: CAMPAIGNS_PAGE,
      schemas: { params: agentParams, body: createCampaignTemplateRequestSchema },
      success: { status: 200, description: 'CreateTemplateResponse {success, data: {id, status}}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, agent) => {
        res.json({ success: true, data: await campaigns.createTemplate(req.region, agent.agentId, req.body) } satisfies ResponseOf<typeof CAMPAIGNS_API.createCampaignTemplate>);
      },
    },
  ];
}

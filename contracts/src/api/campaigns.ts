import type { Campaign, CreateCampaignRequest, CreateCampaignTemplateRequest, WhatsappTemplateView } from '../entities/campaigns';
import { endpoint, type NoQuery, type SuccessResponse } from './endpoint';
import type { CreateTemplateResponse } from './channels';

type AgentIdParam = { agentId: string };
type CampaignParams = { agentId: string; campaignId: string };

export interface CampaignListResponse extends SuccessResponse {
  data: Campaign[];
}
export interface CampaignResponse extends SuccessResponse {
  message: string;
  data: Campaign;
}
export interface WhatsappTemplatesResponse extends SuccessResponse {
  data: WhatsappTemplateView[];
}

/** The agent's Campaigns page (channels service, ADR 0043): members, and clients whose access names /campaigns. */
export const CAMPAIGNS_API = {
  listCampaigns: endpoint<AgentIdParam, NoQuery, undefined, CampaignListResponse>()({ service: 'channels', operationId: 'listCampaigns', method: 'get', path: '/v2/agents/:agentId/campaigns' }),
  createCampaign: endpoint<AgentIdParam, NoQuery, CreateCampaignRequest, CampaignResponse>()({ service: 'channels', operationId: 'createCampaign', method: 'post', path: '/v2/agents/:agentId/campaigns' }),
  sendCampaign: endpoint<CampaignParams, NoQuery, undefined, CampaignResponse>()({ service: 'channels', operationId: 'sendCampaign', method: 'post', path: '/v2/agents/:agentId/campaigns/:campaignId/send' }),
  listCampaignTemplates: endpoint<AgentIdParam, NoQuery, undefined, WhatsappTemplatesResponse>()({ service: 'channels', operationId: 'listCampaignTemplates', method: 'get', path: '/v2/agents/:agentId/campaign-templates' }),
  createCampaignTemplate: endpoint<AgentIdParam, NoQuery, CreateCampaignTemplateRequest, CreateTemplateResponse>()({ service: 'channels', operationId: 'createCampaignTemplate', method: 'post', path: '/v2/agents/:agentId/campaign-templates' }),
} as const;

import Joi from 'joi';
import type { AgentDraft } from '../entities/agent';
import { documentId } from '../entities/common';
import {
  createPersonalizedAgentRequestSchema,
  type BrandingInfo,
  type CreatePersonalizedAgentRequest,
  type CreatePersonalizedAgentResponse,
  type GetBrandingInfoRequest,
} from '../entities/onboarding';
import { endpoint, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

/** onboarding.getBrandingInfo: the colours (ranked, ≤ 11), logo and favicon found on the company's website. */
export interface BrandingInfoResponse extends SuccessResponse {
  brandingInfo: BrandingInfo & { logo?: string };
}

/** onboarding.createPersonalizedAgent: the agent is created in `workspaceId` (the caller must be a member). */
export type CreatePersonalizedAgentBody = CreatePersonalizedAgentRequest & { workspaceId: string };
export const createPersonalizedAgentBodySchema = (createPersonalizedAgentRequestSchema as Joi.ObjectSchema).keys({ workspaceId: documentId().required() });
export interface PersonalizedAgentResponse extends SuccessResponse, CreatePersonalizedAgentResponse {
  agentData: AgentDraft;
}

export const ONBOARDING_MESSAGES = {
  brandingFailed: 'Unable to analyze website branding',
  agentFailed: 'Unable to create your agent, please try again',
} as const;

/** Every endpoint of the onboarding service (services/onboarding/README.md). */
export const ONBOARDING_API = {
  getBrandingInfo: endpoint<NoParams, NoQuery, GetBrandingInfoRequest, BrandingInfoResponse>()({
    service: 'onboarding',
    operationId: 'getBrandingInfo',
    method: 'post',
    path: '/procedures/getBrandingInfo',
  }),
  createPersonalizedAgent: endpoint<NoParams, NoQuery, CreatePersonalizedAgentBody, PersonalizedAgentResponse>()({
    service: 'onboarding',
    operationId: 'createPersonalizedAgent',
    method: 'post',
    path: '/procedures/createPersonalizedAgent',
  }),
} as const;

import Joi from 'joi';
import { ONBOARDING_MAX_BRAND_COLORS } from '../constants/navigation';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { type AgentDraft } from './agent';
import { hexColor, name, optionalUrl, requiredMessages } from './common';

const messages = MESSAGES.onboarding;

/** Step 1 of onboarding and of the Agent Wizard. */
export interface CompanyData {
  name: string;
  website: string;
  description: string;
}
export const companyDataSchema = Joi.object<CompanyData, true>({
  name: name().required().messages(requiredMessages(messages.companyNameRequired)),
  // "must start with http(s):// or contain a dot"
  website: Joi.string()
    .trim()
    .max(TEXT_LIMITS.url)
    .pattern(/^https?:\/\/|\./)
    .required()
    .messages({ ...requiredMessages(messages.companyWebsiteRequired), 'string.pattern.base': messages.companyWebsiteInvalid }),
  description: Joi.string()
    .trim()
    .min(10)
    .max(TEXT_LIMITS.longText)
    .required()
    .messages({ ...requiredMessages(messages.companyDescriptionRequired), 'string.min': messages.companyDescriptionTooShort }),
});

/** Colours and favicon found on the company's website. */
export interface BrandingInfo {
  colors: string[];
  favicon?: string;
}
export const brandingInfoSchema = Joi.object<BrandingInfo, true>({
  colors: Joi.array().items(hexColor()).max(ONBOARDING_MAX_BRAND_COLORS).required(),
  favicon: optionalUrl(),
});

/** Step 2: what the user confirmed. */
export interface BrandingChoices {
  primaryColor: string;
  themeMode?: 'light' | 'dark';
  faviconApproved?: boolean;
  customLogo?: string;
}
export const brandingChoicesSchema = Joi.object<BrandingChoices, true>({
  primaryColor: hexColor().required(),
  themeMode: Joi.string().valid('light', 'dark'),
  faviconApproved: Joi.boolean(),
  customLogo: optionalUrl(),
});

/** Procedure onboarding.getBrandingInfo; answers brandingInfo. */
export interface GetBrandingInfoRequest {
  company: CompanyData;
}
export const getBrandingInfoRequestSchema = Joi.object<GetBrandingInfoRequest, true>({ company: companyDataSchema.required() });

/** Procedure onboarding.createPersonalizedAgent. */
export interface CreatePersonalizedAgentRequest {
  company: CompanyData;
  brandingChoices: BrandingChoices;
}
export const createPersonalizedAgentRequestSchema = Joi.object<CreatePersonalizedAgentRequest, true>({
  company: companyDataSchema.required(),
  brandingChoices: brandingChoicesSchema.required(),
});
export interface CreatePersonalizedAgentResponse {
  agentId: string;
  prototypeUrl: string;
  agentData: AgentDraft;
}

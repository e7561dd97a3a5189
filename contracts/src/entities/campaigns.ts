import Joi from 'joi';
import { MESSAGE_TEMPLATE_CATEGORIES } from '../constants/channels';
import { TEXT_LIMITS } from '../constants/text-limits';
import { messageTemplateSchema } from './channels';

/**
 * WhatsApp broadcast campaigns (ADR 0043): one approved message template sent from the agent's
 * connected WhatsApp number to leads the user picked. The spec names the Campaigns page only;
 * these shapes are the platform's.
 */

/** draft: created, not sent; sending: a send is under way (or was interrupted); sent: every recipient has an outcome. */
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** pending: not tried; sending: handed to Meta, outcome not yet stored; sent / failed: the outcome. */
export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

/** Most recipients one campaign takes. */
export const CAMPAIGN_MAX_RECIPIENTS = 1000;

export interface CampaignRecipient {
  /** as the lead left it, e.g. '+1 555 000 1111' */
  phone: string;
  status: CampaignRecipientStatus;
  /** Meta's reason, when failed */
  error?: string;
}

/** A campaign as the API answers it. */
export interface Campaign {
  ID: string;
  agentId: string;
  name: string;
  /** the WhatsApp number it is sent from (waNumbers phoneId) */
  phoneId: string;
  templateName: string;
  templateLanguage: string;
  status: CampaignStatus;
  recipients: CampaignRecipient[];
  sentCount: number;
  failedCount: number;
  /** unix milliseconds */
  createdAt: number;
}

/** A message template of the WhatsApp Business account the agent's number belongs to. */
export interface WhatsappTemplateView {
  id: string;
  name: string;
  language: string;
  category: string;
  /** APPROVED, PENDING, REJECTED, ... (Meta's review) */
  status: string;
  bodyText: string;
}

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Please enter a campaign name.',
  templateRequired: 'Please choose a message template.',
  recipientsRequired: 'Please choose at least one lead with a phone number.',
  tooManyRecipients: `A campaign takes at most ${CAMPAIGN_MAX_RECIPIENTS} recipients.`,
  noWhatsappNumber: 'Connect a WhatsApp number to this agent first (Channels, WhatsApp).',
  unknownTemplate: (name: string, language: string) => `There is no message template ${name} (${language}) in this WhatsApp account.`,
  templateNotApproved: (name: string, status: string) => `The message template ${name} is ${status}: only approved templates can be sent.`,
  notALead: (phone: string) => `${phone} is not the phone number of one of this agent's leads.`,
  campaignNotFound: 'Campaign not found.',
  alreadySent: 'This campaign has already been sent.',
  beingSent: 'This campaign is being sent.',
  campaignCreated: 'Campaign created.',
  campaignSent: (sent: number, failed: number) => `Campaign sent: ${sent} sent, ${failed} failed.`,
  templatesFetchFailed: (reason: string) => `Failed to fetch message templates: ${reason}`,
  /** a recipient handed to Meta when the service stopped: not sent again, so nobody gets it twice */
  interrupted: 'Interrupted before Meta answered; not sent again to avoid a duplicate.',
} as const;

const requiredWith = (message: string) => ({ 'any.required': message, 'string.empty': message, 'array.min': message, 'array.includesRequiredUnknowns': message });

/** POST /v2/agents/:agentId/campaigns */
export interface CreateCampaignRequest {
  name: string;
  templateName: string;
  templateLanguage: string;
  /** the leads' phone numbers */
  phones: string[];
}
export const createCampaignRequestSchema = Joi.object<CreateCampaignRequest, true>({
  name: Joi.string().trim().max(TEXT_LIMITS.name).required().messages(requiredWith(CAMPAIGN_MESSAGES.nameRequired)),
  templateName: Joi.string().max(512).required().messages(requiredWith(CAMPAIGN_MESSAGES.templateRequired)),
  templateLanguage: Joi.string().max(20).required().messages(requiredWith(CAMPAIGN_MESSAGES.templateRequired)),
  phones: Joi.array()
    .items(Joi.string().trim().max(30).required())
    .min(1)
    .max(CAMPAIGN_MAX_RECIPIENTS)
    .unique()
    .required()
    .messages({ ...requiredWith(CAMPAIGN_MESSAGES.recipientsRequired), 'array.max': CAMPAIGN_MESSAGES.tooManyRecipients }),
});

/** POST /v2/agents/:agentId/campaigns/templates: createTemplate with the number's own account and token (the browser never holds it). */
export interface CreateCampaignTemplateRequest {
  name: string;
  language: string;
  category?: (typeof MESSAGE_TEMPLATE_CATEGORIES)[number];
  bodyText: string;
}
/** createTemplate's schema ('Invalid template info'), the account and token taken from the agent's number. */
export const createCampaignTemplateRequestSchema: Joi.ObjectSchema<CreateCampaignTemplateRequest> = (messageTemplateSchema as Joi.ObjectSchema).keys({
  wabaId: Joi.forbidden(),
  longAccessToken: Joi.forbidden(),
  agentId: Joi.forbidden(),
});

/** The digits Meta addresses a WhatsApp user by (wa_id). */
export const whatsappIdOf = (phone: string): string => phone.replace(/\D/g, '');

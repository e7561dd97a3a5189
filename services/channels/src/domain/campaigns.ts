import { CAMPAIGN_MESSAGES, whatsappIdOf, type CampaignRecipient, type CampaignStatus, type WhatsappTemplateView } from '@platform/contracts';

/** How long a sender holds a campaign without renewing its lease; after it, another sender may resume. */
export const CAMPAIGN_SEND_LEASE_MS = 30_000;

export function recipientCounts(recipients: readonly Pick<CampaignRecipient, 'status'>[]): { sentCount: number; failedCount: number } {
  return {
    sentCount: recipients.filter((r) => r.status === 'sent').length,
    failedCount: recipients.filter((r) => r.status === 'failed').length,
  };
}

/** The first phone that is not one of the agent's leads' phone numbers (compared as WhatsApp ids: digits only). */
export function phoneNotALead(phones: readonly string[], leadPhones: readonly (string | undefined)[]): string | undefined {
  const known = new Set(leadPhones.filter((phone): phone is string => !!phone).map(whatsappIdOf).filter(Boolean));
  return phones.find((phone) => !known.has(whatsappIdOf(phone)));
}

/** Why this template cannot be sent (unknown in the account, or not approved by Meta), as the user reads it. */
export function templateRefusal(templates: readonly WhatsappTemplateView[], name: string, language: string): string | undefined {
  const template = templates.find((t) => t.name === name && t.language === language);
  if (!template) return CAMPAIGN_MESSAGES.unknownTemplate(name, language);
  if (template.status !== 'APPROVED') return CAMPAIGN_MESSAGES.templateNotApproved(name, template.status);
  return undefined;
}

/** A campaign whose recipients all have an outcome is sent; a send may still be under way otherwise. */
export const statusAfterSend = (recipients: readonly Pick<CampaignRecipient, 'status'>[]): CampaignStatus =>
  recipients.every((r) => r.status === 'sent' || r.status === 'failed') ? 'sent' : 'sending';

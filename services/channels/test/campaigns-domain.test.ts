import { CAMPAIGN_MESSAGES, createCampaignRequestSchema, createCampaignTemplateRequestSchema, type WhatsappTemplateView } from '@platform/contracts';
import { phoneNotALead, recipientCounts, statusAfterSend, templateRefusal } from '../src/domain/campaigns';

const template = (status: string): WhatsappTemplateView => ({ id: '1', name: 'spring_offer', language: 'en_US', category: 'MARKETING', status, bodyText: 'Hi' });

describe('campaign rules', () => {
  it('a recipient must be a lead, compared as WhatsApp ids (digits only)', () => {
    expect(phoneNotALead(['+1 555 000 1111', '15550002222'], ['+15550001111', undefined, '+1 (555) 000-2222'])).toBeUndefined();
    expect(phoneNotALead(['+15550001111', '+15550003333'], ['+15550001111'])).toBe('+15550003333');
    expect(phoneNotALead(['+15550001111'], [undefined, ''])).toBe('+15550001111');
  });

  it('only an approved template of the account can be sent', () => {
    expect(templateRefusal([template('APPROVED')], 'spring_offer', 'en_US')).toBeUndefined();
    expect(templateRefusal([template('APPROVED')], 'spring_offer', 'fr')).toBe(CAMPAIGN_MESSAGES.unknownTemplate('spring_offer', 'fr'));
    expect(templateRefusal([template('REJECTED')], 'spring_offer', 'en_US')).toBe(CAMPAIGN_MESSAGES.templateNotApproved('spring_offer', 'REJECTED'));
  });

  it('counts outcomes; a campaign is sent once every recipient has one', () => {
    const recipients = [{ status: 'sent' as const }, { status: 'failed' as const }, { status: 'sent' as const }];
    expect(recipientCounts(recipients)).toEqual({ sentCount: 2, failedCount: 1 });
    expect(statusAfterSend(recipients)).toBe('sent');
    expect(statusAfterSend([...recipients, { status: 'sending' }])).toBe('sending');
  });

  it('validates a new campaign and a new template with the messages users read', () => {
    const ok = { name: 'Spring', templateName: 'spring_offer', templateLanguage: 'en_US', phones: ['+15550001111'] };
    expect(createCampaignRequestSchema.validate(ok).error).toBeUndefined();
    expect(createCampaignRequestSchema.validate({ ...ok, phones: [] }).error?.message).toBe(CAMPAIGN_MESSAGES.recipientsRequired);
    expect(createCampaignRequestSchema.validate({ ...ok, name: '' }).error?.message).toBe(CAMPAIGN_MESSAGES.nameRequired);
    expect(createCampaignRequestSchema.validate({ ...ok, templateName: undefined }).error?.message).toBe(CAMPAIGN_MESSAGES.templateRequired);
    expect(createCampaignTemplateRequestSchema.validate({ name: 'spring_offer', language: 'en_US', bodyText: 'Hi' }).error).toBeUndefined();
    expect(createCampaignTemplateRequestSchema.validate({ name: 'Spring Offer', language: 'en_US', bodyText: 'Hi' }).error?.message).toBe('Invalid template info');
    expect(createCampaignTemplateRequestSchema.validate({ name: 'a', language: 'en_US', bodyText: 'Hi', longAccessToken: 'EAAx' }).error?.message).toBe('Invalid template info');
  });
});

import {
  UPLOAD_BASE64_MAX_CHARS,
  channelConnectionSchema,
  connectDiscordRequestSchema,
  connectTelegramRequestSchema,
  connectWhatsappNumberRequestSchema,
  discordChannelSchema,
  discoveredWhatsappNumberSchema,
  googleBusinessChannelRequestSchema,
  messageTemplateSchema,
  metaPageSchema,
  newDiscordChannelId,
  socialPageSchema,
  telegramBotIdFromToken,
  uploadFileRequestSchema,
  isBase64Payload,
  uploadProblem,
  uploadSizeLimitBytes,
  uploadedFileSchema,
  whatsappEmbeddedSignupMessageSchema,
  whatsappLegacyChannelRequestSchema,
  whatsappTestMessageRequestSchema,
  whatsappTextMessageSchema,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

describe('Discord', () => {
  it('needs channelId and webhookUrl', () => {
    const request = { agentID: 'a1', channelId: '1234567890', webhookUrl: 'https://discord.com/api/webhooks/1/abc' };
    expect(errorOf(connectDiscordRequestSchema, request)).toBeUndefined();
    expect(errorOf(connectDiscordRequestSchema, { ...request, channelId: '' })).toBe('Please fill out all fields.');
    expect(errorOf(connectDiscordRequestSchema, { ...request, webhookUrl: undefined })).toBe('Please fill out all fields.');
    expect(errorOf(connectDiscordRequestSchema, { ...request, webhookUrl: 'not a url' })).toMatch(/webhookUrl/);
  });

  it('stores a 15-character record id', () => {
    expect(errorOf(discordChannelSchema, { ID: newDiscordChannelId(), agentID: 'a1', channelId: '1', webhookUrl: 'https://d.example.com/x' })).toBeUndefined();
    expect(errorOf(discordChannelSchema, { ID: 'abc' })).toMatch(/ID/);
  });
});

describe('Telegram', () => {
  it('needs a valid token', () => {
    expect(errorOf(connectTelegramRequestSchema, { agentId: 'a1', token: '123456:ABC-def_ghi' })).toBeUndefined();
    for (const token of [undefined, '', 'abc', ':abc', '123:']) {
      expect(errorOf(connectTelegramRequestSchema, { agentId: 'a1', token })).toBe('Please provide a valid token.');
    }
  });
  it('takes the bot id from before the colon', () => {
    expect(telegramBotIdFromToken('123456:ABC')).toBe('123456');
  });
});

describe('Google Business', () => {
  it("needs an e-mail with '@' and a key", () => {
    expect(errorOf(googleBusinessChannelRequestSchema, { gcloudClientEmail: 'svc.example.com', gcloudPrivateKey: 'k' })).toBe('Please fill in the required fields.');
    expect(errorOf(googleBusinessChannelRequestSchema, { gcloudClientEmail: 'svc@example.com' })).toBe('Please fill in the required fields.');
    expect(errorOf(googleBusinessChannelRequestSchema, { gcloudClientEmail: 'svc@example.com', gcloudPrivateKey: '' })).toBe('Please fill in the required fields.');
  });
  it('turns newlines in the key into commas', () => {
    const value = valueOf(googleBusinessChannelRequestSchema, { gcloudClientEmail: 'svc@example.com', gcloudPrivateKey: '-----BEGIN-----\nabc\r\ndef\n-----END-----' });
    expect(value.gcloudPrivateKey).toBe('-----BEGIN-----,abc,def,-----END-----');
  });
});

describe('WhatsApp', () => {
  const test = { phone: '+4915112345678', phoneNumberId: '1098765', message: 'Hello!' };

  it('test message: phone and id required, country code, message', () => {
    expect(errorOf(whatsappTestMessageRequestSchema, test)).toBeUndefined();
    expect(errorOf(whatsappTestMessageRequestSchema, { ...test, phone: '' })).toBe('Please provide a valid phone number and ensure the ID is reachable.');
    expect(errorOf(whatsappTestMessageRequestSchema, { ...test, phoneNumberId: undefined })).toBe('Please provide a valid phone number and ensure the ID is reachable.');
    expect(errorOf(whatsappTestMessageRequestSchema, { ...test, phone: '015112345678' })).toBe('Please include the country code in the phone number.');
    expect(errorOf(whatsappTestMessageRequestSchema, { ...test, message: '  ' })).toBe('Please enter a message to send.');
  });

  it('message templates: any problem is "Invalid template info"', () => {
    const template = { name: 'order_update', language: 'en_US', bodyText: 'Your order {{1}} shipped', wabaId: 'w1', longAccessToken: 't' };
    expect(valueOf(messageTemplateSchema, template).category).toBe('UTILITY');
    expect(errorOf(messageTemplateSchema, { ...template, name: 'Order Update' })).toBe('Invalid template info');
    expect(errorOf(messageTemplateSchema, { ...template, bodyText: undefined })).toBe('Invalid template info');
    expect(errorOf(messageTemplateSchema, { ...template, category: 'PROMO' })).toBe('Invalid template info');
  });

  it('describes numbers, legacy settings, Graph messages and embedded signup', () => {
    expect(errorOf(connectWhatsappNumberRequestSchema, { agentId: 'a', longAccessToken: 't', wabaId: 'w', phoneId: 'p', phoneNumber: '+1 555 0100' })).toBeUndefined();
    expect(errorOf(connectWhatsappNumberRequestSchema, { agentId: 'a', wabaId: 'w', phoneId: 'p', phoneNumber: '+1' })).toMatch(/longAccessToken/);
    expect(errorOf(discoveredWhatsappNumberSchema, { id: '1', display_phone_number: '+1 555', verified_name: 'Acme', status: 'CONNECTED' })).toBeUndefined();
    expect(errorOf(discoveredWhatsappNumberSchema, { id: '1', status: 'ACTIVE' })).toMatch(/status/);
    expect(errorOf(whatsappLegacyChannelRequestSchema, { whatsappToken: 't', whatsappBusniessId: 'b', whatsappNumberId: 'n', waTestNumber: '+1' })).toBeUndefined();
    expect(errorOf(whatsappLegacyChannelRequestSchema, { whatsappToken: 't', whatsappBusinessId: 'b', whatsappNumberId: 'n' })).toMatch(/whatsappBusniessId/);
    expect(errorOf(whatsappTextMessageSchema, { messaging_product: 'whatsapp', recipient_type: 'individual', to: '+1555', type: 'text', text: { body: 'Hi' } })).toBeUndefined();
    expect(errorOf(whatsappTextMessageSchema, { messaging_product: 'sms', recipient_type: 'individual', to: '+1', type: 'text', text: { body: 'Hi' } })).toMatch(/messaging_product/);
    expect(errorOf(whatsappEmbeddedSignupMessageSchema, { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '1', waba_id: '2' } })).toBeUndefined();
    expect(errorOf(whatsappEmbeddedSignupMessageSchema, { type: 'WA_EMBEDDED_SIGNUP', event: 'DONE' })).toMatch(/event/);
  });
});

describe('Meta pages and connections', () => {
  it('describes pages', () => {
    expect(errorOf(socialPageSchema, { id: 'p1', name: 'Acme', accessToken: 't', connectedIgPage: { id: 'ig1', username: 'acme' } })).toBeUndefined();
    expect(errorOf(socialPageSchema, { name: 'Acme' })).toMatch(/id/);
    expect(errorOf(metaPageSchema, { agentId: 'a1', pageId: 'p1', pageName: 'Acme', igPageId: 'ig1' })).toBeUndefined();
    expect(errorOf(metaPageSchema, { pageName: tooLong(100) })).toMatch(/pageName/);
  });

  it('describes a channel connection', () => {
    expect(errorOf(channelConnectionSchema, { agentId: 'a1', agentType: 'vg', channelId: '123', channelType: 'telegram' })).toBeUndefined();
    expect(errorOf(channelConnectionSchema, { agentId: 'a1', agentType: 'vg', channelId: '123', channelType: 'googleBusiness' })).toMatch(/channelType/);
  });
});

describe('uploads', () => {
  it('limits size to maxSizeMB times 1,000,000 bytes', () => {
    expect(uploadSizeLimitBytes(1)).toBe(1_000_000);
    expect(uploadSizeLimitBytes(0.5)).toBe(500_000);
  });

  it("explains a refused file in the spec's words", () => {
    expect(uploadProblem({ name: 'logo.png', sizeBytes: 500_000 }, { maxSizeMB: 0.5, accept: '.png,.jpg' })).toBeUndefined();
    expect(uploadProblem({ name: 'logo.png', sizeBytes: 500_001 }, { maxSizeMB: 0.5 })).toBe('Max size: 0.5 MBs');
    expect(uploadProblem({ name: 'logo.PNG', sizeBytes: 1 }, { maxSizeMB: 1, accept: 'png, jpg' })).toBeUndefined();
    expect(uploadProblem({ name: 'doc.pdf', sizeBytes: 1 }, { maxSizeMB: 1, accept: '.png,.jpg' })).toBe('Only .png,.jpg Files');
    expect(uploadProblem({ name: 'noextension', sizeBytes: 1 }, { maxSizeMB: 1, accept: '.png' })).toBe('Only .png Files');
  });

  it('accepts base64 payloads and refuses path tricks and oversize payloads', () => {
    const request = { userId: 'u1', agentId: 'a1', base64Payload: 'data:image/png;base64,iVBORw0KGgo=', targetPath: 'agents/a1/logo.png', temporary: false };
    expect(errorOf(uploadFileRequestSchema, request)).toBeUndefined();
    expect(errorOf(uploadFileRequestSchema, { ...request, targetPath: '../secrets' })).toMatch(/targetPath/);
    expect(errorOf(uploadFileRequestSchema, { ...request, base64Payload: 'not base64!' })).toMatch(/base64Payload/);
    expect(errorOf(uploadFileRequestSchema, { ...request, base64Payload: 'A'.repeat(UPLOAD_BASE64_MAX_CHARS + 201) })).toMatch(/base64Payload/);
    for (const bad of ['', '===', 'QQ===', 'QQ=A', 'data:image/png;base64,', 'data:image/png;base64,Q Q']) {
      expect(errorOf(uploadFileRequestSchema, { ...request, base64Payload: bad })).toMatch(/base64Payload/);
    }
    for (const good of ['QQ==', 'QUI=', 'QUJD', 'data:application/pdf;base64,JVBERi0=']) expect(errorOf(uploadFileRequestSchema, { ...request, base64Payload: good })).toBeUndefined();
  });

  it('checks the largest payload in linear passes (a backtracking pattern overflowed the regexp stack on 20 MB uploads)', () => {
    const largest = `data:image/png;base64,${'A'.repeat(UPLOAD_BASE64_MAX_CHARS - 2)}==`;
    expect(isBase64Payload(largest)).toBe(true);
    expect(isBase64Payload(`${largest.slice(0, -3)}!==`)).toBe(false);
    // a prefix-shaped run with no end is not scanned beyond the prefix's bound
    expect(isBase64Payload(`data:${'a'.repeat(UPLOAD_BASE64_MAX_CHARS)}`)).toBe(false);
  });

  it('describes the uploaded file', () => {
    expect(errorOf(uploadedFileSchema, { url: 'https://cdn.example.com/Ab12Cd34.png', filename: 'Ab12Cd34.png', sizeKB: 12.5 })).toBeUndefined();
    expect(errorOf(uploadedFileSchema, { filename: 'x' })).toMatch(/url/);
  });
});

import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '@platform/kit';
import { matchesDigest, secretDigest, validMetaSignature } from '../src/domain/signatures';
import { deterministicEventId } from '../src/domain/event-ids';
import { telegramInboundMessage, telegramWebhookUrl } from '../src/domain/telegram';
import { answersOnLegacyNumber, verificationChallenge, whatsappTextMessages } from '../src/domain/whatsapp';
import { providerErrorText } from '../src/domain/provider-errors';

describe('webhook credentials', () => {
  it('accepts the secret token whose digest is stored, and nothing else', () => {
    const digest = secretDigest('s3cret_token-1');
    expect(matchesDigest('s3cret_token-1', digest)).toBe(true);
    expect(matchesDigest('s3cret_token-2', digest)).toBe(false);
    expect(matchesDigest('', digest)).toBe(false);
    expect(matchesDigest(undefined, digest)).toBe(false);
    expect(matchesDigest('s3cret_token-1', 'not-a-digest')).toBe(false);
  });

  it("checks Meta's X-Hub-Signature-256 over the raw bytes with the app secret", () => {
    const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const signature = `sha256=${createHmac('sha256', 'app-secret').update(body).digest('hex')}`;
    expect(validMetaSignature(body, signature, 'app-secret')).toBe(true);
    expect(validMetaSignature(body, signature, 'other-secret')).toBe(false);
    expect(validMetaSignature(Buffer.from(`${body} `), signature, 'app-secret')).toBe(false);
    expect(validMetaSignature(body, signature.replace('sha256=', 'sha1='), 'app-secret')).toBe(false);
    expect(validMetaSignature(body, 'sha256=abc', 'app-secret')).toBe(false);
    expect(validMetaSignature(undefined, signature, 'app-secret')).toBe(false);
  });

  it("keeps providers' webhook credentials out of the logs", () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    logger.info({ req: { headers: { 'x-telegram-bot-api-secret-token': 'tg-secret', 'x-hub-signature-256': 'sha256=abc' } } }, 'webhook');
    expect(lines.join('')).not.toContain('tg-secret');
    expect(lines.join('')).not.toContain('sha256=abc');
  });
});

describe('Telegram updates', () => {
  const bot = { agentId: 'AAAAAAAAAAAAAAAA', botId: '123' };
  const now = new Date('2026-01-01T00:00:00Z');

  it('reads a text message as a channel message of the chat', () => {
    expect(telegramInboundMessage({ update_id: 9, message: { message_id: 5, chat: { id: 42 }, text: 'hi' } }, bot, now)).toEqual({
      agentId: bot.agentId,
      channelType: 'telegram',
      channelId: '123',
      senderId: '42',
      externalMessageId: '42:5',
      text: 'hi',
      receivedAt: now.toISOString(),
    });
  });

  it('ignores updates without text', () => {
    expect(telegramInboundMessage({ update_id: 9 }, bot, now)).toBeUndefined();
    expect(telegramInboundMessage({ update_id: 9, message: { message_id: 5, chat: { id: 42 } } }, bot, now)).toBeUndefined();
  });

  it('gives one delivery one event id, a UUID', () => {
    const id = deterministicEventId('telegram', '123', '9');
    expect(id).toBe(deterministicEventId('telegram', '123', '9'));
    expect(id).not.toBe(deterministicEventId('telegram', '123', '10'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('registers the webhook on the agent API of the agent region', () => {
    expect(telegramWebhookUrl('https://app.example.com/api', 'na', 'AAAAAAAAAAAAAAAA')).toBe('https://app.example.com/api/na/agent/v2/agents/AAAAAAAAAAAAAAAA/telegram-webhook');
  });
});

describe('WhatsApp webhooks', () => {
  it('answers the verification handshake only with the agent id as verify token', () => {
    expect(verificationChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'AGENT', 'hub.challenge': '1158201444' }, 'AGENT')).toBe('1158201444');
    expect(verificationChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'OTHER', 'hub.challenge': '1' }, 'AGENT')).toBeUndefined();
    expect(verificationChallenge({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'AGENT', 'hub.challenge': '1' }, 'AGENT')).toBeUndefined();
  });

  it('answers on a Legacy Method number only once verified, with a token, and for its own number id', () => {
    const legacy = { workspaceId: 'W', whatsappToken: 'EAAtoken', whatsappNumberId: '12301', waVerifyPassed: true };
    expect(answersOnLegacyNumber(legacy, '12301')).toBe(true);
    expect(answersOnLegacyNumber(legacy, '12302')).toBe(false);
    expect(answersOnLegacyNumber({ ...legacy, waVerifyPassed: false }, '12301')).toBe(false);
    expect(answersOnLegacyNumber({ ...legacy, whatsappToken: undefined }, '12301')).toBe(false);
  });

  it('reads the text messages of a payload, per receiving number', () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            { field: 'messages', value: { metadata: { phone_number_id: 'P1' }, messages: [{ from: '155', id: 'wamid.1', type: 'text', text: { body: 'hello' } }, { from: '155', id: 'wamid.2', type: 'image' }] } },
            { field: 'messages', value: { metadata: { phone_number_id: 'P1' }, statuses: [{}] } },
          ],
        },
      ],
    };
    expect(whatsappTextMessages(payload as never)).toEqual([{ phoneId: 'P1', from: '155', id: 'wamid.1', text: 'hello' }]);
    expect(whatsappTextMessages({ object: 'page', entry: payload.entry } as never)).toEqual([]);
  });
});

describe("providers' error texts", () => {
  it('takes the nested provider details first, then the message, then the fallback', () => {
    expect(providerErrorText({ error: { message: 'Invalid parameter', error_user_msg: 'Name taken' } })).toBe('Name taken');
    expect(providerErrorText({ error: { message: '(#131047) Re-engagement message' } })).toBe('(#131047) Re-engagement message');
    expect(providerErrorText({ ok: false, description: 'Unauthorized' })).toBe('Unauthorized');
    expect(providerErrorText(undefined)).toBe('An unexpected error occurred');
  });
});

import { createHmac } from 'node:crypto';
import { buyTwilioNumberRequestSchema, importTwilioNumberRequestSchema, TWILIO_MESSAGES } from '@platform/contracts';
import { greetingsOf, hasRoomForNumber, sayTwiml, signatureMatches, twilioSignature } from '../src/domain/telephony';

describe('Twilio telephony rules', () => {
  it("signs as Twilio's documented example does", () => {
    // Twilio's security docs' example (https://www.twilio.com/docs/usage/security): auth token 12345,
    // this URL and these parameters sign to 0/KCTR6DLpKmkAf8muzZqo1nDgQ=
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    const expected = createHmac('sha1', '12345').update(`${url}CallSidCA1234567890ABCDECaller+12349013030Digits1234From+12349013030To+18005551212`).digest('base64');
    expect(twilioSignature('12345', url, params)).toBe(expected);
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('accepts only the signature of this token, URL and parameters', () => {
    const params = { From: '+15005550006', To: '+14155550100' };
    const good = twilioSignature('token', 'https://x/voice/1', params);
    expect(signatureMatches('token', 'https://x/voice/1', params, good)).toBe(true);
    expect(signatureMatches('other', 'https://x/voice/1', params, good)).toBe(false);
    expect(signatureMatches('token', 'https://x/voice/2', params, good)).toBe(false);
    expect(signatureMatches('token', 'https://x/voice/1', { ...params, Digits: '1' }, good)).toBe(false);
    expect(signatureMatches('token', 'https://x/voice/1', params, undefined)).toBe(false);
    expect(signatureMatches('token', 'https://x/voice/1', params, 'short')).toBe(false);
  });

  it('counts bought numbers against the slots', () => {
    expect(hasRoomForNumber(0, 0)).toBe(false);
    expect(hasRoomForNumber(0, 1)).toBe(true);
    expect(hasRoomForNumber(2, 2)).toBe(false);
  });

  it('says the greetings, escaped, then hangs up; blank greetings fall back', () => {
    expect(sayTwiml(['Hi <there> & "you"'])).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>Hi &lt;there&gt; &amp; &quot;you&quot;</Say><Hangup/></Response>');
    expect(greetingsOf([' ', ''], 'Hello')).toEqual(['Hello']);
    expect(greetingsOf(undefined, 'Hello')).toEqual(['Hello']);
    expect(greetingsOf([' Hi '], 'Hello')).toEqual(['Hi']);
  });

  it("tells a phone number without its country code with the spec's words", () => {
    expect(buyTwilioNumberRequestSchema.validate({ phoneNumber: '4155550100' }).error?.message).toBe('Please include the country code in the phone number.');
    expect(buyTwilioNumberRequestSchema.validate({ phoneNumber: '+1415' }).error?.message).toBe(TWILIO_MESSAGES.phoneNumberInvalid);
    expect(buyTwilioNumberRequestSchema.validate({ phoneNumber: '+14155550100' }).error).toBeUndefined();
    expect(importTwilioNumberRequestSchema.validate({ accountSid: 'AC1', authToken: 'x'.repeat(32), phoneNumber: '+14155550100' }).error?.message).toBe(TWILIO_MESSAGES.accountSidInvalid);
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/webhooks/webhooks-security):
 * base64 HMAC-SHA1, keyed with the account's auth token, of the full URL followed by every
 * POST parameter's name and value, names sorted.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Whether `signature` is Twilio's for this request; compared in constant time. */
export function signatureMatches(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A workspace may buy one more number while its bought numbers are fewer than its slots (imported numbers use the workspace's own Twilio account). */
export const hasRoomForNumber = (boughtNumbers: number, slots: number) => boughtNumbers < slots;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** TwiML that says each text in turn, then hangs up. */
export function sayTwiml(texts: string[]): string {
  const says = texts.map((text) => `<Say>${escapeXml(text)}</Say>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${says}<Hangup/></Response>`;
}

/** What a caller hears first: the agent's greetings (vg_initMessages), else the default. */
export function greetingsOf(greetings: string[] | undefined, fallback: string): string[] {
  const said = (greetings ?? []).map((text) => text.trim()).filter(Boolean);
  return said.length ? said : [fallback];
}

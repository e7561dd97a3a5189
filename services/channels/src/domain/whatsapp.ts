import { randomInt } from 'node:crypto';
import type { ChannelMessageReceivedData, WhatsappLegacySettings } from '@platform/contracts';


/** The subscription handshake: Meta's GET with hub.mode=subscribe and the verify token, answered with hub.challenge. */
export function verificationChallenge(query: Record<string, unknown>, agentId: string): string | undefined {
  const challenge = query['hub.challenge'];
  if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== agentId || typeof challenge !== 'string') return undefined;
  return challenge;
}

/** The part of a WhatsApp Business Account webhook the platform reads. */
export interface WhatsappWebhookPayload {
  object?: string;
  entry?: Array<{
    id?: string;
    changes?: Array<{
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        messages?: Array<{ from?: string; id?: string; type?: string; text?: { body?: string } }>;
      };
    }>;
  }>;
}

/** The text messages a webhook carries, per receiving number; statuses and other kinds are acknowledged and not answered. */
export function whatsappTextMessages(payload: WhatsappWebhookPayload): Array<{ phoneId: string; from: string; id: string; text: string }> {
  const found: Array<{ phoneId: string; from: string; id: string; text: string }> = [];
  if (payload?.object !== 'whatsapp_business_account') return found;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const phoneId = change.value?.metadata?.phone_number_id;
      if (change.field !== 'messages' || !phoneId) continue;
      for (const message of change.value?.messages ?? []) {
        if (message.type === 'text' && typeof message.text?.body === 'string' && message.from && message.id) {
          found.push({ phoneId, from: message.from, id: message.id, text: message.text.body });
        }
      }
    }
  }
  return found;
}

export function whatsappInboundMessage(message: { phoneId: string; from: string; id: string; text: string }, agentId: string, now: Date): ChannelMessageReceivedData {
  return { agentId, channelType: 'whatsapp', channelId: message.phoneId, senderId: message.from, externalMessageId: message.id, text: message.text, receivedAt: now.toISOString() };
}

/** A registration PIN for a number connected through the embedded signup (two-step verification). */
export const newRegistrationPin = () => String(randomInt(100000, 1000000));

/** The Legacy Method answers on its number once Meta verified the webhook and a token is saved to reply with. */
export const answersOnLegacyNumber = (settings: WhatsappLegacySettings, phoneId: string): boolean =>
  settings.waVerifyPassed && Boolean(settings.whatsappToken) && settings.whatsappNumberId === phoneId;

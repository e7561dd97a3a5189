import { WHATSAPP_EMBEDDED_SIGNUP, whatsappEmbeddedSignupMessageSchema, type WhatsappEmbeddedSignupMessage } from '@platform/contracts';

/** Origins the Meta SDK's embedded signup posts its messages from. */
export const META_SIGNUP_ORIGINS = ['https://www.facebook.com', 'https://web.facebook.com'];

export type EmbeddedSignupOutcome =
  | { event: 'FINISH'; phoneNumberId?: string; wabaId?: string }
  | { event: 'CANCEL' | 'ERROR'; detail?: string };

/**
 * What a window message means for the WhatsApp signup: undefined unless it is the Meta SDK's
 * WA_EMBEDDED_SIGNUP message from Meta's origin (a page of any other origin could post one).
 */
export function embeddedSignupOutcome(origin: string, data: unknown): EmbeddedSignupOutcome | undefined {
  if (!META_SIGNUP_ORIGINS.includes(origin)) return undefined;
  let parsed: unknown = data;
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const { value, error } = whatsappEmbeddedSignupMessageSchema.validate(parsed);
  if (error || value.type !== WHATSAPP_EMBEDDED_SIGNUP.event) return undefined;
  const message = value as WhatsappEmbeddedSignupMessage;
  if (message.event === 'FINISH') return { event: 'FINISH', phoneNumberId: message.data?.phone_number_id, wabaId: message.data?.waba_id };
  const detail = message.data && typeof message.data.error_message === 'string' ? message.data.error_message : undefined;
  return { event: message.event, detail };
}

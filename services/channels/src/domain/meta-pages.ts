import type { ChannelMessageReceivedData, SocialPage } from '@platform/contracts';
import type { GraphPage } from '../clients/meta-graph';

/** A page of GET /me/accounts as the page picker shows it. */
export function socialPageOf(page: GraphPage): SocialPage {
  const ig = page.instagram_business_account;
  return {
    id: page.id,
    name: page.name,
    photoUrl: page.picture?.data?.url,
    accessToken: page.access_token,
    ...(ig ? { connectedIgPage: { id: ig.id, name: ig.name, username: ig.username, photoUrl: ig.profile_picture_url } } : {}),
  };
}

/** The part of a Messenger or Instagram webhook the platform reads. */
export interface MetaPageWebhookPayload {
  object?: string;
  entry?: Array<{ id?: string; messaging?: Array<{ sender?: { id?: string }; message?: { mid?: string; text?: string; is_echo?: boolean } }> }>;
}

/** The people's text messages a page webhook carries (echoes of the page's own messages are not). */
export function pageTextMessages(payload: MetaPageWebhookPayload): Array<{ kind: 'messenger' | 'instagram'; recipientId: string; from: string; id: string; text: string }> {
  const kind = payload?.object === 'page' ? 'messenger' : payload?.object === 'instagram' ? 'instagram' : undefined;
  if (!kind) return [];
  const found: Array<{ kind: 'messenger' | 'instagram'; recipientId: string; from: string; id: string; text: string }> = [];
  for (const entry of payload.entry ?? []) {
    for (const event of entry.messaging ?? []) {
      const message = event.message;
      if (!entry.id || !event.sender?.id || !message?.mid || typeof message.text !== 'string' || message.is_echo) continue;
      found.push({ kind, recipientId: entry.id, from: event.sender.id, id: message.mid, text: message.text });
    }
  }
  return found;
}

export function pageInboundMessage(message: { kind: 'messenger' | 'instagram'; from: string; id: string; text: string }, page: { agentId: string; pageId: string }, now: Date): ChannelMessageReceivedData {
  return { agentId: page.agentId, channelType: message.kind, channelId: page.pageId, senderId: message.from, externalMessageId: message.id, text: message.text, receivedAt: now.toISOString() };
}

import { createHash } from 'node:crypto';
import { TEXT_LIMITS, type ChannelReplyRequestedData, type CreditsConsumedData, type HumanRequestedData, type Region } from '@platform/contracts';
import { catalogOutboxEntry, type OutboxEntry } from '@platform/kit';

/** A UUID derived from `seed`, so the same answer always yields the same event id (consumers dedupe by it). */
export function stableEventId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function withId(entry: OutboxEntry, id: string): OutboxEntry {
  return { ...entry, id, envelope: { ...entry.envelope, id } };
}

/** credits.consumed for one answer; its id comes from the answer, so it is the same on every retry. */
export function creditsConsumedEvent(region: Region, workspaceId: string, answerId: string, data: CreditsConsumedData): OutboxEntry {
  return withId(catalogOutboxEntry('credits.consumed', { region, workspaceId, data }), stableEventId(`credits:${answerId}`));
}

/** channel.reply-requested: the answer for channels to send. */
export function replyRequestedEvent(region: Region, workspaceId: string, answerId: string, data: ChannelReplyRequestedData): OutboxEntry {
  return withId(catalogOutboxEntry('channel.reply-requested', { region, workspaceId, data }), stableEventId(`reply:${answerId}`));
}

/** conversation.human-requested: the visitor asked for a person; the notification service tells the agent's organisations. */
export function humanRequestedEvent(region: Region, workspaceId: string, answerId: string, data: HumanRequestedData): OutboxEntry {
  const text = data.text.slice(0, TEXT_LIMITS.shortText);
  return withId(catalogOutboxEntry('conversation.human-requested', { region, workspaceId, data: { ...data, text } }), stableEventId(`human:${answerId}`));
}

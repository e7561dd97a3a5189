import type { ChannelMessageReceivedData } from '@platform/contracts';
import { deterministicEventId } from './event-ids';

/**
 * The part of a Discord message the platform reads: the `d` of a Gateway MESSAGE_CREATE
 * (https://discord.com/developers/docs/resources/message#message-object).
 */
export interface DiscordMessage {
  id?: string;
  channel_id?: string;
  guild_id?: string;
  /** 0 DEFAULT, 19 REPLY; the others are the system's (joins, pins, boosts, threads...) */
  type?: number;
  content?: string;
  /** set on messages posted through a webhook, the agent's own answers among them */
  webhook_id?: string;
  author?: { id?: string; username?: string; bot?: boolean; system?: boolean };
}

/** What a connected channel record brings to an inbound message (the spec's ID and agentID). */
export interface ConnectedDiscordChannel {
  ID: string;
  agentID: string;
  workspaceId: string;
  createdAt: Date;
}

/** Message types a person writes: DEFAULT and REPLY. */
const PERSON_MESSAGE_TYPES = new Set([0, 19]);

/**
 * Why a Discord message is not for an agent, or undefined when it is one. Bots' and webhooks'
 * messages are never answered: the agent's answers are webhook messages, and the Gateway
 * delivers them back to the platform's bot like any other (no loops, no bot-to-bot chatter).
 * Without the MESSAGE_CONTENT intent Discord sends an empty content: nothing to answer.
 */
export function ignoredDiscordMessage(message: DiscordMessage): 'incomplete' | 'bot' | 'webhook' | 'system' | 'empty' | undefined {
  if (!message?.id || !message.channel_id || !message.author?.id) return 'incomplete';
  if (message.webhook_id) return 'webhook';
  if (message.author.bot || message.author.system) return 'bot';
  if (!PERSON_MESSAGE_TYPES.has(message.type ?? 0)) return 'system';
  if (typeof message.content !== 'string' || !message.content.trim()) return 'empty';
  return undefined;
}

/**
 * The channel message for the agent connected to the Discord channel: the channel record is the
 * channel (its ID is what replies are sent through), the author the sender, so one conversation
 * per agent, Discord channel and author (channelConversationKey) keeps its order on the topic.
 */
export function discordInboundMessage(message: DiscordMessage, channel: Pick<ConnectedDiscordChannel, 'ID' | 'agentID'>, now: Date): ChannelMessageReceivedData {
  return {
    agentId: channel.agentID,
    channelType: 'discord',
    channelId: channel.ID,
    senderId: message.author!.id!,
    externalMessageId: message.id!,
    text: message.content!,
    receivedAt: now.toISOString(),
  };
}

/** The event id of a Discord message for one connected channel: a replayed dispatch is the same event. */
export const discordEventId = (channel: Pick<ConnectedDiscordChannel, 'ID'>, message: Pick<DiscordMessage, 'id'>) => deterministicEventId('discord', channel.ID, message.id!);

/**
 * The records a message goes to: one per agent connected to the Discord channel (its newest, so
 * a channel connected twice to the same agent is answered once, through the latest webhook).
 */
export function oneChannelPerAgent<T extends Pick<ConnectedDiscordChannel, 'agentID' | 'createdAt'>>(records: T[]): T[] {
  const newest = new Map<string, T>();
  for (const record of records) {
    const kept = newest.get(record.agentID);
    if (!kept || record.createdAt > kept.createdAt) newest.set(record.agentID, record);
  }
  return [...newest.values()];
}

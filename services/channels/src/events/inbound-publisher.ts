import type { Producer } from 'kafkajs';
import { CoalescingProducer } from '@platform/kit';
import { eventRoute, type ChannelMessageReceivedData, type EventEnvelope, type Region } from '@platform/contracts';

/**
 * Writes channel messages to channels.inbound-messages and resolves only once every in-sync
 * replica has them (acks -1 on the idempotent producer): the webhook is acknowledged after
 * that, never before. A broker that is down rejects, so the provider is told to retry.
 * Concurrent webhooks share one produce request (the kit's CoalescingProducer).
 */
export class InboundPublisher {
  private readonly sender: CoalescingProducer;

  constructor(producer: Pick<Producer, 'sendBatch'>) {
    this.sender = new CoalescingProducer(producer);
  }

  publish(message: { id: string; region: Region; workspaceId: string; data: ChannelMessageReceivedData }): Promise<void> {
    const event: EventEnvelope<'channel.message-received', ChannelMessageReceivedData> = {
      id: message.id,
      type: 'channel.message-received',
      version: 1,
      occurredAt: message.data.receivedAt,
      region: message.region,
      workspaceId: message.workspaceId,
      data: message.data,
    };
    const { topic, key } = eventRoute(event);
    return this.sender.send(topic, { key, value: JSON.stringify(event) });
  }
}

import type { Message, Producer } from 'kafkajs';
import { eventRoute, type ChannelMessageReceivedData, type EventEnvelope, type Region } from '@platform/contracts';

interface Pending {
  topic: string;
  message: Message;
  done: (err?: unknown) => void;
}

/**
 * Writes channel messages to channels.inbound-messages and resolves only once every in-sync
 * replica has them (acks -1 on the idempotent producer): the webhook is acknowledged after
 * that, never before. A broker that is down rejects, so the provider is told to retry.
 *
 * Messages that arrive while a send is in flight go together in the next send (one request
 * for many webhooks under load, no added wait when idle): the idempotent producer keeps one
 * request in flight, so sending them one by one would cap ingestion at one round trip each.
 */
export class InboundPublisher {
  private queue: Pending[] = [];
  private sending = false;

  constructor(private readonly producer: Producer) {}

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
    return new Promise((resolve, reject) => {
      this.queue.push({ topic, message: { key, value: JSON.stringify(event) }, done: (err) => (err ? reject(err) : resolve()) });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      const byTopic = new Map<string, Message[]>();
      for (const { topic, message } of batch) byTopic.set(topic, [...(byTopic.get(topic) ?? []), message]);
      try {
        await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
        for (const pending of batch) pending.done();
      } catch (err) {
        for (const pending of batch) pending.done(err);
      }
    }
    this.sending = false;
  }
}

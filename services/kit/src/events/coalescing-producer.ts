import type { Message, Producer, TopicMessages } from 'kafkajs';

interface Pending {
  topic: string;
  message: Message;
  done: (err?: unknown) => void;
}

/**
 * Sends messages that request handlers produce concurrently (one webhook, one message) as one
 * `sendBatch` per event-loop turn, with acks from every in-sync replica (-1) on the service's
 * idempotent producer. Each caller's promise resolves only once the batch holding its own
 * message is acknowledged, and a batch that fails rejects every one of its callers (each
 * webhook answers 5xx, the provider delivers again). Messages arriving while a batch is in
 * flight wait for it and go together in the next one: the idempotent producer keeps one
 * request in flight, so sending them one by one would cap the rate at one round trip each.
 */
export class CoalescingProducer {
  private queue: Pending[] = [];
  private scheduled = false;
  private sending = false;

  constructor(private readonly producer: Pick<Producer, 'sendBatch'>) {}

  send(topic: string, message: Message): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ topic, message, done: (err) => (err ? reject(err) : resolve()) });
      if (this.scheduled || this.sending) return;
      // The handlers of the requests read in this turn produce before it ends: wait for them.
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    });
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      const byTopic = new Map<string, TopicMessages>();
      for (const { topic, message } of batch) {
        const entry = byTopic.get(topic);
        if (entry) entry.messages.push(message);
        else byTopic.set(topic, { topic, messages: [message] });
      }
      try {
        await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic.values()] });
        for (const pending of batch) pending.done();
      } catch (err) {
        for (const pending of batch) pending.done(err);
      }
    }
    this.sending = false;
  }
}

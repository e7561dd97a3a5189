import type { Producer } from 'kafkajs';
import { InboundPublisher } from '../src/events/inbound-publisher';
import { RecentPublications } from '../src/events/recent-publications';

const data = (n: number) => ({
  agentId: 'AAAAAAAAAAAAAAAA',
  channelType: 'telegram' as const,
  channelId: '1',
  senderId: String(n),
  text: `m${n}`,
  receivedAt: new Date(0).toISOString(),
});
const message = (n: number) => ({ id: `00000000-0000-5000-8000-${String(n).padStart(12, '0')}`, region: 'eu' as const, workspaceId: 'w', data: data(n) });

/** A producer whose sends wait until released, recording each batch. */
function heldProducer() {
  const batches: Array<{ acks?: number; messages: Array<{ key: string }> }> = [];
  const releases: Array<(err?: Error) => void> = [];
  const producer = {
    sendBatch: (batch: { acks?: number; topicMessages: Array<{ topic: string; messages: Array<{ key: string }> }> }) => {
      batches.push({ acks: batch.acks, messages: batch.topicMessages.flatMap((t) => t.messages) });
      return new Promise((resolve, reject) => releases.push((err) => (err ? reject(err) : resolve([]))));
    },
  } as unknown as Producer;
  return { producer, batches, releases };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('InboundPublisher', () => {
  it('sends at once when idle, and what arrives meanwhile as one next batch, with acks from all replicas', async () => {
    const { producer, batches, releases } = heldProducer();
    const publisher = new InboundPublisher(producer);
    const first = publisher.publish(message(1));
    await flush();
    const rest = [2, 3, 4].map((n) => publisher.publish(message(n)));
    await flush();
    expect(batches.map((b) => b.messages.length)).toEqual([1]);
    releases[0]!();
    await first;
    await flush();
    expect(batches.map((b) => b.messages.length)).toEqual([1, 3]);
    expect(batches.every((b) => b.acks === -1)).toBe(true);
    expect(batches[1]!.messages.map((m) => m.key)).toEqual(['AAAAAAAAAAAAAAAA:1:2', 'AAAAAAAAAAAAAAAA:1:3', 'AAAAAAAAAAAAAAAA:1:4']);
    releases[1]!();
    await Promise.all(rest);
  });

  it('fails every message of a batch the broker refused (the webhooks answer 5xx), and goes on', async () => {
    const { producer, releases } = heldProducer();
    const publisher = new InboundPublisher(producer);
    const failed = publisher.publish(message(1));
    await flush();
    releases[0]!(new Error('broker down'));
    await expect(failed).rejects.toThrow('broker down');
    const next = publisher.publish(message(2));
    await flush();
    releases[1]!();
    await expect(next).resolves.toBeUndefined();
  });
});

describe('RecentPublications', () => {
  it('publishes an id once, and again after a failed attempt', async () => {
    const recent = new RecentPublications(2);
    let sends = 0;
    const send = async () => void (sends += 1);
    await recent.once('a', send);
    await recent.once('a', send);
    expect(sends).toBe(1);
    await expect(recent.once('b', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await recent.once('b', send);
    expect(sends).toBe(2);
    // The oldest id is forgotten past capacity.
    await recent.once('c', send);
    await recent.once('a', send);
    expect(sends).toBe(4);
  });
});

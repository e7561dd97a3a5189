import { insertWithOutbox, outboxEntry, splitMongoUrl, updateWithOutbox } from '@platform/kit';
import type { EventEnvelope } from '@platform/contracts';

const envelope = (id: string): EventEnvelope =>
  ({ id, type: 'new-agent', version: 1, occurredAt: new Date(0).toISOString(), region: 'eu', workspaceId: 'w1', data: {} }) as EventEnvelope;

describe('outbox writes', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const entry = outboxEntry('new-agent', 'agent-1', envelope('e1'));

  it('adds events to a new document only when there are some', () => {
    expect(insertWithOutbox({ _id: 'a' }, [entry], now)).toEqual({ _id: 'a', _outbox: [entry], _outboxAt: now });
    expect(insertWithOutbox({ _id: 'a' }, [], now)).toEqual({ _id: 'a' });
  });

  it('merges the event append into an existing update', () => {
    const update = updateWithOutbox({ $set: { name: 'x' }, $push: { tags: 'y' } }, [entry], now);
    expect(update).toEqual({
      $set: { name: 'x' },
      $push: { tags: 'y', _outbox: { $each: [entry] } },
      $min: { _outboxAt: now },
    });
  });
});

describe('splitMongoUrl', () => {
  it('separates database and server, keeping options and host lists', () => {
    expect(splitMongoUrl('mongodb://127.0.0.1:27017/platform_eu')).toEqual({ serverKey: 'mongodb://127.0.0.1:27017/', database: 'platform_eu' });
    expect(splitMongoUrl('mongodb://a:1,b:2/platform_na?replicaSet=rs0')).toEqual({
      serverKey: 'mongodb://a:1,b:2/?replicaSet=rs0',
      database: 'platform_na',
    });
    expect(() => splitMongoUrl('mongodb://a:1/')).toThrow(/must name its database/);
  });
});

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Consumer } from 'kafkajs';
import { RegionalMongo } from '@platform/kit';
import { dropAll, kafkaProcess, logger, repoRoot, waitFor } from '@platform/test-support';
import { createLedger } from '../src/app';
import { startCreditConsumer } from '../src/events/credit-consumer';
import { balances, consumptionBurst, freshLedgerTopic, logCount, publish, someWorkspaces, spawnBilling, waitCaughtUp } from './support/ledger-kit';

const mongoBase = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const freshUrls = () => {
  const suffix = randomBytes(4).toString('hex');
  return { eu: `${mongoBase}/t_${suffix}_eu`, na: `${mongoBase}/t_${suffix}_na` };
};

describe('the credit ledger applies each consumption exactly once', () => {
  it('applies duplicates (same event id at other offsets, and twice in one batch) once, with one log entry each', async () => {
    const mongo = await new RegionalMongo(freshUrls()).connect();
    const setup = await freshLedgerTopic();
    const ledger = createLedger(mongo);
    const consumer: Consumer = await startCreditConsumer({ kafka: setup.kafka, producer: setup.producer, ledger, logger, groupId: setup.groupId, topic: setup.topic });
    try {
      const workspaces = someWorkspaces(4);
      const { events, expected } = consumptionBurst('eu', workspaces, 400);
      // Every fifth event is delivered again later (a relay retry), and the first ten twice in a row.
      const redelivered = events.filter((_e, i) => i % 5 === 0);
      await publish(setup.producer, setup.topic, [...events.slice(0, 10), ...events.slice(0, 10), ...events.slice(10), ...redelivered]);
      await waitCaughtUp(setup.kafka, setup.groupId, setup.topic);

      expect(await balances(mongo, 'eu', workspaces)).toEqual(expected);
      expect(await logCount(mongo, 'eu', workspaces)).toBe(events.length);
      const one = await mongo.collection('eu', 'credit_logs').findOne({ _id: events[3]!.id } as never);
      expect(one).toMatchObject({ workspaceId: events[3]!.workspaceId, direction: 'decrease', causedBy: 'agent', featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 10, outputTokens: 20 });
    } finally {
      await consumer.disconnect();
      await setup.close();
      await dropAll(mongo);
    }
  });

  it('grants once per key, whatever the retries', async () => {
    const mongo = await new RegionalMongo(freshUrls()).connect();
    const ledger = createLedger(mongo);
    try {
      const [uid] = someWorkspaces(1);
      const grant = () => ledger.grant('na', uid!, 'top-up:pi_123', { amount: 5000, ts: Date.now(), direction: 'increase', logMessage: 'Top-up' });
      const results = await Promise.all([grant(), grant(), grant()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await grant()).toBe(false);
      expect(await ledger.balance('na', uid!)).toBe(5000);
    } finally {
      await dropAll(mongo);
    }
  });

  it('keeps the balance exact when the billing process is killed in the middle of a burst', async () => {
    await promisify(execFile)('npx', ['tsc', '-b', 'services/billing'], { cwd: repoRoot, timeout: 300_000 });
    const urls = freshUrls();
    const mongo = await new RegionalMongo(urls).connect();
    const setup = await freshLedgerTopic();
    // Half the burst waits on the topic when billing starts; billing is killed as soon as the
    // first entries are applied (mid-batch or between batches, however fast the machine), and
    // the other half arrives while it is down, so the restart has both old and new work.
    const workspaces = someWorkspaces(500);
    const { events, expected } = consumptionBurst('na', workspaces, 20_000);
    const half = events.length / 2;
    await publish(setup.producer, setup.topic, events.slice(0, half));
    let billing = await spawnBilling({ mongoUrls: urls, topic: setup.topic, groupId: setup.groupId });
    try {
      await waitFor(async () => (await logCount(mongo, 'na', workspaces)) > 0, 60_000, 20);
      await billing.kill();
      expect(await logCount(mongo, 'na', workspaces)).toBeLessThanOrEqual(half);
      await publish(setup.producer, setup.topic, events.slice(half));
      await publish(setup.producer, setup.topic, events.slice(0, 300)); // and some redelivered meanwhile
      billing = await spawnBilling({ mongoUrls: urls, topic: setup.topic, groupId: setup.groupId });
      await waitCaughtUp(setup.kafka, setup.groupId, setup.topic);

      expect(await balances(mongo, 'na', workspaces)).toEqual(expected);
      expect(await logCount(mongo, 'na', workspaces)).toBe(events.length);
    } finally {
      await billing.kill();
      await setup.close();
      await dropAll(mongo);
    }
  });

  it('keeps the balance exact across a Kafka restart', async () => {
    const mongo = await new RegionalMongo(freshUrls()).connect();
    const setup = await freshLedgerTopic();
    const consumer = await startCreditConsumer({ kafka: setup.kafka, producer: setup.producer, ledger: createLedger(mongo), logger, groupId: setup.groupId, topic: setup.topic });
    try {
      const workspaces = someWorkspaces(3);
      const { events, expected } = consumptionBurst('eu', workspaces, 1000);
      await publish(setup.producer, setup.topic, events.slice(0, 500));
      await kafkaProcess('stop');
      await kafkaProcess('start');
      await publish(setup.producer, setup.topic, events.slice(500));
      await waitCaughtUp(setup.kafka, setup.groupId, setup.topic, 180_000);

      expect(await balances(mongo, 'eu', workspaces)).toEqual(expected);
      expect(await logCount(mongo, 'eu', workspaces)).toBe(events.length);
    } finally {
      await consumer.disconnect();
      await setup.close();
      await dropAll(mongo);
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Kafka, Producer } from 'kafkajs';
import { makeEvent, newAgentId, newWorkspaceUid, type EventEnvelope, type Region } from '@platform/contracts';
import { createProducer, type RegionalMongo } from '@platform/kit';
import { createTopic, repoRoot, testKafka, uniqueName, waitFor } from '@platform/test-support';

export const PARTITIONS = 6;

/** A fresh consumption topic and consumer group, so a test sees only its own events. */
export async function freshLedgerTopic(): Promise<{ kafka: Kafka; producer: Producer; topic: string; groupId: string; close: () => Promise<void> }> {
  const kafka = testKafka();
  const topic = uniqueName('credit-consumption');
  await createTopic(kafka, topic, PARTITIONS);
  const producer = createProducer(kafka);
  await producer.connect();
  return { kafka, producer, topic, groupId: uniqueName('ledger'), close: () => producer.disconnect() };
}

export interface Burst {
  events: EventEnvelope[];
  /** expected balance change per workspace (negative: consumed) */
  expected: Map<string, number>;
}

/** `count` consumptions of whole credits spread over `workspaces` workspaces of one region. */
export function consumptionBurst(region: Region, workspaces: string[], count: number): Burst {
  const agentId = newAgentId();
  const expected = new Map(workspaces.map((uid) => [uid, 0]));
  const events: EventEnvelope[] = [];
  for (let i = 0; i < count; i += 1) {
    const workspaceId = workspaces[i % workspaces.length]!;
    const amount = 1 + (i % 3);
    events.push(
      makeEvent('credits.consumed', {
        region,
        workspaceId,
        data: { amount, ts: Date.now(), direction: 'decrease', causedBy: 'agent', agentId, featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 10, outputTokens: 20 },
      }) as EventEnvelope,
    );
    expected.set(workspaceId, expected.get(workspaceId)! - amount);
  }
  return { events, expected };
}

export const someWorkspaces = (n: number) => Array.from({ length: n }, () => newWorkspaceUid());

/** Publishes events keyed by workspace, in chunks (as the outbox relay does). */
export async function publish(producer: Producer, topic: string, events: EventEnvelope[], chunk = 500): Promise<void> {
  for (let i = 0; i < events.length; i += chunk) {
    await producer.send({ topic, messages: events.slice(i, i + chunk).map((e) => ({ key: e.workspaceId, value: JSON.stringify(e) })) });
  }
}

/** Resolves once the group has committed every partition up to the topic's end. */
export async function waitCaughtUp(kafka: Kafka, groupId: string, topic: string, timeoutMs = 120_000): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const caughtUp = async () => {
      const ends = await admin.fetchTopicOffsets(topic);
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      const byPartition = new Map(committed!.partitions.map((p) => [p.partition, Number(p.offset)]));
      return ends.every((end) => Number(end.offset) === 0 || byPartition.get(end.partition) === Number(end.offset));
    };
    // Right after a broker restart the group coordinator may not answer yet: ask again.
    await waitFor(() => caughtUp().catch(() => false), timeoutMs, 200);
  } finally {
    await admin.disconnect();
  }
}

export async function balances(mongo: RegionalMongo, region: Region, workspaces: string[]): Promise<Map<string, number>> {
  const docs = await mongo.collection<{ _id: string; balance: number }>(region, 'credit_accounts').find({ _id: { $in: workspaces } }).toArray();
  return new Map(workspaces.map((uid) => [uid, docs.find((d) => d._id === uid)?.balance ?? 0]));
}

export async function logCount(mongo: RegionalMongo, region: Region, workspaces: string[]): Promise<number> {
  return mongo.collection(region, 'credit_logs').countDocuments({ workspaceId: { $in: workspaces } });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The built billing service (services/billing/dist/main.js) as its own process, on the given databases, topic and group. */
export async function spawnBilling(options: { mongoUrls: Record<Region, string>; topic: string; groupId: string; env?: Record<string, string> }): Promise<{ child: ChildProcess; port: number; kill: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'services/billing/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      MONGO_URL_EU: options.mongoUrls.eu,
      MONGO_URL_NA: options.mongoUrls.na,
      CREDIT_CONSUMPTION_TOPIC: options.topic,
      CREDIT_CONSUMER_GROUP: options.groupId,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`billing exited with ${child.exitCode}`);
    return fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok).catch(() => false);
  }, 60_000, 200);
  return {
    child,
    port,
    kill: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGKILL');
      }),
  };
}

import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Consumer, Kafka } from 'kafkajs';
import { OutboxRelay, createKafka, createLogger, createProducer, RegionalMongo, type InsertedOutbox } from '@platform/kit';

const run = promisify(execFile);
export const repoRoot = path.resolve(__dirname, '../../..');
export const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
export const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const mongoBase = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27017';

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Two fresh per-test databases on the running MongoDB-compatible server, one per region. */
export async function freshMongo(): Promise<RegionalMongo> {
  const suffix = randomBytes(4).toString('hex');
  return new RegionalMongo({ eu: `${mongoBase}/t_${suffix}_eu`, na: `${mongoBase}/t_${suffix}_na` }).connect();
}

export async function dropAll(mongo: RegionalMongo): Promise<void> {
  for (const region of mongo.regions()) await mongo.db(region).dropDatabase();
  await mongo.close();
}

export function testKafka(): Kafka {
  return createKafka({ clientId: uniqueName('kit-test'), brokers, logger });
}

export async function createTopic(kafka: Kafka, topic: string, numPartitions = 3): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions, replicationFactor: 1 }], waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
}

/** Stops or starts the local Kafka broker process that infra/ manages. */
export async function kafkaProcess(action: 'stop' | 'start'): Promise<void> {
  // A broker started right after a stop can exit before it is ready (the stopped JVM still
  // holds its ports or log directory for a moment); deps.sh reports that, and a new start works.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run('bash', [path.join(repoRoot, 'infra/scripts/deps.sh'), action, 'kafka'], { cwd: repoRoot, timeout: 120_000 });
      return;
    } catch (err) {
      if (action === 'stop' || attempt === 3) throw err;
    }
  }
}

/**
 * Reads a topic with kcat, the way a partner's client would: the whole topic, or from `since`
 * (unix ms) on; `keys` keeps only the records whose key it accepts. The output is read as it
 * comes (no buffer limit: a topic the webhook bench filled holds hundreds of megabytes).
 */
export async function readTopicWithKcat(topic: string, options: { since?: number; keys?: (key: string) => boolean } = {}): Promise<Array<{ key: string; value: string }>> {
  const offset = options.since === undefined ? 'beginning' : `s@${Math.floor(options.since)}`;
  const kcat = spawn('kcat', ['-C', '-b', brokers[0]!, '-t', topic, '-o', offset, '-e', '-q', '-f', '%k\t%s\n'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const timer = setTimeout(() => kcat.kill('SIGKILL'), 60_000);
  const records: Array<{ key: string; value: string }> = [];
  let stderr = '';
  kcat.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => (kcat.on('error', reject), kcat.on('close', resolve)));
  for await (const line of createInterface({ input: kcat.stdout })) {
    if (!line) continue;
    const [key, ...rest] = line.split('\t');
    if (!options.keys || options.keys(key!)) records.push({ key: key!, value: rest.join('\t') });
  }
  const code = await exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`kcat exited with ${code}: ${stderr}`);
  return records;
}

/**
 * Resolves after a started consumer's first fetch: a new group that starts at the topic's end
 * has set its offsets by then, so what is sent afterwards reaches it.
 */
export function firstFetch(consumer: Consumer): Promise<void> {
  return new Promise((resolve) => {
    const off = consumer.on(consumer.events.FETCH, () => (off(), resolve()));
  });
}

/** Polls until the condition holds, instead of sleeping a fixed time. */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * An outbox relay on the test Kafka for a service's collections. `nudge` can be handed to the
 * service before it starts (the relay needs the service's Mongo, which comes with it).
 */
export async function testRelay(collections: string[]) {
  const producer = createProducer(testKafka());
  await producer.connect();
  let relay: OutboxRelay | undefined;
  return {
    nudge: (inserted?: InsertedOutbox) => relay?.nudge(inserted),
    start(mongo: RegionalMongo) {
      relay = new OutboxRelay({ mongo, producer, collections, logger, pollMs: 100 });
      relay.start();
    },
    async stop() {
      await relay?.stop();
      await producer.disconnect();
    },
  };
}

/** The LLM sandbox (infra/sandboxes/llm) in its own process on a free port. */
export { spawnLlmSandbox } from '../../../infra/sandboxes/llm/test/spawn-sandbox';
export { spawnCompanySite } from '../../../infra/sandboxes/company-site/test/spawn-site';

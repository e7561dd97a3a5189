// Credit ledger benchmark (issue 10): consumption events published to Kafka and applied by one
// billing process (services/billing/dist/main.js) on its own topic, group and databases; the
// rate counts from the first publish to the last balance written, and the final balances must
// be exact. The raw Kafka produce rate of the same run is reported beside it.
const { spawn } = require('node:child_process');
const { randomBytes, randomUUID } = require('node:crypto');
const path = require('node:path');
const { Kafka, logLevel } = require('kafkajs');
const { MongoClient } = require('mongodb');

const root = path.resolve(__dirname, '..');
const env = process.env;
const EVENTS = 30_000;
const WORKSPACES = 50;
const PARTITIONS = 6;
const GOAL_PER_SECOND = 2000;
const BENCH_BILLING_PORT = Number(env.BENCH_BILLING_PORT ?? 18182);

const seconds = (since) => Number(process.hrtime.bigint() - since) / 1e9;
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function startBilling(topic, groupId, mongoBase, suffix) {
  const child = spawn('node', [path.join(root, 'services/billing/dist/main.js')], {
    env: {
      ...env,
      PORT: String(BENCH_BILLING_PORT),
      MONGO_URL_EU: `${mongoBase}/bench_${suffix}_eu`,
      MONGO_URL_NA: `${mongoBase}/bench_${suffix}_na`,
      CREDIT_CONSUMPTION_TOPIC: topic,
      CREDIT_CONSUMER_GROUP: groupId,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i += 1) {
    if (await fetch(`http://127.0.0.1:${BENCH_BILLING_PORT}/readyz`).then((r) => r.ok).catch(() => false)) return child;
    await wait(100);
  }
  child.kill();
  throw new Error('bench billing service did not start');
}

function burst() {
  const workspaces = Array.from({ length: WORKSPACES }, () => `bench${randomBytes(6).toString('hex')}`);
  const expected = new Map(workspaces.map((uid) => [uid, 0]));
  const messages = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const workspaceId = workspaces[i % WORKSPACES];
    const amount = 1 + (i % 4);
    expected.set(workspaceId, expected.get(workspaceId) - amount);
    const event = {
      id: randomUUID(),
      type: 'credits.consumed',
      version: 1,
      occurredAt: new Date().toISOString(),
      region: 'eu',
      workspaceId,
      data: { amount, ts: Date.now(), direction: 'decrease', causedBy: 'agent', featureKey: 'chat', model: 'gpt-4o-mini', inputTokens: 100, outputTokens: 50 },
    };
    messages.push({ key: workspaceId, value: JSON.stringify(event) });
  }
  return { messages, expected };
}

async function run() {
  const suffix = randomBytes(4).toString('hex');
  const topic = `bench-credit-consumption-${suffix}`;
  const groupId = `bench-ledger-${suffix}`;
  const mongoBase = env.TEST_MONGO_URL ?? `mongodb://127.0.0.1:${env.MONGO_PORT ?? 27017}`;
  const kafka = new Kafka({ clientId: 'bench-billing', brokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS, replicationFactor: 1 }], waitForLeaders: true });
  const producer = kafka.producer();
  await producer.connect();
  const mongo = await new MongoClient(`${mongoBase}/bench_${suffix}_eu`).connect();
  const billing = await startBilling(topic, groupId, mongoBase, suffix);
  try {
    const { messages, expected } = burst();
    const started = process.hrtime.bigint();
    const chunks = [];
    for (let i = 0; i < messages.length; i += 2000) chunks.push(messages.slice(i, i + 2000));
    await Promise.all(chunks.map((chunk) => producer.send({ topic, messages: chunk })));
    const produceSeconds = seconds(started);
    while (!(await exact(mongo, expected))) await wait(50);
    const endToEndSeconds = seconds(started);
    const logged = await mongo.db().collection('credit_logs').countDocuments();
    if (logged !== EVENTS) throw new Error(`${logged} credit log entries for ${EVENTS} consumptions`);
    const applied = EVENTS / endToEndSeconds;
    return [
      { name: 'credit consumption applied end to end (one billing process, exact balances)', value: `${Math.round(applied)} /s`, goal: `>= ${GOAL_PER_SECOND} /s`, ok: applied >= GOAL_PER_SECOND },
      { name: 'raw Kafka produce rate of the same run', value: `${Math.round(EVENTS / produceSeconds)} /s`, goal: 'reported', ok: true },
    ];
  } finally {
    billing.kill();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await mongo.db(`bench_${suffix}_eu`).dropDatabase().catch(() => undefined);
    await mongo.db(`bench_${suffix}_na`).dropDatabase().catch(() => undefined);
    await mongo.close();
  }
}

/** Every balance as expected (a lost or double-applied credit never matches). */
async function exact(mongo, expected) {
  const accounts = await mongo.db().collection('credit_accounts').find({ _id: { $in: [...expected.keys()] } }).toArray();
  return accounts.length === expected.size && accounts.every((a) => a.balance === expected.get(a._id));
}

module.exports = { run };

if (require.main === module) {
  run()
    .then((results) => results.forEach((r) => console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value} (goal ${r.goal})`)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

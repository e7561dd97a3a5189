// Checks the real dependencies that infra/scripts/deps.sh starts (make test starts them and
// exports infra/local.env, so the URLs below come from the environment).
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { promisify } from 'util';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import * as nodemailer from 'nodemailer';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

const env = (name: string, fallback: string): string => process.env[name] || fallback;
const MONGO_URL = env('MONGO_URL_EU', 'mongodb://127.0.0.1:27017/platform_eu');
const KAFKA_BROKERS = env('KAFKA_BROKERS', '127.0.0.1:9092');
const STRIPE_API_BASE = env('STRIPE_API_BASE', 'http://127.0.0.1:12111');
const STRIPE_SECRET_KEY = env('STRIPE_SECRET_KEY', 'sk_test_123');
const SMTP_URL = env('SMTP_URL', 'smtp://127.0.0.1:1025');
const MAIL_API = `http://127.0.0.1:${env('MAIL_WEB_PORT', '1080')}`;

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

jest.setTimeout(60_000);

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('local dependencies (infra/scripts/deps.sh)', () => {
  test('MongoDB-compatible server answers ping and stores a document', async () => {
    const client = new MongoClient(MONGO_URL, { serverSelectionTimeoutMS: 10_000 });
    await client.connect();
    try {
      const db = client.db(); // the database named in the URL
      expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
      const collection = db.collection<{ _id: string; n: number }>(`infra_test_${suffix.replace(/-/g, '_')}`);
      await collection.insertOne({ _id: 'a', n: 1 });
      await collection.updateOne({ _id: 'a', n: { $gte: 1 } }, { $inc: { n: 1 } });
      expect(await collection.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2 });
      await collection.drop();
    } finally {
      await client.close();
    }
  });

  test('stripe-mock answers GET /v1/customers with the test key', async () => {
    const res = await fetch(`${STRIPE_API_BASE}/v1/customers`, {
      headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: unknown[] };
    expect(body.object).toBe('list');
    expect(Array.isArray(body.data)).toBe(true);
  });

  test('the SMTP inbox receives a mail and lists it in GET /email', async () => {
    const subject = `infra test ${suffix}`;
    const transport = nodemailer.createTransport(SMTP_URL);
    try {
      await transport.sendMail({
        from: 'platform@example.test',
        to: 'someone@example.test',
        subject,
        text: 'Your sign-in code is 123456',
      });
    } finally {
      transport.close();
    }
    const mail = await eventually('the mail in the inbox', async () => {
      const res = await fetch(`${MAIL_API}/email`);
      expect(res.status).toBe(200);
      const list = (await res.json()) as Array<{ id: string; subject: string; text?: string; to: Array<{ address: string }> }>;
      return list.find((m) => m.subject === subject);
    });
    expect(mail.to[0].address).toBe('someone@example.test');
    expect(mail.text).toContain('123456');
    await fetch(`${MAIL_API}/email/${mail.id}`, { method: 'DELETE' });
  });

  test('create-topics.js creates topics that kcat -L lists, with their partitions', async () => {
    const topic = `infra-test-${suffix}`;
    await run(process.execPath, [path.join(ROOT, 'infra/scripts/create-topics.js'), '--topics', `${topic}:3`], {
      env: { ...process.env, KAFKA_BROKERS },
    });

    // the topics the contracts declare (created by make test), when the contracts are built
    let declared: Array<{ name: string; partitions: number }> = [];
    const contractsDist = path.join(ROOT, 'contracts/dist/index.js');
    if (fs.existsSync(contractsDist)) {
      // eslint-disable-next-line @typescript-eslint/no-var-requires
      const contracts = require(contractsDist) as { allTopics?: () => Array<{ name: string; partitions: number }> };
      if (typeof contracts.allTopics === 'function') declared = contracts.allTopics();
    }

    try {
      const { stdout } = await run('kcat', ['-b', KAFKA_BROKERS.split(',')[0], '-L', '-J', '-m', '10']);
      const metadata = JSON.parse(stdout) as { topics: Array<{ topic: string; partitions: unknown[] }> };
      const partitions = new Map(metadata.topics.map((t) => [t.topic, t.partitions.length]));
      expect(partitions.get(topic)).toBe(3);
      for (const t of declared) expect([t.name, partitions.get(t.name)]).toEqual([t.name, t.partitions]);
    } finally {
      const admin = new Kafka({ clientId: 'infra-test', brokers: KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      await admin.deleteTopics({ topics: [topic] });
      await admin.disconnect();
    }
  });
});

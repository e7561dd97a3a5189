#!/usr/bin/env node
// Creates the Kafka topics that the contracts declare, with their explicit partition
// counts and replication factor 1 (a local single-node broker), then waits until the
// broker's metadata shows every one of them with a leader on each partition.
//
//   node infra/scripts/create-topics.js                 topics from contracts/dist allTopics()
//   node infra/scripts/create-topics.js --topics a:3,b  an explicit list (name[:partitions])
//
// Brokers: --brokers host:port[,host:port] or KAFKA_BROKERS (default 127.0.0.1:9092).
// Plain CommonJS so it runs without a build step; needs `npm run build` for contracts/dist.
'use strict';

const path = require('path');

const ROOT = path.resolve(__dirname, '../..');
const { Kafka, logLevel } = require(require.resolve('kafkajs', { paths: [ROOT] }));

function parseArgs(argv) {
  const opts = { topics: null, brokers: null, timeoutMs: 60000 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      i += 1;
      return argv[i];
    };
    if (arg === '--topics') opts.topics = value();
    else if (arg === '--brokers') opts.brokers = value();
    else if (arg === '--timeout') opts.timeoutMs = Number(value()) * 1000;
    else if (arg === '-h' || arg === '--help') {
      console.log('usage: create-topics.js [--topics name[:partitions],...] [--brokers host:port,...] [--timeout seconds]');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

function topicsFromList(list) {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const [name, partitions = '1'] = item.split(':');
      return { name, partitions: Number(partitions) };
    });
}

function topicsFromContracts() {
  const dist = path.join(ROOT, 'contracts', 'dist');
  let contracts;
  try {
    contracts = require(dist);
  } catch (err) {
    if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes(dist)) {
      throw new Error('contracts/dist is missing: run `npm run build` (make build) first');
    }
    throw err;
  }
  if (typeof contracts.allTopics !== 'function') {
    throw new Error('contracts/dist does not export allTopics(): nothing tells which topics to create');
  }
  return contracts.allTopics();
}

function validate(topics) {
  if (!Array.isArray(topics)) throw new Error('allTopics() must return an array of {name, partitions}');
  const seen = new Set();
  for (const t of topics) {
    if (!t || typeof t.name !== 'string' || !/^[A-Za-z0-9._-]{1,249}$/.test(t.name)) {
      throw new Error(`invalid topic name: ${JSON.stringify(t && t.name)}`);
    }
    if (!Number.isInteger(t.partitions) || t.partitions < 1) {
      throw new Error(`topic ${t.name}: partitions must be a positive integer, got ${JSON.stringify(t.partitions)}`);
    }
    if (seen.has(t.name)) throw new Error(`topic ${t.name} is listed twice`);
    seen.add(t.name);
  }
  return topics;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const topics = validate(opts.topics !== null ? topicsFromList(opts.topics) : topicsFromContracts());
  const brokers = (opts.brokers || process.env.KAFKA_BROKERS || `127.0.0.1:${process.env.KAFKA_PORT || 9092}`)
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);

  if (topics.length === 0) {
    console.log('create-topics: no topics declared');
    return;
  }

  const kafka = new Kafka({ clientId: 'infra-create-topics', brokers, logLevel: logLevel.ERROR, retry: { retries: 8 } });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.name));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((t) => ({ topic: t.name, numPartitions: t.partitions, replicationFactor: 1 })),
      });
    }

    // Wait until the metadata shows every topic with all its partitions led.
    const deadline = Date.now() + opts.timeoutMs;
    let pending = topics;
    for (;;) {
      let metadata = { topics: [] };
      try {
        metadata = await admin.fetchTopicMetadata({ topics: pending.map((t) => t.name) });
      } catch (err) {
        // UNKNOWN_TOPIC_OR_PARTITION while the metadata propagates: keep waiting
      }
      const byName = new Map(metadata.topics.map((t) => [t.name, t]));
      pending = pending.filter((t) => {
        const m = byName.get(t.name);
        return !m || m.partitions.length === 0 || m.partitions.some((p) => p.leader < 0);
      });
      if (pending.length === 0) break;
      if (Date.now() > deadline) {
        throw new Error(`topics not visible in the metadata after ${opts.timeoutMs / 1000}s: ${pending.map((t) => t.name).join(', ')}`);
      }
      await sleep(200);
    }

    const all = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.name) });
    const counts = new Map(all.topics.map((t) => [t.name, t.partitions.length]));
    for (const t of topics) {
      if (counts.get(t.name) !== t.partitions) {
        console.warn(
          `create-topics: warning: ${t.name} has ${counts.get(t.name)} partitions, the contracts say ${t.partitions} (left unchanged)`,
        );
      }
    }

    const created = new Set(missing.map((t) => t.name));
    console.log(
      `create-topics: ${topics.length} topic(s) ready on ${brokers.join(',')} (created ${created.size}, already there ${topics.length - created.size})`,
    );
    for (const t of topics) console.log(`  ${created.has(t.name) ? '+' : '='} ${t.name} (${counts.get(t.name)} partitions)`);
  } finally {
    await admin.disconnect();
  }
}

main().catch((err) => {
  console.error(`create-topics: error: ${err && err.message ? err.message : err}`);
  process.exit(1);
});

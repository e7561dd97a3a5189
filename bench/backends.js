#!/usr/bin/env node
// Compares MongoDB-wire servers on the store's own workloads, with the driver only (no
// services), in a throwaway database of each: `node bench/backends.js URL...`, e.g. FerretDB
// on PostgreSQL and on SQLite side by side (ADR 0006 records a run). Background: BACKGROUND
// agents (default 10,000) of 100 other workspaces, then the tenant's 50.
const { randomBytes } = require('node:crypto');
const { MongoClient } = require('mongodb');
const { COLLECTIONS, newAgentDraft } = require('../contracts/dist');
const { agentRecord, AGENT_LIST_PROJECTION } = require('../services/agent/dist/domain/agent-record');
const { INDEXES } = require('../services/agent/dist/store/collections');

const BACKGROUND = Number(process.env.BACKGROUND ?? 10_000);
const REPEAT = Number(process.env.REPEAT ?? 10);

const now = () => process.hrtime.bigint();
const ms = (ns) => Number(ns) / 1e6;
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

function agent(workspaceId, id) {
  const draft = { ...newAgentDraft({ title: `Agent ${id}`, ownerID: workspaceId }), ID: id };
  return agentRecord(draft, { ID: id, workspaceId, secretKey: `key-${id}`, now: Math.floor(Date.now() / 1000), version: 1 });
}

async function latency(fn, times = REPEAT) {
  const xs = [];
  for (let i = 0; i < times; i += 1) {
    const t0 = now();
    await fn(i);
    xs.push(ms(now() - t0));
  }
  return p95(xs);
}

async function rate(total, concurrency, fn) {
  let next = 0;
  const t0 = now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) await fn(next++);
  }));
  return total / (ms(now() - t0) / 1000);
}

async function measure(url) {
  const client = await new MongoClient(url).connect();
  const db = client.db(`bench_backends_${randomBytes(3).toString('hex')}`);
  try {
    const agents = db.collection(COLLECTIONS.agents);
    await agents.createIndexes(INDEXES.find((s) => s.collection === COLLECTIONS.agents).indexes);
    const t0 = now();
    const template = agent('bg', 'template');
    for (let i = 0; i < BACKGROUND; i += 1000) {
      await agents.insertMany(Array.from({ length: Math.min(1000, BACKGROUND - i) }, (_, k) => {
        const id = `bg-${i + k}`;
        return { ...template, _id: id, ID: id, userId: `ws-${(i + k) % 100}`, ownerID: `ws-${(i + k) % 100}`, SECRET_API_KEY: `key-${id}` };
      }));
    }
    const seedS = ms(now() - t0) / 1000;
    for (let i = 0; i < 50; i += 1) await agents.insertOne(agent('tenant', `tenant-${i}`));
    await agents.updateMany({ _id: { $in: ['tenant-1', 'tenant-2'] } }, { $set: { _outbox: [], _outboxAt: new Date() } });

    const list = await latency(() => agents.find({ userId: 'tenant' }, { projection: { ...AGENT_LIST_PROJECTION, _id: 0 }, sort: { lastModified: -1, _id: 1 } }).toArray());
    const byId = await latency((i) => agents.findOne({ _id: `tenant-${i % 50}` }));
    const claim = await latency(() => agents.find({ _outboxAt: { $exists: true } }).sort({ _outboxAt: 1 }).limit(100).toArray());
    const updates = await rate(500, 10, (i) => agents.updateOne({ _id: `tenant-${i % 50}` }, { $set: { description: `u${i}` } }));
    const inserts = await rate(500, 10, (i) => agents.insertOne(agent('tenant', `new-${i}`)));
    const counters = db.collection('counters');
    await counters.insertOne({ _id: 'c', balance: 750 });
    let ok = 0;
    const incs = await rate(1000, 100, async () => {
      const { modifiedCount } = await counters.updateOne({ _id: 'c', balance: { $gte: 1 } }, { $inc: { balance: -1 } });
      ok += modifiedCount;
    });
    const exact = ok === 750 && (await counters.findOne({ _id: 'c' })).balance === 0;
    return { url, seedS, list, byId, claim, updates, inserts, incs, exact };
  } finally {
    await db.dropDatabase();
    await client.close();
  }
}

async function main() {
  const urls = process.argv.slice(2);
  if (!urls.length) throw new Error('usage: node bench/backends.js MONGO_URL...');
  console.log(`background: ${BACKGROUND} agents of 100 workspaces; latencies are p95 of ${REPEAT}`);
  for (const url of urls) {
    const r = await measure(url);
    console.log(`${r.url}
  seed ${BACKGROUND} agents (insertMany)          ${r.seedS.toFixed(1)} s
  list a workspace's 50 agents                 ${r.list.toFixed(1)} ms
  findOne by _id                               ${r.byId.toFixed(1)} ms
  outbox claim query (2 pending)               ${r.claim.toFixed(1)} ms
  updateOne by _id, 10 concurrent              ${r.updates.toFixed(0)}/s
  insertOne, 10 concurrent                     ${r.inserts.toFixed(0)}/s
  guarded $inc on one document, 100 concurrent ${r.incs.toFixed(0)}/s, ${r.exact ? 'exact' : 'NOT EXACT'}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

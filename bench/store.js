// Document store benchmarks (issue 8), against the running platform (`make bench` starts it),
// on top of a background population the bench seeds itself: 100,000 agents of 1,000 other
// workspaces in the EU agents collection (inserted once with the driver, kept for later runs),
// so every figure is taken with a collection full of other tenants' data.
// - listing one workspace's 50 agents through the gateway, p95, and the same query with the
//   driver against the full collection vs an empty one (the cost follows the tenant);
// - agent saves through the gateway vs the raw driver's updateOne, interleaved in one run;
// - 100 concurrent guarded $inc on one document: exact end balance, and the rate;
// - partner latency: agent created (the service answered) -> new-agent read by a live kcat
//   consumer, during a burst of 1,000 creations;
// - a Kafka outage (BENCH_KAFKA_OUTAGE_S, default 60 s) with agents created throughout: how
//   long after the broker is back until the last of their events is published.
const { execFile, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const path = require('node:path');
const readline = require('node:readline');
const { promisify } = require('node:util');
const { MongoClient } = require('mongodb');
const { COLLECTIONS, newAgentDraft, newDocumentId } = require('../contracts/dist');
const { RegionalMongo } = require('../services/kit/dist');
const { agentRecord, AGENT_LIST_PROJECTION } = require('../services/agent/dist/domain/agent-record');
const { versionRecord } = require('../services/agent/dist/domain/versions');
const { AgentStore } = require('../services/agent/dist/store/agents');
const { INDEXES } = require('../services/agent/dist/store/collections');
const { VersionStore } = require('../services/agent/dist/store/versions');
const { AGENT_URL, GATEWAY_URL, direct, json, percentile, root, startGateway, workspaceForBench } = require('./platform');
const { cpuMeter, formatCpu } = require('./store-cpu');

const run$ = promisify(execFile);
const env = process.env;
const BACKGROUND_WORKSPACES = 1_000;
const AGENTS_PER_BACKGROUND_WORKSPACE = 100;
const LISTED_AGENTS = 50;
const LIST_REQUESTS = 200;
const SAVE_WORKERS = 8;
const SAVES_PER_ROUND = 200;
const SAVE_ROUNDS = 3;
const INC_WORKERS = 100;
const INC_ATTEMPTS_PER_WORKER = 20;
const BURST = 1_000;
const BURST_CONCURRENCY = 16;
const OUTAGE_S = Number(env.BENCH_KAFKA_OUTAGE_S ?? 60);
// BENCH_STORE=saves,partner runs only those parts (all by default).
const parts = (env.BENCH_STORE ?? 'list,saves,inc,partner,outage').split(',');
const BROKER = (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',')[0];

const ms = (ns) => Number(ns) / 1e6;
const now = () => process.hrtime.bigint();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function listQuery(collection, workspaceId) {
  // the query AgentStore.listForWorkspace runs
  return collection.find({ userId: workspaceId }, { projection: { ...AGENT_LIST_PROJECTION, _id: 0 }, sort: { lastModified: -1, _id: 1 } }).toArray();
}

function agentDocument(workspaceId, id, title) {
  const draft = { ...newAgentDraft({ title, ownerID: workspaceId }), ID: id };
  return agentRecord(draft, { ID: id, workspaceId, secretKey: `bench-key-${id}`, now: Math.floor(Date.now() / 1000), version: 1 });
}

/** 100,000 agents of 1,000 other workspaces, once: the last document marks a complete seed. */
async function seedBackground(agents) {
  const last = `bench-bg-${BACKGROUND_WORKSPACES - 1}-${AGENTS_PER_BACKGROUND_WORKSPACE - 1}`;
  if (await agents.findOne({ _id: last }, { projection: { _id: 1 } })) return 'present';
  const started = now();
  const template = agentDocument('bench-bg', 'template', 'Background agent');
  for (let w = 0; w < BACKGROUND_WORKSPACES; w += 10) {
    const docs = [];
    for (let k = w; k < w + 10; k += 1) {
      for (let i = 0; i < AGENTS_PER_BACKGROUND_WORKSPACE; i += 1) {
        const id = `bench-bg-${k}-${i}`;
        docs.push({ ...template, _id: id, ID: id, userId: `bench-bg-ws-${k}`, ownerID: `bench-bg-ws-${k}`, SECRET_API_KEY: `bench-key-${id}`, title: `Background ${i}` });
      }
    }
    await agents.insertMany(docs, { ordered: false }).catch((err) => {
      if (err.code !== 11000 && !err.writeErrors?.every((e) => e.code === 11000)) throw err; // a previous partial seed
    });
  }
  return `seeded in ${(ms(now() - started) / 1000).toFixed(0)} s`;
}

async function timed(times, fn) {
  const t0 = now();
  const result = await fn();
  times.push(ms(now() - t0));
  return result;
}

async function createAgent(uid, title) {
  const agent = newAgentDraft({ title, ownerID: uid });
  await direct(uid, `${AGENT_URL}/v2/agents/${agent.ID}`, agent);
  return agent;
}

/** Runs `task(i)` for i < count with `concurrency` in flight. */
async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

async function listing(client, agents, uid, bearer) {
  for (let i = 0; i < LISTED_AGENTS; i += 1) await createAgent(uid, `Listed ${i}`);
  const viaGateway = [];
  for (let i = 0; i < LIST_REQUESTS; i += 1) {
    const { body } = await timed(viaGateway, () => json(`${GATEWAY_URL}/api/eu/agent/v2/agents`, { headers: bearer }));
    if (body.agents.length !== LISTED_AGENTS) throw new Error(`listed ${body.agents.length} agents, expected ${LISTED_AGENTS}`);
  }
  // The same query with the driver: the full collection vs a copy of the tenant's agents alone.
  const empty = client.db(`bench_empty_${randomBytes(3).toString('hex')}`);
  try {
    const spec = INDEXES.find((s) => s.collection === COLLECTIONS.agents);
    await empty.collection(COLLECTIONS.agents).createIndexes(spec.indexes);
    await empty.collection(COLLECTIONS.agents).insertMany(await agents.find({ userId: uid }).toArray());
    const full = [];
    const alone = [];
    for (let i = 0; i < LIST_REQUESTS; i += 1) {
      await timed(full, () => listQuery(agents, uid));
      await timed(alone, () => listQuery(empty.collection(COLLECTIONS.agents), uid));
    }
    return { gateway: viaGateway.sort((a, b) => a - b), full: full.sort((a, b) => a - b), alone: alone.sort((a, b) => a - b) };
  } finally {
    await empty.dropDatabase();
  }
}

/**
 * POST of a JSON body over kept-alive connections with node:http: `fetch` costs the bench
 * process about as much CPU per request as the gateway does (ADR 0035), and the bench must not
 * be what limits the rate it measures.
 */
function poster(url, headers, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  return {
    post: (path, body) =>
      new Promise((resolve, reject) => {
        const payload = Buffer.from(body);
        const req = http.request({ agent, hostname, port, path, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c)).on('error', reject).on('end', () => {
            if (res.statusCode !== 200) return reject(new Error(`POST ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
            resolve();
          });
        });
        req.on('error', reject).end(payload);
      }),
    close: () => agent.destroy(),
  };
}

/**
 * The store work of a save and nothing else: the agent service's own AgentStore.replace (the
 * guarded update of the changed fields) and VersionStore.add (the kept version, grouped with
 * concurrent ones, the prune every 10th), called in this process from the copy of the agent
 * it last wrote, as the service does (ADR 0028): no HTTP, no gateway, no validation. What any
 * save that keeps its version costs, whatever carries it to the store: the ceiling of the goal.
 */
function storeOnlySaver(mongo, uid) {
  const region = 'eu';
  const store = new AgentStore(mongo);
  const versions = new VersionStore(mongo);
  const seen = new Map();
  return async (agent) => {
    for (;;) {
      const current = seen.get(agent.ID) ?? (await store.find(region, agent.ID));
      const next = agentRecord(agent, { ID: agent.ID, workspaceId: uid, secretKey: current.SECRET_API_KEY, now: Math.floor(Date.now() / 1000), version: (current._version ?? 0) + 1 });
      if (await store.replace(region, current, next)) {
        seen.set(agent.ID, next);
        await versions.add(region, versionRecord(newDocumentId(), next, uid, 'save'));
        return;
      }
      seen.delete(agent.ID); // another save came first: read the agent again
    }
  };
}

async function saves(agents, uid, bearer, meter) {
  const workers = [];
  for (let i = 0; i < SAVE_WORKERS; i += 1) workers.push(await createAgent(uid, `Saved ${i}`));
  await Promise.all(workers.map(async (a) => Object.assign(a, (await direct(uid, `${AGENT_URL}/v2/agents/${a.ID}`)).body.agent)));
  const kinds = ['gateway', 'driver', 'store'];
  const cpu = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const round = async (kind, save) => {
    let next = 0;
    const before = meter.snapshot();
    const t0 = now();
    await Promise.all(workers.map(async (agent) => {
      while (next < SAVES_PER_ROUND) {
        next += 1;
        agent.description = `saved ${next}`;
        await save(agent);
      }
    }));
    const rate = SAVES_PER_ROUND / (ms(now() - t0) / 1000);
    cpu[kind].push(meter.perOp(before, SAVES_PER_ROUND));
    return rate;
  };
  await meter.calibrate();
  const rates = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const gateway = poster(GATEWAY_URL, bearer, SAVE_WORKERS);
  const mongo = await new RegionalMongo({ eu: env.MONGO_URL_EU, na: env.MONGO_URL_NA }).connect();
  const storeOnly = storeOnlySaver(mongo, uid);
  try {
    for (let r = 0; r < SAVE_ROUNDS; r += 1) {
      rates.gateway.push(await round('gateway', (a) => gateway.post(`/api/eu/agent/v2/agents/${a.ID}`, JSON.stringify(a))));
      rates.driver.push(await round('driver', (a) => agents.updateOne({ _id: a.ID }, { $set: { description: a.description } })));
      rates.store.push(await round('store', storeOnly));
    }
  } finally {
    gateway.close();
    await mongo.close();
  }
  // CPU ms per operation of each process beyond its background, the median round's (by total)
  const label = { gateway: 'save through the gateway', driver: 'driver updateOne', store: "save's store work alone" };
  const cpuMedian = {};
  for (const kind of kinds) {
    cpuMedian[kind] = cpu[kind].sort((a, b) => a.total - b.total)[Math.floor(SAVE_ROUNDS / 2)];
    console.log(`  CPU ms per ${label[kind]}: ${formatCpu(cpuMedian[kind])}`);
  }
  return { gateway: median(rates.gateway), driver: median(rates.driver), store: median(rates.store), cpu: cpuMedian };
}

async function guardedIncrements(db) {
  const counters = db.collection('bench_counters');
  const id = `balance-${randomBytes(4).toString('hex')}`;
  const start = Math.floor((INC_WORKERS * INC_ATTEMPTS_PER_WORKER * 3) / 4);
  await counters.insertOne({ _id: id, balance: start });
  let succeeded = 0;
  const t0 = now();
  await Promise.all(Array.from({ length: INC_WORKERS }, async () => {
    for (let i = 0; i < INC_ATTEMPTS_PER_WORKER; i += 1) {
      const res = await counters.updateOne({ _id: id, balance: { $gte: 1 } }, { $inc: { balance: -1 } });
      succeeded += res.modifiedCount;
    }
  }));
  const seconds = ms(now() - t0) / 1000;
  const { balance } = await counters.findOne({ _id: id });
  await counters.deleteOne({ _id: id });
  return { exact: balance === 0 && succeeded === start, balance, succeeded, start, rate: (INC_WORKERS * INC_ATTEMPTS_PER_WORKER) / seconds };
}

/** A kcat consumer of new-agent from `offset`; calls onAgent(agentId, publishedAtMs) per message, on arrival. */
function kcat(offset, onAgent) {
  const child = spawn('kcat', ['-C', '-b', BROKER, '-t', 'new-agent', '-o', offset, '-u', '-q', '-f', '%T\t%s\n'], { stdio: ['ignore', 'pipe', 'ignore'] });
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const tab = line.indexOf('\t');
    try {
      onAgent(JSON.parse(line.slice(tab + 1)).data.agent.ID, Number(line.slice(0, tab)));
    } catch {
      /* not an agent event of ours */
    }
  });
  return child;
}

async function waitUntil(condition, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function partnerLatency(uid) {
  const seenAt = new Map();
  const consumer = kcat('end', (id) => seenAt.set(id, now()));
  try {
    // ready once a probe agent's event arrives (kcat starts at the end of each partition)
    const probes = [];
    const deadline = Date.now() + 30_000;
    while (!probes.some((id) => seenAt.has(id))) {
      if (Date.now() > deadline) throw new Error('kcat saw none of the probe agents');
      probes.push((await createAgent(uid, 'Probe')).ID);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (err) {
    consumer.kill();
    throw err;
  }
  try {
    const createdAt = new Map();
    const t0 = now();
    await pool(BURST, BURST_CONCURRENCY, async (i) => {
      const agent = newAgentDraft({ title: `Burst ${i}`, ownerID: uid });
      await direct(uid, `${AGENT_URL}/v2/agents/${agent.ID}`, agent);
      createdAt.set(agent.ID, now());
    });
    const createdIn = ms(now() - t0) / 1000;
    const lastCreated = now();
    await waitUntil(() => [...createdAt.keys()].every((id) => seenAt.has(id)), 120_000, 'the burst to reach kcat');
    const latencies = [...createdAt].map(([id, at]) => ms(seenAt.get(id) - at)).sort((a, b) => a - b);
    const lastSeen = [...createdAt.keys()].reduce((max, id) => (seenAt.get(id) > max ? seenAt.get(id) : max), 0n);
    return { latencies, creationRate: BURST / createdIn, drainAfterLastCreate: Math.max(0, ms(lastSeen - lastCreated)) };
  } finally {
    consumer.kill();
  }
}

async function deps(action) {
  await run$('bash', [path.join(root, 'infra/scripts/deps.sh'), action, 'kafka'], { cwd: root, timeout: 180_000 });
}

async function kafkaOutage(uid) {
  const ids = [];
  await deps('stop');
  let readyAt;
  try {
    const until = Date.now() + OUTAGE_S * 1000;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (Date.now() < until) ids.push((await createAgent(uid, `During the outage ${ids.length}`)).ID);
    }));
  } finally {
    await deps('start');
    readyAt = Date.now();
    if (env.BENCH_TRACE) console.log("  kafka ready at", new Date(readyAt).toISOString());
  }
  const publishedAt = new Map();
  const wanted = new Set(ids);
  const consumer = kcat('beginning', (id, at) => wanted.has(id) && publishedAt.set(id, at));
  try {
    await waitUntil(() => publishedAt.size === wanted.size, 180_000, 'the events written during the outage');
  } finally {
    consumer.kill();
  }
  return { events: ids.length, caughtUpS: (Math.max(...publishedAt.values()) - readyAt) / 1000 };
}

const p95 = (xs) => percentile(xs, 95);

function listResults(list) {
  const ratio = p95(list.full) / p95(list.alone);
  return [
    {
      name: `list one workspace's ${LISTED_AGENTS} agents through the gateway, with 100,000 others in the collection, p50/p95`,
      value: `${percentile(list.gateway, 50).toFixed(1)} / ${p95(list.gateway).toFixed(1)} ms`,
      goal: 'p95 <= 50 ms',
      ok: p95(list.gateway) <= 50,
    },
    {
      name: 'the same listing query (driver), full collection vs the tenant alone, p95',
      value: `${p95(list.full).toFixed(1)} vs ${p95(list.alone).toFixed(1)} ms (${ratio.toFixed(2)}x)`,
      goal: '<= 2x',
      ok: ratio <= 2,
    },
  ];
}

function saveResults(save) {
  const saveShare = save.gateway / save.driver;
  const ceiling = save.store / save.driver;
  // With both cores busy a rate is the inverse of the CPU an operation costs: the CPU ratio is what a busy machine gives.
  const cpuShare = (kind) => `CPU per op ${save.cpu[kind].total.toFixed(1)} vs ${save.cpu.driver.total.toFixed(1)} ms, ${((100 * save.cpu.driver.total) / save.cpu[kind].total).toFixed(0)} %`;
  return [
    {
      name: 'agent saves/s through the gateway vs the raw driver updateOne',
      value: `${save.gateway.toFixed(0)} vs ${save.driver.toFixed(0)} (${(saveShare * 100).toFixed(0)} %; ${cpuShare('gateway')})`,
      goal: 'gateway >= 50 % of the driver',
      ok: saveShare >= 0.5,
    },
    {
      name: "a save's store work alone (the service's AgentStore.replace and VersionStore.add in this process, no HTTP) vs the raw driver updateOne",
      value: `${save.store.toFixed(0)} vs ${save.driver.toFixed(0)} (${(ceiling * 100).toFixed(0)} %; ${cpuShare('store')})`,
      goal: 'reported: the ceiling of the save goal for any save that keeps its version (ADR 0047)',
      ok: true,
    },
  ];
}

function incResult(inc) {
  return {
    name: `${INC_WORKERS} concurrent guarded $inc on one document (${INC_WORKERS * INC_ATTEMPTS_PER_WORKER} attempts on a balance of ${inc.start})`,
    value: `${inc.exact ? 'exact' : `NOT exact (balance ${inc.balance}, ${inc.succeeded} succeeded)`}, ${inc.rate.toFixed(0)}/s`,
    goal: 'exact, >= 1,000/s',
    ok: inc.exact && inc.rate >= 1000,
  };
}

function partnerResult(partner) {
  return {
    name: `partner latency, agent created -> new-agent at a kcat consumer, burst of ${BURST} creations, p50/p99`,
    value: `${percentile(partner.latencies, 50).toFixed(0)} / ${percentile(partner.latencies, 99).toFixed(0)} ms (created ${partner.creationRate.toFixed(0)}/s; last event ${partner.drainAfterLastCreate.toFixed(0)} ms after the last creation)`,
    goal: 'p99 < 500 ms',
    ok: percentile(partner.latencies, 99) < 500,
  };
}

function outageResult(outage) {
  return {
    name: `Kafka down ${OUTAGE_S} s while agents are created: last event published after the broker is back`,
    // The relay can be done before the start script's readiness poll sees the broker: then it says so, instead of a negative time.
    value:
      outage.caughtUpS >= 0
        ? `${outage.caughtUpS.toFixed(1)} s (${outage.events} events)`
        : `at once: the last of ${outage.events} events was on the topic ${(-outage.caughtUpS).toFixed(1)} s before Kafka's start script reported the broker ready`,
    goal: '<= 5 s',
    ok: outage.caughtUpS <= 5,
  };
}

async function run() {
  const client = await new MongoClient(env.MONGO_URL_EU ?? 'mongodb://127.0.0.1:27017/platform_eu').connect();
  const gateway = await startGateway();
  try {
    const db = client.db();
    const agents = db.collection(COLLECTIONS.agents);
    console.log(`  background population (${BACKGROUND_WORKSPACES * AGENTS_PER_BACKGROUND_WORKSPACE} agents of ${BACKGROUND_WORKSPACES} workspaces): ${await seedBackground(agents)}`);
    console.log(`  agents in the collection: ${await agents.estimatedDocumentCount()}`);
    const { uid, secret } = await workspaceForBench();
    const bearer = { authorization: `Bearer ${secret}` };

    const results = [];
    if (parts.includes('list')) results.push(...listResults(await listing(client, agents, uid, bearer)));
    if (parts.includes('saves')) results.push(...saveResults(await saves(agents, uid, bearer, cpuMeter(gateway))));
    if (parts.includes('inc')) results.push(incResult(await guardedIncrements(db)));
    if (parts.includes('partner')) results.push(partnerResult(await partnerLatency(uid)));
    if (parts.includes('outage')) results.push(outageResult(await kafkaOutage(uid)));
    return results;
  } finally {
    gateway.kill();
    await client.close();
  }
}

module.exports = { run };

// Channel webhook ingestion (issue 9), against the running platform (`make bench` starts it):
// Telegram updates posted through the gateway to channels, each acknowledged only once Kafka
// has it, against a bare node:http server answering 200 on the same machine, in the same run.
// Goals: >= 25 % of the bare server's requests/s, p99 < 100 ms at that load, and zero loss:
// every acknowledged update is on channels.inbound-messages exactly once.
const http = require('node:http');
const { fork, spawn } = require('node:child_process');
const readline = require('node:readline');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const pino = require('pino');
const { createApp, createKafka, createLogger, serviceRouter, signForwarded } = require('../services/kit/dist');
const { TOPICS } = require('../contracts/dist');
const { GATEWAY_URL, createAgents, json, percentile, root, startGateway, workspaceForBench } = require('./platform');

const env = process.env;
const TELEGRAM_URL = env.TELEGRAM_API_BASE ?? `http://127.0.0.1:${env.TELEGRAM_SANDBOX_PORT ?? 4110}`;
const CONCURRENCY = 32;
const DURATION_MS = Number(env.BENCH_WEBHOOK_MS ?? 5000);
/** Load before the measured rounds, not measured: each path's code is compiled and its connections open, as in a process that has been serving. */
const WARM_UP_MS = Number(env.BENCH_WEBHOOK_WARM_UP_MS ?? 3000);
const ROUNDS = 2;
const CHATS = 64;
/**
 * BENCH_WEBHOOK_SCENARIOS=paused,nice,equal (all by default). The first one run is judged
 * against the goal: by default ingestion with the runtime's consumers paused during the burst
 * (they answer everything after it), as production scales channels and the runtime apart (ADR 0034).
 */
const SCENARIOS = (env.BENCH_WEBHOOK_SCENARIOS ?? 'paused,nice,equal').split(',');
/** The runtime's processes (services.sh pid files): the agent answers, billing and notification consume every message too. */
const RUNTIME_PROCESSES = ['agent', 'billing', 'notification'];
/** How long the runtime may stay silent while answering the backlog before the bench gives up on it. */
const ANSWER_STALL_MS = 60_000;
/** BENCH_WEBHOOK_ANSWERS=skip: ingestion only (e.g. CPU per update before/after), without waiting minutes for the runtime to answer the backlog. */
const WAIT_FOR_ANSWERS = env.BENCH_WEBHOOK_ANSWERS !== 'skip';

/** Keeps CONCURRENCY requests in flight for `durationMs`; answers rate, sorted latencies and what was acknowledged. */
async function load(url, headers, bodyOf, durationMs = DURATION_MS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  const acknowledged = [];
  let failures = 0;
  let sequence = 0;
  const until = Date.now() + durationMs;
  const t0 = process.hrtime.bigint();
  const one = (body) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      });
      req.on('error', () => resolve({ status: 0, ms: 0 }));
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const n = sequence++;
        const { status, ms } = await one(bodyOf(n));
        if (status === 200) {
          latencies.push(ms);
          acknowledged.push(n);
        } else failures += 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  return { rate: acknowledged.length / seconds, latencies: latencies.sort((a, b) => a - b), acknowledged, failures };
}

const TICKS_PER_SECOND = 100;
const ticksOf = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
};

/**
 * CPU time used so far by each process of the platform (services.sh and deps.sh pid files, the
 * bench's gateway, this process), with their children (PostgreSQL's backends). CPU per
 * webhook does not depend on what else the machine runs, unlike requests/s: it says where the
 * time goes. Linux only; empty elsewhere.
 */
function platformCpu(named) {
  if (!fs.existsSync('/proc/self/stat')) return {};
  const runDir = path.join(root, '.run');
  const pids = { ...named };
  for (const file of fs.existsSync(runDir) ? fs.readdirSync(runDir) : []) {
    if (file.endsWith('.pid')) pids[file.replace(/^svc-/, '').replace(/\.pid$/, '')] = Number(fs.readFileSync(path.join(runDir, file), 'utf8'));
  }
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) && ticksOf(entry);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.ticks]);
  }
  const seconds = {};
  for (const [name, pid] of Object.entries(pids)) {
    const own = ticksOf(pid);
    if (!own) continue;
    seconds[name] = (own.ticks + (name === 'postgres' ? (children.get(pid) ?? []).reduce((a, b) => a + b, 0) : 0)) / TICKS_PER_SECOND;
  }
  return seconds;
}

const pidOf = (name) => {
  const file = path.join(root, '.run', `svc-${name}.pid`);
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : undefined;
};

/** The bench number in an update's text (`bench <runId> <n>`), or in the sandbox LLM's echo of it. */
function benchNumber(runId, text) {
  const match = new RegExp(`bench ${runId} (\\d+)`).exec(text ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Waits until the runtime has answered every acknowledged update, or has sent nothing new for
 * ANSWER_STALL_MS. The bot's replies (as the Telegram sandbox recorded them) are counted per
 * chat: each chat's first message (its hello) and each of its updates get one reply. A reply
 * echoes its update's text (the sandbox LLM), unless the workspace's credits ran out (then it
 * says so), so the echoes also show that no update was answered twice.
 */
async function answersAfterBurst(botId, runId, acknowledged, chats) {
  const expected = new Map();
  for (const n of acknowledged) expected.set(1000 + (n % chats), (expected.get(1000 + (n % chats)) ?? 1) + 1);
  const started = Date.now();
  let last = { sent: -1, at: Date.now() };
  for (;;) {
    const { messages } = await (await fetch(`${TELEGRAM_URL}/sandbox/bots/${botId}/sent`)).json();
    const perChat = new Map();
    const echoes = new Map();
    for (const { chat, text } of messages) {
      perChat.set(chat.id, (perChat.get(chat.id) ?? 0) + 1);
      const n = benchNumber(runId, text);
      if (n !== undefined) echoes.set(n, (echoes.get(n) ?? 0) + 1);
    }
    const answered = [...expected].reduce((sum, [chat, replies]) => sum + Math.min(replies, perChat.get(chat) ?? 0) - 1, 0);
    const twice = [...expected].filter(([chat, replies]) => (perChat.get(chat) ?? 0) > replies).length + [...echoes.values()].filter((c) => c > 1).length;
    const result = { answered, twice, echoed: echoes.size, seconds: (Date.now() - started) / 1000 };
    if (answered === acknowledged.length) return result;
    if (messages.length !== last.sent) last = { sent: messages.length, at: Date.now() };
    else if (Date.now() - last.at > ANSWER_STALL_MS) return result;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** CPU ms per acknowledged webhook by process, the largest first. */
function cpuPerWebhook(before, after, webhooks) {
  return Object.keys(after)
    .map((name) => [name, ((after[name] - (before[name] ?? after[name])) * 1000) / webhooks])
    .filter(([, ms]) => ms >= 0.005)
    .sort((a, b) => b[1] - a[1]);
}

async function bareServer() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const KIT_SIGNING_SECRET = 'bench-kit-signing-secret';
const KIT_PATH = '/bench/empty';

/**
 * The kit's cost alone: a service app (createApp, its one public route answering 200 at once)
 * with every layer a service request goes through (request id, request log at info, metrics,
 * security headers, body read and digested, the gateway's signature checked, the route table),
 * in this process like the bare server, so the two compare.
 */
async function kitServer() {
  const logger = createLogger('bench-kit', 'info', pino.destination({ dest: '/dev/null', sync: false }));
  const routes = serviceRouter({
    routes: [
      {
        operationId: 'benchEmpty',
        method: 'post',
        path: KIT_PATH,
        summary: 'answers at once',
        access: 'public',
        success: { status: 200, description: '{ok: true}' },
        handler: async (_req, res) => void res.json({ ok: true }),
      },
    ],
    authorizer: {},
    openApi: { title: 'bench', description: 'bench', tag: 'bench' },
    signingSecret: KIT_SIGNING_SECRET,
  });
  const server = http.createServer(createApp({ name: 'bench-kit', logger, routes }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const CEILING_TOPIC = 'bench.ingestion-ceiling';

/**
 * The least any ingestion design does (ADR 0047), as two forked servers: node:http → Kafka
 * → 200 in one process (bench/ingestion-ceiling.js), and the same behind a bare node:http hop
 * (the gateway's place). Their topic has the inbound topic's partitions.
 */
async function ceilingServers() {
  const admin = createKafka({ clientId: 'bench-webhooks', brokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), logger: createLogger('bench-webhooks', 'error') }).admin();
  await admin.connect();
  try {
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: CEILING_TOPIC, numPartitions: TOPICS.channelInboundMessages.partitions, replicationFactor: 1 }] });
  } finally {
    await admin.disconnect();
  }
  const start = (...args) =>
    new Promise((resolve, reject) => {
      const child = fork(path.join(__dirname, 'ingestion-ceiling.js'), args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      child.once('message', (port) => resolve({ child, port }));
      child.once('exit', (code) => reject(new Error(`ingestion-ceiling.js ${args[0]} exited with ${code}`)));
    });
  const kafka = await start('kafka', CEILING_TOPIC);
  const proxy = await start('proxy', String(kafka.port));
  return {
    kafkaUrl: `http://127.0.0.1:${kafka.port}/`,
    proxyUrl: `http://127.0.0.1:${proxy.port}/`,
    stop: () => [kafka, proxy].forEach(({ child }) => child.kill()),
  };
}

/**
 * The keys and values on the topic from `sinceMs` on whose key starts with `keyPrefix`, read with
 * kcat as a partner would; line by line, as a local broker that ran many benches holds far more
 * than a buffer of the whole topic.
 */
async function topicRecords(topic, sinceMs, keyPrefix) {
  const kcat = spawn('kcat', ['-C', '-b', (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',')[0], '-t', topic, '-o', `s@${sinceMs}`, '-e', '-q', '-f', '%k\t%s\n'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const timer = setTimeout(() => kcat.kill(), 120_000);
  const exited = new Promise((resolve) => kcat.once('close', resolve));
  const records = [];
  for await (const line of readline.createInterface({ input: kcat.stdout })) {
    const tab = line.indexOf('\t');
    if (tab > 0 && line.startsWith(keyPrefix)) records.push([line.slice(0, tab), line.slice(tab + 1)]);
  }
  const code = await exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`kcat exited with ${code}`);
  return records;
}

async function run() {
  const gateway = await startGateway();
  const bare = await bareServer();
  const kit = await kitServer();
  let ceiling;
  try {
    ceiling = await ceilingServers();
    const { uid, secret } = await workspaceForBench();
    const [agent] = await createAgents(uid, 1, 'Webhooks');
    const botId = String(8_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
    const token = `${botId}:${randomBytes(27).toString('base64url').slice(0, 35)}`;
    await json(`${GATEWAY_URL}/api/eu/channels/procedures/connectTelegram`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
      body: JSON.stringify({ agentId: agent.ID, token }),
    });
    const { secret_token: secretToken } = await (await fetch(`${TELEGRAM_URL}/sandbox/bots/${botId}/webhook`)).json();
    // The bench's CHATS chats write to the bot first, as real users do: the runtime's replies then
    // reach a chat that exists instead of failing and being retried behind the ingestion.
    await Promise.all(
      Array.from({ length: CHATS }, (_, chat) =>
        json(`${TELEGRAM_URL}/sandbox/bots/${botId}/messages`, { method: 'POST', body: JSON.stringify({ chatId: 1000 + chat, text: 'hello' }) }),
      ),
    );
    const webhook = `${GATEWAY_URL}/api/eu/agent/v2/agents/${agent.ID}/telegram-webhook`;
    const runId = Date.now();
    // CHATS chats, so the updates spread over the topic's partitions as real conversations do.
    const update = (n) => JSON.stringify({ update_id: runId * 1000 + n, message: { message_id: n, date: 1, chat: { id: 1000 + (n % CHATS), type: 'private' }, text: `bench ${runId} ${n}` } });

    // One body signed once: the signature stays valid for the round (the kit allows 60 s).
    const kitBody = update(0);
    const kitUrl = `http://127.0.0.1:${kit.address().port}${KIT_PATH}`;
    const bareUrl = `http://127.0.0.1:${bare.address().port}/`;
    let offset = 0;
    const warmedUp = [];
    /** Unmeasured load on every path first; its acknowledged updates are checked like the rest. */
    const warmUp = async () => {
      const base = offset;
      const result = await load(webhook, { 'x-telegram-bot-api-secret-token': secretToken }, (n) => update(base + n), WARM_UP_MS);
      offset += result.acknowledged.length + result.failures + CONCURRENCY;
      warmedUp.push(...result.acknowledged.map((n) => base + n));
      for (const url of [bareUrl, ceiling.kafkaUrl, ceiling.proxyUrl]) await load(url, {}, update, WARM_UP_MS);
      const signed = signForwarded({ identity: { kind: 'anonymous' }, region: 'eu' }, KIT_SIGNING_SECRET, { method: 'POST', path: KIT_PATH, body: kitBody });
      await load(kitUrl, signed, () => kitBody, WARM_UP_MS);
    };
    /** ROUNDS of: webhooks through the gateway, the bare server, the empty kit route; CPU by process over the gateway rounds. */
    const measure = async () => {
      const gatewayRuns = [];
      const bareRuns = [];
      const kitRuns = [];
      const ceilingRuns = [];
      const ceilingBehindHopRuns = [];
      const cpu = { spent: {}, webhooks: 0 };
      for (let round = 0; round < ROUNDS; round += 1) {
        const base = offset;
        const before = platformCpu({ 'bench gateway': gateway.pid, 'bench client': process.pid });
        const result = await load(webhook, { 'x-telegram-bot-api-secret-token': secretToken }, (n) => update(base + n));
        for (const [name, ms] of cpuPerWebhook(before, platformCpu({ 'bench gateway': gateway.pid, 'bench client': process.pid }), 1)) cpu.spent[name] = (cpu.spent[name] ?? 0) + ms;
        cpu.webhooks += result.acknowledged.length;
        offset += result.acknowledged.length + result.failures + CONCURRENCY;
        result.acknowledged = result.acknowledged.map((n) => base + n);
        gatewayRuns.push(result);
        bareRuns.push(await load(bareUrl, {}, update));
        const signed = signForwarded({ identity: { kind: 'anonymous' }, region: 'eu' }, KIT_SIGNING_SECRET, { method: 'POST', path: KIT_PATH, body: kitBody });
        kitRuns.push(await load(kitUrl, signed, () => kitBody));
        ceilingRuns.push(await load(ceiling.kafkaUrl, {}, update));
        ceilingBehindHopRuns.push(await load(ceiling.proxyUrl, {}, update));
      }
      const best = (runs) => runs.reduce((a, b) => (b.rate > a.rate ? b : a));
      const perWebhook = Object.entries(cpu.spent)
        .map(([name, ms]) => [name, ms / Math.max(1, cpu.webhooks)])
        .sort((a, b) => b[1] - a[1]);
      return {
        viaGateway: best(gatewayRuns),
        bareRate: best(bareRuns).rate,
        kitRate: best(kitRuns).rate,
        ceilingRate: best(ceilingRuns).rate,
        ceilingBehindHopRate: best(ceilingBehindHopRuns).rate,
        acknowledged: gatewayRuns.flatMap((r) => r.acknowledged),
        failures: gatewayRuns.reduce((sum, r) => sum + r.failures, 0),
        perWebhook,
        totalCpu: perWebhook.reduce((sum, [, ms]) => sum + ms, 0),
      };
    };

    // The runtime (agent answering, billing and notification consuming) shares the bench's two
    // cores with ingestion; in production they are scaled apart. Each treatment lasts its
    // scenario (gateway, bare and kit rounds alike), and the runtime answers everything after.
    const runtime = RUNTIME_PROCESSES.map((name) => [name, pidOf(name)]).filter(([, pid]) => pid);
    await warmUp();
    const treatments = [
      { key: 'paused', label: 'runtime paused, answering after the burst', start: () => runtime.forEach(([, pid]) => process.kill(pid, 'SIGSTOP')), stop: () => runtime.forEach(([, pid]) => process.kill(pid, 'SIGCONT')) },
      { key: 'nice', label: 'runtime at CPU priority 19', start: () => runtime.forEach(([, pid]) => os.setPriority(pid, 19)), stop: () => runtime.forEach(([, pid]) => os.setPriority(pid, 0)) },
      { key: 'equal', label: 'runtime answering at equal priority', start: () => undefined, stop: () => undefined },
    ];
    const scenarios = SCENARIOS.map((key) => treatments.find((t) => t.key === key)).filter(Boolean);
    const results = [];
    for (const scenario of scenarios) {
      scenario.start();
      try {
        results.push({ scenario, ...(await measure()) });
      } finally {
        scenario.stop();
      }
    }

    const acknowledged = [...warmedUp, ...results.flatMap((r) => r.acknowledged)];
    const onTopic = new Map();
    for (const [, value] of await topicRecords('channels.inbound-messages', runId, `${agent.ID}:`)) {
      const { data } = JSON.parse(value);
      const n = benchNumber(runId, data.text);
      if (n !== undefined) onTopic.set(n, (onTopic.get(n) ?? 0) + 1);
    }
    const lost = acknowledged.filter((n) => !onTopic.has(n)).length;
    const duplicated = [...onTopic.values()].filter((copies) => copies > 1).length;
    const answers = WAIT_FOR_ANSWERS ? await answersAfterBurst(botId, runId, acknowledged, CHATS) : undefined;
    const failures = results.reduce((sum, r) => sum + r.failures, 0);

    const rows = [];
    for (const [i, r] of results.entries()) {
      const ratio = r.viaGateway.rate / r.bareRate;
      const p99 = percentile(r.viaGateway.latencies, 99);
      // The first scenario is the headline: the issue's goal is judged on it (ADR 0034).
      const judged = i === 0;
      const tag = `(${r.scenario.label})`;
      rows.push(
        {
          name: `webhook ingestion through the gateway, acked after Kafka, vs bare node:http (req/s) ${tag}`,
          value: `${r.viaGateway.rate.toFixed(0)} vs ${r.bareRate.toFixed(0)} (${(ratio * 100).toFixed(0)} %)`,
          goal: judged ? '>= 25 %' : 'reported',
          ok: !judged || ratio >= 0.25,
        },
        {
          name: `webhook ingestion p50/p99 at that load ${tag}`,
          value: `${percentile(r.viaGateway.latencies, 50).toFixed(1)} / ${p99.toFixed(1)} ms`,
          goal: judged ? 'p99 < 100 ms' : 'reported',
          ok: !judged || p99 < 100,
        },
        {
          name: `an empty kit route (every layer of a service request) vs bare node:http, same process (req/s) ${tag}`,
          value: `${r.kitRate.toFixed(0)} vs ${r.bareRate.toFixed(0)} (${((r.kitRate / r.bareRate) * 100).toFixed(0)} %)`,
          goal: 'reported (the kit middleware cost)',
          ok: true,
        },
        {
          name: `the least any ingestion does: node:http → Kafka (acks all) → 200 in one process, alone and behind a bare node:http hop, vs bare node:http (req/s) ${tag}`,
          value: `${r.ceilingRate.toFixed(0)} (${((r.ceilingRate / r.bareRate) * 100).toFixed(0)} %) and ${r.ceilingBehindHopRate.toFixed(0)} (${((r.ceilingBehindHopRate / r.bareRate) * 100).toFixed(0)} %) vs ${r.bareRate.toFixed(0)}`,
          goal: 'reported: the ceiling of the ingestion goal, with no verification, log, budget or header (ADR 0047)',
          ok: true,
        },
        {
          name: `webhook CPU ms per acknowledged update, by process, during the gateway rounds ${tag}`,
          value: `${r.totalCpu.toFixed(2)} in all: ${r.perWebhook.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ')}`,
          goal: 'where the time goes',
          ok: true,
        },
      );
    }
    rows.push({
      name: 'webhook updates acknowledged / on the topic / duplicated / refused (all scenarios)',
      value: `${acknowledged.length} / ${acknowledged.length - lost} / ${duplicated} / ${failures}`,
      goal: 'zero loss, once each',
      ok: lost === 0 && duplicated === 0 && failures === 0,
    });
    rows.push(
      answers
        ? {
            name: 'acknowledged updates answered by the runtime / answered twice, after the burst',
            value: `${answers.answered} / ${answers.twice} (${answers.echoed} echoed, the rest told the credits ran out; last ${answers.seconds.toFixed(0)} s after the burst)`,
            goal: 'every update answered once',
            ok: answers.answered === acknowledged.length && answers.twice === 0,
          }
        : { name: 'acknowledged updates answered by the runtime', value: 'not waited for (BENCH_WEBHOOK_ANSWERS=skip)', goal: 'every update answered once', ok: true },
    );
    return rows;
  } finally {
    ceiling?.stop();
    bare.close();
    kit.close();
    gateway.kill();
  }
}

module.exports = { run };

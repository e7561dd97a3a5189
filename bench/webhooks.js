// Channel webhook ingestion (issue 9), against the running platform (`make bench` starts it):
// Telegram updates posted through the gateway to channels, each acknowledged only once Kafka
// has it, against a bare node:http server answering 200 on the same machine, in the same run.
// Goals: >= 25 % of the bare server's requests/s, p99 < 100 ms at that load, and zero loss:
// every acknowledged update is on channels.inbound-messages exactly once.
const http = require('node:http');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const pino = require('pino');
const { createApp, createLogger, serviceRouter, signForwarded } = require('../services/kit/dist');
const { GATEWAY_URL, createAgents, json, percentile, root, startGateway, workspaceForBench } = require('./platform');

const env = process.env;
const TELEGRAM_URL = env.TELEGRAM_API_BASE ?? `http://127.0.0.1:${env.TELEGRAM_SANDBOX_PORT ?? 4110}`;
const CONCURRENCY = 32;
const DURATION_MS = Number(env.BENCH_WEBHOOK_MS ?? 5000);
const ROUNDS = 2;

/** Keeps CONCURRENCY requests in flight for DURATION_MS; answers rate, sorted latencies and what was acknowledged. */
async function load(url, headers, bodyOf) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  const acknowledged = [];
  let failures = 0;
  let sequence = 0;
  const until = Date.now() + DURATION_MS;
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

/** Every key and value on the topic, read with kcat as a partner would. */
async function topicRecords(topic) {
  const { stdout } = await promisify(execFile)('kcat', ['-C', '-b', (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',')[0], '-t', topic, '-o', 'beginning', '-e', '-q', '-f', '%k\t%s\n'], {
    maxBuffer: 512 * 1024 * 1024,
    timeout: 120_000,
  });
  return stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
}

async function run() {
  const gateway = await startGateway();
  const bare = await bareServer();
  const kit = await kitServer();
  try {
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
    // The bench's 64 chats write to the bot first, as real users do: the runtime's replies then
    // reach a chat that exists instead of failing and being retried behind the ingestion.
    await Promise.all(
      Array.from({ length: 64 }, (_, chat) =>
        json(`${TELEGRAM_URL}/sandbox/bots/${botId}/messages`, { method: 'POST', body: JSON.stringify({ chatId: 1000 + chat, text: 'hello' }) }),
      ),
    );
    const webhook = `${GATEWAY_URL}/api/eu/agent/v2/agents/${agent.ID}/telegram-webhook`;
    const runId = Date.now();
    // 64 chats, so the updates spread over the topic's partitions as real conversations do.
    const update = (n) => JSON.stringify({ update_id: runId * 1000 + n, message: { message_id: n, date: 1, chat: { id: 1000 + (n % 64), type: 'private' }, text: `bench ${runId} ${n}` } });

    const gatewayRuns = [];
    const bareRuns = [];
    const kitRuns = [];
    // One body signed once: the signature stays valid for the round (the kit allows 60 s).
    const kitBody = update(0);
    const kitUrl = `http://127.0.0.1:${kit.address().port}${KIT_PATH}`;
    const cpu = { spent: {}, webhooks: 0 };
    let offset = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const base = offset;
      const before = platformCpu({ 'bench gateway': gateway.pid, 'bench client': process.pid });
      const result = await load(webhook, { 'x-telegram-bot-api-secret-token': secretToken }, (n) => update(base + n));
      for (const [name, ms] of cpuPerWebhook(before, platformCpu({ 'bench gateway': gateway.pid, 'bench client': process.pid }), 1)) cpu.spent[name] = (cpu.spent[name] ?? 0) + ms;
      cpu.webhooks += result.acknowledged.length;
      offset += result.acknowledged.length + result.failures + CONCURRENCY;
      result.acknowledged = result.acknowledged.map((n) => base + n);
      gatewayRuns.push(result);
      bareRuns.push(await load(`http://127.0.0.1:${bare.address().port}/`, {}, update));
      const signed = signForwarded({ identity: { kind: 'anonymous' }, region: 'eu' }, KIT_SIGNING_SECRET, { method: 'POST', path: KIT_PATH, body: kitBody });
      kitRuns.push(await load(kitUrl, signed, () => kitBody));
    }
    const best = (runs) => runs.reduce((a, b) => (b.rate > a.rate ? b : a));
    const viaGateway = best(gatewayRuns);
    const bareRate = best(bareRuns).rate;
    const kitRate = best(kitRuns).rate;

    const acknowledged = gatewayRuns.flatMap((r) => r.acknowledged.map((n) => `${runId * 1000 + n}`));
    const onTopic = new Map();
    for (const [key, value] of await topicRecords('channels.inbound-messages')) {
      if (!key.startsWith(`${agent.ID}:`)) continue;
      const { id, data } = JSON.parse(value);
      if (!data.text.startsWith(`bench ${runId} `)) continue;
      onTopic.set(id, (onTopic.get(id) ?? 0) + 1);
    }
    const copies = [...onTopic.values()];
    const lost = acknowledged.length - onTopic.size;
    const duplicated = copies.filter((n) => n > 1).length;
    const failures = gatewayRuns.reduce((sum, r) => sum + r.failures, 0);
    const ratio = viaGateway.rate / bareRate;
    const p99 = percentile(viaGateway.latencies, 99);
    const perWebhook = Object.entries(cpu.spent)
      .map(([name, ms]) => [name, ms / Math.max(1, cpu.webhooks)])
      .sort((a, b) => b[1] - a[1]);
    const totalCpu = perWebhook.reduce((sum, [, ms]) => sum + ms, 0);
    return [
      {
        name: 'webhook ingestion through the gateway, acked after Kafka, vs bare node:http (req/s)',
        value: `${viaGateway.rate.toFixed(0)} vs ${bareRate.toFixed(0)} (${(ratio * 100).toFixed(0)} %)`,
        goal: '>= 25 %',
        ok: ratio >= 0.25,
      },
      {
        name: 'an empty kit route (every layer of a service request) vs bare node:http, same process (req/s)',
        value: `${kitRate.toFixed(0)} vs ${bareRate.toFixed(0)} (${((kitRate / bareRate) * 100).toFixed(0)} %)`,
        goal: 'reported (the kit middleware cost)',
        ok: true,
      },
      { name: 'webhook ingestion p50/p99 at that load', value: `${percentile(viaGateway.latencies, 50).toFixed(1)} / ${p99.toFixed(1)} ms`, goal: 'p99 < 100 ms', ok: p99 < 100 },
      {
        name: 'webhook updates acknowledged / on the topic / duplicated / refused',
        value: `${acknowledged.length} / ${onTopic.size} / ${duplicated} / ${failures}`,
        goal: 'zero loss, once each',
        ok: lost === 0 && duplicated === 0 && failures === 0,
      },
      {
        name: 'webhook CPU ms per acknowledged update, by process, during the gateway rounds (informational)',
        value: `${totalCpu.toFixed(2)} in all: ${perWebhook.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ')}`,
        goal: 'where the time goes',
        ok: true,
      },
    ];
  } finally {
    bare.close();
    kit.close();
    gateway.kill();
  }
}

module.exports = { run };

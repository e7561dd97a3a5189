// Agent service benchmarks (issue 4), against the running platform (`make bench` starts it):
// - save throughput through the gateway and directly to the agent service, interleaved in
//   the same run so the ratio measures the gateway, not the machine (goal: gateway >= 60 %);
// - p99 latency of listing a workspace that holds 1,000 agents, through the gateway.
// It starts its own gateway process on a spare port with the rate limits raised, so the
// limiter (which would answer 429 to a benchmark) is not what gets measured.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { newAgentDraft } = require('../contracts/dist');
const { signForwarded } = require('../services/kit/dist');

const root = path.resolve(__dirname, '..');
const env = process.env;
const AGENT_URL = `http://127.0.0.1:${env.PORT_AGENT ?? 4002}`;
const INBOX_URL = `http://127.0.0.1:${env.MAIL_WEB_PORT ?? 1080}`;
const BENCH_GATEWAY_PORT = Number(env.BENCH_GATEWAY_PORT ?? 18181);
const GATEWAY_URL = `http://127.0.0.1:${BENCH_GATEWAY_PORT}`;
const SAVES_PER_ROUND = 100;
const ROUNDS = 4;
const CONCURRENCY = 8;
const LIST_AGENTS = 1000;
const LIST_REQUESTS = 200;

async function startGateway() {
  const child = spawn('node', [path.join(root, 'gateway/dist/main.js')], {
    env: { ...env, PORT: String(BENCH_GATEWAY_PORT), RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_CREDENTIAL: '1000000', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${GATEWAY_URL}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('bench gateway did not start');
}

async function json(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.message ?? ''}`);
  return { res, body };
}

/** Signs a fresh person in with an e-mailed code and returns their EU workspace uid and secret. */
async function workspaceForBench() {
  const email = `bench.${Date.now()}@bench.example.com`;
  await json(`${GATEWAY_URL}/api/workspace/v2/auth/code`, { method: 'POST', body: JSON.stringify({ email }) });
  let code;
  for (let i = 0; i < 100 && !code; i += 1) {
    const mails = await (await fetch(`${INBOX_URL}/email`)).json();
    const mine = mails.find((m) => m.to.some((t) => t.address === email));
    code = mine && /sign-in code is ([A-Za-z0-9]+)/.exec(mine.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const { res } = await json(`${GATEWAY_URL}/api/workspace/v2/auth/verify`, { method: 'POST', body: JSON.stringify({ email, code }) });
  const cookie = res.headers.get('set-cookie').split(';')[0];
  const { body } = await json(`${GATEWAY_URL}/api/workspace/v2/auth/session`, { headers: { cookie } });
  const own = body.workspaces.find((w) => w.isOwn && w.region === 'eu');
  return { uid: own.uid, secret: own.secret };
}

function directHeaders(uid) {
  return signForwarded({ identity: { kind: 'workspace', workspaceId: uid, region: 'eu' }, region: 'eu' }, env.INTERNAL_SIGNING_SECRET);
}

async function createAgents(uid, count, title) {
  const agents = [];
  for (let i = 0; i < count; i += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, k) => newAgentDraft({ title: `${title} ${i + k}`, ownerID: uid }));
    await Promise.all(batch.map((a) => json(`${AGENT_URL}/v2/agents/${a.ID}`, { method: 'POST', headers: directHeaders(uid), body: JSON.stringify(a) })));
    agents.push(...batch);
  }
  return agents;
}

/** Each worker saves its own agent repeatedly (saves of one agent are serialised by design). */
async function saveRound(agents, urlOf, headers) {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    agents.map(async (agent) => {
      while (next < SAVES_PER_ROUND) {
        next += 1;
        agent.description = `saved ${next}`;
        await json(urlOf(agent), { method: 'POST', headers, body: JSON.stringify(agent) });
      }
    }),
  );
  return SAVES_PER_ROUND / (Number(process.hrtime.bigint() - started) / 1e9);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run() {
  const gateway = await startGateway();
  try {
    const { uid, secret } = await workspaceForBench();
    const bearer = { authorization: `Bearer ${secret}` };
    const workers = await createAgents(uid, CONCURRENCY, 'Throughput');
    const reread = async (a) => Object.assign(a, (await json(`${AGENT_URL}/v2/agents/${a.ID}`, { headers: directHeaders(uid) })).body.agent);
    await Promise.all(workers.map(reread));

    const rates = { gateway: [], direct: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      rates.gateway.push(await saveRound(workers, (a) => `${GATEWAY_URL}/api/eu/agent/v2/agents/${a.ID}`, bearer));
      rates.direct.push(await saveRound(workers, (a) => `${AGENT_URL}/v2/agents/${a.ID}`, directHeaders(uid)));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const viaGateway = median(rates.gateway);
    const direct = median(rates.direct);

    await createAgents(uid, LIST_AGENTS - CONCURRENCY, 'Listed');
    const latencies = [];
    for (let i = 0; i < LIST_REQUESTS; i += 1) {
      const t0 = process.hrtime.bigint();
      const { body } = await json(`${GATEWAY_URL}/api/eu/agent/v2/agents`, { headers: bearer });
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (body.agents.length !== LIST_AGENTS) throw new Error(`listed ${body.agents.length} agents, expected ${LIST_AGENTS}`);
    }
    latencies.sort((a, b) => a - b);

    return [
      {
        name: 'agent saves/s through the gateway vs direct',
        value: `${viaGateway.toFixed(0)} vs ${direct.toFixed(0)} (${((viaGateway / direct) * 100).toFixed(0)} %)`,
        goal: 'gateway >= 60 % of direct',
        ok: viaGateway / direct >= 0.6,
      },
      {
        name: `list ${LIST_AGENTS} agents through the gateway, p50/p99`,
        value: `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} ms`,
        goal: 'reported',
        ok: true,
      },
    ];
  } finally {
    gateway.kill();
  }
}

module.exports = { run };

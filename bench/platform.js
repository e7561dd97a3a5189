// What the benchmarks share: a gateway of their own (rate limits raised, so the limiter is
// not what gets measured), a signed-in workspace, agent creation straight to the service.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { newAgentDraft } = require('../contracts/dist');
const { signForwarded } = require('../services/kit/dist');

const root = path.resolve(__dirname, '..');
const env = process.env;
const AGENT_URL = `http://127.0.0.1:${env.PORT_AGENT ?? 4002}`;
const BILLING_URL = `http://127.0.0.1:${env.PORT_BILLING ?? 4005}`;
const INBOX_URL = `http://127.0.0.1:${env.MAIL_WEB_PORT ?? 1080}`;
const BENCH_GATEWAY_PORT = Number(env.BENCH_GATEWAY_PORT ?? 18181);
const GATEWAY_URL = `http://127.0.0.1:${BENCH_GATEWAY_PORT}`;
const CONCURRENCY = 8;

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
  // A free workspace may hold 2 agents: the benchmarks' workspace is on an enterprise plan.
  const planPath = `/internal/plans/${own.uid}`;
  const planBody = JSON.stringify({ plan: 'enterprise' });
  const planHeaders = signForwarded({ identity: { kind: 'gateway' }, region: 'eu' }, env.INTERNAL_SIGNING_SECRET, { method: 'POST', path: planPath, body: planBody });
  await json(`${BILLING_URL}${planPath}`, { method: 'POST', headers: planHeaders, body: planBody });
  return { uid: own.uid, secret: own.secret };
}

/** Headers of a request straight to a service as the workspace secret, signed as the gateway signs: for this method, path and body. */
function directHeaders(uid, method, url, body) {
  const { pathname, search } = new URL(url);
  return signForwarded({ identity: { kind: 'workspace', workspaceId: uid, region: 'eu' }, region: 'eu' }, env.INTERNAL_SIGNING_SECRET, { method, path: pathname + search, body });
}

/** A request straight to a service (JSON body), signed by directHeaders. */
function direct(uid, url, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const method = payload === undefined ? 'GET' : 'POST';
  return json(url, { method, headers: directHeaders(uid, method, url, payload), body: payload });
}

async function createAgents(uid, count, title) {
  const agents = [];
  for (let i = 0; i < count; i += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, k) => newAgentDraft({ title: `${title} ${i + k}`, ownerID: uid }));
    await Promise.all(batch.map((a) => direct(uid, `${AGENT_URL}/v2/agents/${a.ID}`, a)));
    agents.push(...batch);
  }
  return agents;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

module.exports = { AGENT_URL, CONCURRENCY, GATEWAY_URL, createAgents, direct, directHeaders, json, percentile, root, startGateway, workspaceForBench };

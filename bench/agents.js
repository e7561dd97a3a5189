// Agent service benchmarks (issue 4), against the running platform (`make bench` starts it):
// - save throughput through the gateway and directly to the agent service, interleaved in
//   the same run so the ratio measures the gateway, not the machine (goal: gateway >= 60 %);
// - p99 latency of listing a workspace that holds 1,000 agents, through the gateway.
// It starts its own gateway process on a spare port with the rate limits raised, so the
// limiter (which would answer 429 to a benchmark) is not what gets measured.
const { AGENT_URL, CONCURRENCY, GATEWAY_URL, createAgents, direct, directHeaders, json, percentile, startGateway, workspaceForBench } = require('./platform');

const SAVES_PER_ROUND = 100;
const ROUNDS = 4;
const LIST_AGENTS = 1000;
const LIST_REQUESTS = 200;

/** Each worker saves its own agent repeatedly (saves of one agent are serialised by design). */
async function saveRound(agents, urlOf, headersFor) {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    agents.map(async (agent) => {
      while (next < SAVES_PER_ROUND) {
        next += 1;
        agent.description = `saved ${next}`;
        const body = JSON.stringify(agent);
        await json(urlOf(agent), { method: 'POST', headers: headersFor(urlOf(agent), body), body });
      }
    }),
  );
  return SAVES_PER_ROUND / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function run() {
  const gateway = await startGateway();
  try {
    const { uid, secret } = await workspaceForBench();
    const bearer = { authorization: `Bearer ${secret}` };
    const workers = await createAgents(uid, CONCURRENCY, 'Throughput');
    const reread = async (a) => Object.assign(a, (await direct(uid, `${AGENT_URL}/v2/agents/${a.ID}`)).body.agent);
    await Promise.all(workers.map(reread));

    const rates = { gateway: [], direct: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      rates.gateway.push(await saveRound(workers, (a) => `${GATEWAY_URL}/api/eu/agent/v2/agents/${a.ID}`, () => bearer));
      rates.direct.push(await saveRound(workers, (a) => `${AGENT_URL}/v2/agents/${a.ID}`, (url, body) => directHeaders(uid, 'POST', url, body)));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const viaGateway = median(rates.gateway);
    const directRate = median(rates.direct);

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
        value: `${viaGateway.toFixed(0)} vs ${directRate.toFixed(0)} (${((viaGateway / directRate) * 100).toFixed(0)} %)`,
        goal: 'gateway >= 60 % of direct',
        ok: viaGateway / directRate >= 0.6,
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

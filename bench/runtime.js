// Agent runtime benchmark (issue 9), against the running platform (`make bench` starts it):
// the first streamed token of a widget answer, from the request leaving the client to the
// first `delta` event, through the gateway on the sandbox LLM (goal: p95 <= 300 ms). The
// sandbox's own first token, asked directly in the same run, shows what the model costs.
const { createAgents, json, percentile, startGateway, workspaceForBench, GATEWAY_URL } = require('./platform');

const env = process.env;
const LLM_URL = `${(env.LLM_API_BASE ?? `http://127.0.0.1:${env.LLM_SANDBOX_PORT ?? 4100}/v1`).replace(/\/+$/, '')}/chat/completions`;
const WARMUP = 5;
const REQUESTS = 100;

/** Milliseconds from sending `init` to `url` until the stream's body holds `marker`; the stream is then read to its end. */
async function firstChunkMs(url, init, marker) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let first;
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    if (first === undefined && text.includes(marker)) first = Number(process.hrtime.bigint() - started) / 1e6;
  }
  if (first === undefined) throw new Error(`${url}: no ${marker} in ${text.slice(0, 200)}`);
  return first;
}

async function run() {
  const gateway = await startGateway();
  try {
    const { uid } = await workspaceForBench();
    const [agent] = await createAgents(uid, 1, 'Widget bench');
    const widgetUrl = `${GATEWAY_URL}/api/eu/agent/widget/agents/${agent.ID}/messages`;
    const widget = (i) =>
      firstChunkMs(
        widgetUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: 'http://customer.example' },
          body: JSON.stringify({ visitorId: `benchvisitor${i}`, messageId: `benchmessage${i}`, text: `Hello number ${i}, what are your opening hours?` }),
        },
        'event: delta',
      );
    const model = (i) =>
      firstChunkMs(
        LLM_URL,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${env.LLM_API_KEY ?? 'sandbox'}` },
          body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: `Hello number ${i}, what are your opening hours?` }] }),
        },
        '"content":"S',
      );
    await json(`${GATEWAY_URL}/api/eu/agent/widget/agents/${agent.ID}`);
    for (let i = 0; i < WARMUP; i += 1) await widget(`warm${i}`);
    const platform = [];
    const direct = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      platform.push(await widget(i));
      direct.push(await model(i));
    }
    platform.sort((a, b) => a - b);
    direct.sort((a, b) => a - b);
    const p95 = percentile(platform, 95);
    return [
      {
        name: 'widget answer, first streamed token through the gateway (sandbox LLM), p50/p95',
        value: `${percentile(platform, 50).toFixed(1)} / ${p95.toFixed(1)} ms (the sandbox alone: ${percentile(direct, 50).toFixed(1)} / ${percentile(direct, 95).toFixed(1)} ms)`,
        goal: 'p95 <= 300 ms',
        ok: p95 <= 300,
      },
    ];
  } finally {
    gateway.kill();
  }
}

module.exports = { run };

// Knowledge benchmark (issue 13), against the local sandboxes (`make bench` starts them):
// crawling and embedding the company site's 200 journal pages (/archive/) through the agent
// service's own crawler, chunker and embeddings client, in pages per second; then retrieval
// over 10,000 chunks of 1536 dimensions: the question embedded by the LLM sandbox and searched
// in the vector index (goal: p95 <= 50 ms).
const path = require('node:path');
const dist = (file) => require(path.join(__dirname, '../services/agent/dist/knowledge', file));
const { WebsiteCrawler } = dist('clients/crawler');
const { OpenAiEmbeddingsClient } = dist('clients/embeddings');
const { chunkText } = dist('domain/chunking');
const { FlatVectorIndex } = dist('store/vector-index');
const { embeddingOf } = require('../infra/sandboxes/llm/server.js');

const env = process.env;
const SITE = `http://127.0.0.1:${env.COMPANY_SITE_PORT ?? 4150}`;
const LLM_BASE = (env.LLM_API_BASE ?? `http://127.0.0.1:${env.LLM_SANDBOX_PORT ?? 4100}/v1`).replace(/\/+$/, '');
const DIMENSIONS = 1536;
const CHUNKS = 10_000;
const QUERIES = 200;
const PAGES_GOAL = 20;
const P95_GOAL_MS = 50;
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

async function crawlAndEmbed() {
  const crawler = new WebsiteCrawler({ allowLoopback: true, limits: { maxPages: 201, maxDepth: 2, maxPageBytes: 5_000_000, maxDurationMs: 120_000 } });
  const embeddings = new OpenAiEmbeddingsClient({ apiBase: LLM_BASE, apiKey: env.LLM_API_KEY || 'sandbox', timeoutMs: 30_000, model: 'text-embedding-3-small' });
  const started = process.hrtime.bigint();
  const crawled = await crawler.crawl(`${SITE}/archive/`);
  if (!crawled.ok) throw new Error(`crawl failed: ${crawled.reason}`);
  const pages = crawled.pages.filter((page) => /\/archive\/\d+\.html$/.test(page.url));
  const chunks = pages.flatMap((page) => chunkText(page.text, 2424));
  const vectors = await embeddings.embed(chunks, DIMENSIONS);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (pages.length < 200 || vectors.length !== chunks.length) throw new Error(`read ${pages.length} pages, ${vectors.length}/${chunks.length} vectors`);
  console.log(`  crawled and embedded ${pages.length} pages (${chunks.length} chunks) in ${seconds.toFixed(2)} s`);
  return { name: 'knowledge crawl + embed of 200 pages', value: `${(pages.length / seconds).toFixed(1)} pages/s`, goal: `>= ${PAGES_GOAL} pages/s`, ok: pages.length / seconds >= PAGES_GOAL };
}

async function retrieval() {
  const words = 'bread sourdough rye oven flour harbour cake pastry delivery opening hours monday order price butter croissant coffee terrace dog phone founder bakery loaf batch morning evening'.split(' ');
  const chunks = Array.from({ length: CHUNKS }, (_, i) => {
    const text = Array.from({ length: 40 }, (__, j) => `${words[(i * 7 + j * 13) % words.length]}${(i + j) % 97}`).join(' ');
    return { _id: `s:1:${i}`, agentId: 'bench', sourceId: 's', generation: 1, index: i, text, vector: Float32Array.from(embeddingOf(text, DIMENSIONS)) };
  });
  const index = new FlatVectorIndex(chunks);
  const embeddings = new OpenAiEmbeddingsClient({ apiBase: LLM_BASE, apiKey: env.LLM_API_KEY || 'sandbox', timeoutMs: 30_000, model: 'text-embedding-3-small' });
  const total = [];
  const search = [];
  for (let i = 0; i < QUERIES; i += 1) {
    const t0 = process.hrtime.bigint();
    // a question made of eight words of one chunk, as a visitor would quote a page
    const question = `What about ${chunks[(i * 37) % CHUNKS].text.split(' ').slice(0, 8).join(' ')}?`;
    const [vector] = await embeddings.embed([question], DIMENSIONS);
    const t1 = process.hrtime.bigint();
    const hits = index.search(Float32Array.from(vector), 5, 0.1);
    const t2 = process.hrtime.bigint();
    if (!hits.length) throw new Error('retrieval found nothing');
    total.push(Number(t2 - t0) / 1e6);
    search.push(Number(t2 - t1) / 1e6);
  }
  console.log(`  index search alone over ${CHUNKS} chunks: p95 ${p95(search).toFixed(1)} ms`);
  return { name: `knowledge retrieval over ${CHUNKS} chunks (question embedded + top 5), p95`, value: `${p95(total).toFixed(1)} ms`, goal: `<= ${P95_GOAL_MS} ms`, ok: p95(total) <= P95_GOAL_MS };
}

async function run() {
  return [await crawlAndEmbed(), await retrieval()];
}

module.exports = { run };
if (require.main === module) run().then((results) => results.forEach((r) => console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value} (goal ${r.goal})`)));

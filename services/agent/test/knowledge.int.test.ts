import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KNOWLEDGE_DOCUMENT_ACCEPT, type KnowledgeSourceView } from '@platform/contracts';
import { logger } from '@platform/test-support';
import { defaultKnowledge } from '../src/app';
import type { KnowledgeModule } from '../src/knowledge/module';
import { spawnCompanySite } from '../../../infra/sandboxes/company-site/test/spawn-site';
import { anonymous, startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startToolServer } = require('../../../infra/sandboxes/tool-server/server.js') as {
  startToolServer: (o: { port: number; secret: string }) => Promise<{ server: http.Server; url: string }>;
};

const giveCredits = (h: Harness, workspaceId: string) => h.mongo.collection('eu', 'users').updateOne({ _id: workspaceId } as never, { $set: { loadTokens: 1000 } } as never);

/** A hostile website: a page redirecting to itself, and a 50 MB page. */
function startHostileSite(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return void res.end();
    }
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const block = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < 50 && res.write(block)) sent += 1;
        if (sent >= 50) res.end();
        else res.once('drain', () => ((sent += 1), write()));
      };
      res.on('error', () => undefined);
      return void write();
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('knowledge sources', () => {
  let h: Harness;
  let knowledge: KnowledgeModule;
  let site: Awaited<ReturnType<typeof spawnCompanySite>>;

  beforeAll(async () => {
    // the app re-reads chunks for every search, so the module run here (the worker's) is seen at once
    h = await startHarness({ config: { knowledge: { indexTtlMs: 0, allowLoopback: true, crawl: { maxPages: 20, maxDepth: 3, maxPageBytes: 2_000_000, maxDurationMs: 30_000 } } as never } });
    knowledge = defaultKnowledge({ config: h.config, mongo: h.mongo, logger });
    site = await spawnCompanySite();
  });
  afterAll(async () => {
    await site.stop();
    await h.close();
  });

  const sourcesOf = async (person: Parameters<Harness['as']>[0], agentId: string) => (await h.as(person).get(`/v2/agents/${agentId}/knowledge`).expect(200)).body.data as KnowledgeSourceView[];

  it('crawls the company site within its limits, answers the chat from it with the chunks used, and stores them on the message', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await giveCredits(h, workspace.uid);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { vg_kbTopChunks: 2 } as never);
    const created = await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: `${site.url}/`, refreshRate: '24h', tags: ['website'] }).expect(201);
    expect(created.body.data).toMatchObject({ status: 'INITIALIZED', sourceType: 'url', refreshRate: '24h', tags: ['website'], name: '127.0.0.1' });

    expect(await knowledge.ingest.runDue('eu')).toBe(1);
    const [source] = await sourcesOf(person, agent.ID);
    expect(source).toMatchObject({ status: 'SUCCESS', pageCount: 4, chunkCount: expect.any(Number), charCount: expect.any(Number), nextRefreshAt: expect.any(Number) });
    expect(source!.charCount).toBeGreaterThan(500);
    expect(source!.nextRefreshAt! - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const search = await h.as(person).post(`/v2/agents/${agent.ID}/knowledge/search`, { query: 'Are you closed on Mondays?' }).expect(200);
    expect(search.body.data.chunks.length).toBeGreaterThan(0);
    expect(search.body.data.chunks.length).toBeLessThanOrEqual(2);
    expect(search.body.data.chunks[0]).toMatchObject({ url: `${site.url}/visit.html`, text: expect.stringContaining('closed on Mondays') });

    const answer = await h.as(person).post(`/v2/agents/${agent.ID}/chat`, { messageId: 'q1', text: 'Are you closed on Mondays?' }).expect(200);
    expect(answer.body.data.text).toContain('closed on Mondays');
    expect(answer.body.data.sources[0]).toMatchObject({ url: `${site.url}/visit.html`, sourceId: source!.id });
    const conversations = await h.as(person).get(`/v2/agents/${agent.ID}/conversations`).expect(200);
    const reply = conversations.body.data[0].messages.find((m: { role: string }) => m.role === 'assistant');
    expect(reply.sources[0]).toMatchObject({ url: `${site.url}/visit.html`, chunkId: expect.any(String) });

    // a website visitor gets the grounded answer, not the chunks behind it
    const visitor = await h.as(anonymous).post(`/widget/agents/${agent.ID}/messages`, { visitorId: 'visitor0001', messageId: 'w1', text: 'Are you closed on Mondays?' }).expect(200);
    expect(visitor.body.data.text).toContain('closed on Mondays');
    expect(visitor.body.data.sources).toBeUndefined();

    // re-rated, then deleted: the agent stops answering from it
    await h.as(person).post(`/v2/agents/${agent.ID}/knowledge/${source!.id}`, { refreshRate: 'never' }).expect(200);
    expect((await sourcesOf(person, agent.ID))[0]!.nextRefreshAt).toBeUndefined();
    await h.as(person).delete(`/v2/agents/${agent.ID}/knowledge/${source!.id}`).expect(200);
    expect(await sourcesOf(person, agent.ID)).toEqual([]);
    const after = await h.as(person).post(`/v2/agents/${agent.ID}/knowledge/search`, { query: 'Are you closed on Mondays?' }).expect(200);
    expect(after.body.data.chunks).toEqual([]);
  });

  it('a redirect loop and a 50 MB page end in ERROR with the reason, while the service keeps answering', async () => {
    const hostile = await startHostileSite();
    // Relative to this test's start: the in-band run's process has grown with every suite before it.
    const rssBefore = process.memoryUsage().rss;
    try {
      const { person, workspace } = await personWithWorkspace(h);
      const agent = await createAgent(h, person, workspace.uid);
      await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: `${hostile.url}/loop` }).expect(201);
      await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: `${hostile.url}/huge` }).expect(201);
      const reading = knowledge.ingest.runDue('eu');
      // the service answers while the crawls run
      await h.as(person).get(`/v2/agents/${agent.ID}/knowledge`).expect(200);
      await reading;
      const sources = await sourcesOf(person, agent.ID);
      const byUrl = Object.fromEntries(sources.map((s) => [s.url, s]));
      expect(byUrl[`${hostile.url}/loop`]).toMatchObject({ status: 'ERROR', error: expect.stringContaining('Too many redirects') });
      expect(byUrl[`${hostile.url}/huge`]).toMatchObject({ status: 'ERROR', error: expect.stringContaining('Answer too large') });
      // the 50 MB answer was cut off, not held (with its string copies it would be well over 100 MB)
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150_000_000);
    } finally {
      hostile.server.close();
    }
  });

  it('refuses a loopback website when the local switch is off', async () => {
    const strict = defaultKnowledge({ config: { ...h.config, knowledge: { ...h.config.knowledge, allowLoopback: false } }, mongo: h.mongo, logger });
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: `${site.url}/` }).expect(201);
    await strict.ingest.runDue('eu');
    const [source] = await sourcesOf(person, agent.ID);
    expect(source).toMatchObject({ status: 'ERROR', error: expect.stringMatching(/not allowed/i) });
    expect(source!.chunkCount).toBe(0);
  });

  it('reads uploaded files (CSV, Markdown, text) into knowledge, within the plan\'s character limit', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const upload = async (fileName: string, text: string) =>
      (
        await h
          .as(person)
          .post('/procedures/uploadFile', { userId: workspace.uid, agentId: agent.ID, targetPath: `agents/${agent.ID}/kb`, fileName, accept: '.pdf,.docx,.txt,.md,.csv', maxSizeMB: 20, base64Payload: Buffer.from(text).toString('base64') })
          .expect(200)
      ).body.data as { url: string };
    const files = {
      'prices.csv': 'item,price\nSaltmarsh Sourdough,6.80\nHarbour Rye,5.20\n',
      'faq.md': '# FAQ\n\nThe delivery van reaches the lighthouse district on Thursdays.',
      'allergens.txt': 'Allergens\n\nOur almond croissant contains tree nuts.',
    };
    for (const [name, text] of Object.entries(files)) {
      const { url } = await upload(name, text);
      await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'doc', contentURL: url, name }).expect(201);
    }
    expect(await knowledge.ingest.runDue('eu')).toBe(3);
    const sources = await sourcesOf(person, agent.ID);
    expect(sources.map((s) => [s.name, s.status])).toEqual(expect.arrayContaining([['prices.csv', 'SUCCESS'], ['faq.md', 'SUCCESS'], ['allergens.txt', 'SUCCESS']]));
    const search = async (query: string) => (await h.as(person).post(`/v2/agents/${agent.ID}/knowledge/search`, { query }).expect(200)).body.data.chunks[0]?.text as string;
    expect(await search('What is the price of the Saltmarsh Sourdough?')).toContain('item: Saltmarsh Sourdough; price: 6.80');
    expect(await search('Which day does delivery reach the lighthouse district?')).toContain('Thursdays');
    const allergens = await search('Does the almond croissant contain nuts?');
    expect(allergens).toContain('tree nuts');

    // beyond the plan's characters: ERROR with the limit, no chunks
    const small = defaultKnowledge({ config: h.config, mongo: h.mongo, logger, planLimits: { assertRoomForAgent: async () => undefined, maxKnowledgeChars: async () => 200 } });
    const { url } = await upload('long.txt', 'Sourdough starter notes. '.repeat(20));
    await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'doc', contentURL: url }).expect(201);
    await small.ingest.runDue('eu');
    const long = (await sourcesOf(person, agent.ID)).find((s) => s.contentURL === url);
    expect(long).toMatchObject({ status: 'ERROR', error: 'Your plan allows 200 characters of knowledge; remove a source or upgrade to add more.', chunkCount: 0 });
  });

  it('reads an uploaded HTML page (.html, .htm) into knowledge with the crawler\'s HTML-to-text extraction', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const page = (body: string) =>
      `<!DOCTYPE html><html><head><title>Menu</title><style>p{color:red}</style><script>var hidden = "never in knowledge";</script></head><body><nav>Home | Menu</nav>${body}</body></html>`;
    const pages = {
      'opening.html': page('<h1>Opening hours</h1><p>The harbour bakery opens at <b>6:30</b> on Sundays.</p>'),
      'ovens.htm': page('<p>Our rye bakes in a wood-fired oven built in 1921.</p>'),
    };
    for (const [fileName, html] of Object.entries(pages)) {
      const upload = await h
        .as(person)
        .post('/procedures/uploadFile', { userId: workspace.uid, agentId: agent.ID, targetPath: `agents/${agent.ID}/kb`, fileName, accept: KNOWLEDGE_DOCUMENT_ACCEPT, maxSizeMB: 20, base64Payload: Buffer.from(html).toString('base64') })
        .expect(200);
      expect(upload.body.data.url).toMatch(new RegExp(`\\.${fileName.split('.')[1]}$`));
      await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'doc', contentURL: upload.body.data.url, name: fileName }).expect(201);
    }
    expect(await knowledge.ingest.runDue('eu')).toBe(2);
    const sources = await sourcesOf(person, agent.ID);
    expect(sources.map((s) => s.status)).toEqual(['SUCCESS', 'SUCCESS']);
    const search = async (query: string) => (await h.as(person).post(`/v2/agents/${agent.ID}/knowledge/search`, { query }).expect(200)).body.data.chunks as Array<{ text: string }>;
    const opening = (await search('When does the bakery open on Sundays?'))[0]!.text;
    expect(opening).toContain('The harbour bakery opens at 6:30 on Sundays.');
    expect(opening).not.toMatch(/never in knowledge|color:red|Home \| Menu/);
    expect((await search('How old is the oven?'))[0]!.text).toContain('wood-fired oven built in 1921');
  });

  it('a read whose worker died is taken again once its lease ends, so the source is not lost', async () => {
    let clock = Date.now();
    const worker = defaultKnowledge({ config: { ...h.config, knowledge: { ...h.config.knowledge, leaseMs: 60_000 } }, mongo: h.mongo, logger, now: () => new Date(clock) });
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const created = await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: `${site.url}/` }).expect(201);
    // a worker takes the source and dies before finishing: the lease is held, nothing else happens
    const sources = h.mongo.collection<{ _id: string; leaseUntil: number; dueAt: number }>('eu', 'knowledgeSources');
    await sources.updateOne({ _id: created.body.data.id }, { $set: { leaseUntil: clock + 60_000, status: 'PENDING' } });
    expect(await worker.ingest.runDue('eu')).toBe(0);
    expect((await sourcesOf(person, agent.ID))[0]!.status).toBe('PENDING');
    clock += 61_000;
    expect(await worker.ingest.runDue('eu')).toBe(1);
    expect((await sourcesOf(person, agent.ID))[0]!.status).toBe('SUCCESS');
  });

  it('validates sources: a website must be a URL, a file must be an upload of a readable type', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const bad = await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: 'not a url' }).expect(400);
    expect(bad.body).toEqual({ success: false, message: expect.stringContaining('valid website URL') });
    await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'url', url: `${site.url}/`, refreshRate: '2h' }).expect(400);
    await h.as(person).post(`/v2/agents/${agent.ID}/knowledge`, { sourceType: 'doc', contentURL: 'http://x.test/api/eu/agent/files/abc.exe' }).expect(400);
    await h.as(person).delete(`/v2/agents/${agent.ID}/knowledge/nosuchsource`).expect(404);
  });

  it('tests a voice tool against the tool server: the argument map in a tool-calls message with the secret, answer and time shown', async () => {
    const tools = await startToolServer({ port: 0, secret: 'tool-secret' });
    try {
      const { person, workspace } = await personWithWorkspace(h);
      const agent = await createAgent(h, person, workspace.uid);
      const tool = { id: 'tool1', name: 'order_status', description: 'Looks up an order', serverUrl: `${tools.url}/order-status`, serverUrlSecret: 'tool-secret', fields: [{ in: 'body', key: 'orderId', value: 'A-17', type: 'string' }] };
      const res = await h.as(person).post(`/v2/agents/${agent.ID}/tools/test`, { tool }).expect(200);
      expect(res.body.data).toMatchObject({ status: 200, durationMs: expect.any(Number), arguments: { orderId: 'A-17' } });
      expect(JSON.parse(res.body.data.body)).toEqual({ results: [{ toolCallId: expect.any(String), result: expect.stringMatching(/^Order A-17 is /) }] });
      const wrongSecret = await h.as(person).post(`/v2/agents/${agent.ID}/tools/test`, { tool: { ...tool, serverUrlSecret: 'nope' } }).expect(200);
      expect(wrongSecret.body.data.status).toBe(401);
      await h.as(person).post(`/v2/agents/${agent.ID}/tools/test`, { tool: { ...tool, serverUrl: 'not a url' } }).expect(400);
      const missingDescription = await h.as(person).post(`/v2/agents/${agent.ID}/tools/test`, { tool: { id: 'x', name: 'n' } }).expect(400);
      expect(missingDescription.body.success).toBe(false);
    } finally {
      tools.server.close();
    }
  });
});

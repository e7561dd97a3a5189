import { toolArguments } from '@platform/contracts';
import { documentText } from '../src/knowledge/clients/document-text';
import { chunkText } from '../src/knowledge/domain/chunking';
import { pageUrl, sameSite } from '../src/knowledge/domain/crawl-rules';
import { htmlText } from '../src/knowledge/domain/html-text';
import { nextRefreshAt } from '../src/knowledge/domain/refresh';
import { cosine, topK } from '../src/knowledge/domain/similarity';
import { FlatVectorIndex } from '../src/knowledge/store/vector-index';
import { KnowledgeRetrieval } from '../src/knowledge/usecases/retrieval';
import { buildPrompt } from '../src/domain/conversation-prompt';
import { fieldPlacement, SAMPLE_TIMESTAMP, toolCallsMessage } from '../src/tools/domain/tool-call-message';

describe('knowledge chunking', () => {
  it('keeps every chunk within maxChunkSize, cuts at paragraphs and sentences, and loses no words', () => {
    const text = ['Short opening paragraph.', 'A'.repeat(10) + ' sentence one. Sentence two is here. ' + 'word '.repeat(400), 'Closing words.'].join('\n\n');
    const chunks = chunkText(text, 1000);
    expect(chunks.every((chunk) => chunk.length <= 1000)).toBe(true);
    expect(chunks[0]!.startsWith('Short opening paragraph.')).toBe(true);
    expect(chunks.join(' ').split(/\s+/).filter(Boolean).length).toBe(text.split(/\s+/).filter(Boolean).length);
  });

  it('puts small paragraphs together up to the size, and a text shorter than a chunk stays one chunk', () => {
    expect(chunkText('One.\n\nTwo.\n\nThree.', 2424)).toEqual(['One.\n\nTwo.\n\nThree.']);
    expect(chunkText('aaaa\n\nbbbb\n\ncccc', 10)).toEqual(['aaaa\n\nbbbb', 'cccc']);
    expect(chunkText('   \n\n  ', 100)).toEqual([]);
  });

  it('cuts a word longer than a chunk hard', () => {
    expect(chunkText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});

describe('similarity', () => {
  it('cosine: 1 for the same direction, 0 for orthogonal or zero vectors, -1 for opposite', () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
  });

  it('topK answers the best k above the minimum, best first', () => {
    const scores = [0.2, 0.9, 0.05, 0.7, 0.95, 0.3];
    expect(topK(scores.length, (i) => scores[i]!, 3, 0.1)).toEqual([
      { index: 4, score: 0.95 },
      { index: 1, score: 0.9 },
      { index: 3, score: 0.7 },
    ]);
    expect(topK(scores.length, (i) => scores[i]!, 10, 0.5).map((hit) => hit.index)).toEqual([4, 1, 3]);
    expect(topK(scores.length, (i) => scores[i]!, 0, 0)).toEqual([]);
  });

  it('the flat index finds the nearest chunk by cosine whatever the vectors length', () => {
    const chunk = (id: string, vector: number[]) => ({ _id: id, agentId: 'a', sourceId: 's', generation: 1, index: 0, text: id, vector: Float32Array.from(vector) });
    const index = new FlatVectorIndex([chunk('north', [0, 10, 0]), chunk('east', [1, 0, 0]), chunk('north-east', [3, 3, 0])]);
    const hits = index.search(Float32Array.from([0.1, 1, 0]), 2, 0.1);
    expect(hits.map((hit) => hit.chunk._id)).toEqual(['north', 'north-east']);
    expect(hits[0]!.score).toBeCloseTo(cosine([0.1, 1, 0], [0, 1, 0]));
    expect(index.search(Float32Array.from([1, 0]), 2, 0)).toEqual([]); // another dimension
  });
});

describe('crawl rules', () => {
  it('follows links within the site only (www or not, same port), without fragments, never to files', () => {
    expect(pageUrl('/menu.html#cakes', 'http://127.0.0.1:4150/')).toBe('http://127.0.0.1:4150/menu.html');
    expect(pageUrl('mailto:a@b.c', 'http://site.test/')).toBeNull();
    expect(pageUrl('/logo.svg', 'http://site.test/')).toBeNull();
    expect(pageUrl('/brochure.pdf', 'http://site.test/')).toBeNull();
    expect(pageUrl('javascript:alert(1)', 'http://site.test/')).toBeNull();
    expect(sameSite('https://www.bakery.test/about', 'https://bakery.test/')).toBe(true);
    expect(sameSite('https://other.test/', 'https://bakery.test/')).toBe(false);
    expect(sameSite('http://127.0.0.1:9999/', 'http://127.0.0.1:4150/')).toBe(false);
  });

  it('reads the text of a page without scripts, styles and navigation, keeping its title and every link', () => {
    const page = htmlText('<html><head><title>Visit us</title><style>p{color:red}</style></head><body><nav><a href="/about.html">About</a><a href="/menu.html">Menu</a></nav><p>Open Tuesday &amp; Sunday.</p><script>var x = 1;</script><p>Closed Mondays, <a href="/map">see the map</a>or call.</p></body></html>');
    expect(page).toEqual({ title: 'Visit us', text: 'Open Tuesday & Sunday.\n\nClosed Mondays, see the map or call.', links: ['/about.html', '/menu.html', '/map'] });
  });

  it('schedules refreshes at their rate and never for never', () => {
    expect(nextRefreshAt('1h', 1000)).toBe(1000 + 3_600_000);
    expect(nextRefreshAt('7d', 0)).toBe(7 * 24 * 3_600_000);
    expect(nextRefreshAt('never', 0)).toBeUndefined();
    expect(nextRefreshAt(undefined, 0)).toBeUndefined();
  });
});

describe('document text', () => {
  it('reads CSV rows as column: value paragraphs, HTML as text, and refuses other types', async () => {
    const csv = await documentText('prices.csv', Buffer.from('item,price\nRye loaf,4.50\n"Cake, large",30\n'));
    expect(csv).toEqual({ ok: true, text: 'item: Rye loaf; price: 4.50\n\nitem: Cake, large; price: 30' });
    expect(await documentText('page.html', Buffer.from('<p>Hello</p><script>x</script>'))).toEqual({ ok: true, text: 'Hello' });
    expect(await documentText('notes.md', Buffer.from('# Title\n\nBody'))).toEqual({ ok: true, text: '# Title\n\nBody' });
    expect((await documentText('image.png', Buffer.from('x'))).ok).toBe(false);
    expect((await documentText('broken.pdf', Buffer.from('not a pdf'))).ok).toBe(false);
  });
});

describe('the prompt with knowledge', () => {
  it('adds the retrieved chunks under a Knowledge base heading, each source named', () => {
    const { messages } = buildPrompt({ vg_systemPrompt: 'You are Ava.' }, [], 'When are you open?', [
      { sourceId: 's', chunkId: 's:1:0', name: 'Visit us', url: 'http://site.test/visit.html', text: 'Closed on Mondays.', score: 0.8 },
    ]);
    expect(messages[0]!.content).toContain('You are Ava.\n\n## Knowledge base\n');
    expect(messages[0]!.content).toContain('### [1] Visit us (http://site.test/visit.html)\nClosed on Mondays.');
    expect(buildPrompt({ vg_systemPrompt: 'You are Ava.' }, [], 'Hi').messages[0]!.content).toBe('You are Ava.');
  });
});

describe('the voice-tool test message', () => {
  it("wraps the fields' name/value map in a tool-calls message with a fixed timestamp, and places header and query fields", () => {
    const tool = {
      id: 't1',
      name: 'order_status',
      description: 'Looks up an order',
      serverUrl: 'http://127.0.0.1:4170/order-status',
      fields: [
        { in: 'body' as const, key: 'orderId', value: 'A-17' },
        { in: 'query' as const, key: 'lang', defaultValue: 'en' },
        { in: 'header' as const, key: 'X-Shop', value: 'north' },
        { in: 'body' as const, key: 'unset' },
      ],
    };
    expect(toolArguments(tool.fields)).toEqual({ orderId: 'A-17', lang: 'en', 'X-Shop': 'north' });
    const { message } = toolCallsMessage(tool);
    expect(message.type).toBe('tool-calls');
    expect(message.timestamp).toBe(SAMPLE_TIMESTAMP);
    expect(message.toolCallList).toEqual([{ id: expect.any(String), type: 'function', function: { name: 'order_status', arguments: { orderId: 'A-17', lang: 'en', 'X-Shop': 'north' } } }]);
    expect(message.artifact.messages.length).toBeGreaterThan(0);
    expect(fieldPlacement(tool)).toEqual({ headers: { 'x-shop': 'north' }, query: { lang: 'en' } });
  });
});

describe('retrieval honours vg_kb_llm', () => {
  const setup = () => {
    const embedded: string[] = [];
    const asked: Array<{ messages: Array<{ role: string; content: string }>; options: unknown }> = [];
    const retrieval = new KnowledgeRetrieval({
      index: {
        has: async () => true,
        invalidate: () => undefined,
        search: async (_region, _agentId, _vector, k) => Array.from({ length: k }, (_, i) => ({ chunk: { _id: `s:1:${i}`, agentId: 'a', sourceId: 's', generation: 1, index: i, text: `chunk ${i}`, title: 'Visit us' }, score: 0.5 })),
      },
      embeddings: { embed: async (texts) => (embedded.push(...texts), texts.map(() => [1, 0, 0])) },
      chat: { complete: async (messages, options) => (asked.push({ messages, options }), { content: 'opening hours monday', model: 'm', finishReason: 'stop', sandbox: true }) },
      logger: { warn: () => undefined } as never,
    });
    return { retrieval, embedded, asked };
  };

  it('smart: the question is rewritten by the model with the search prompt, model, temprature and max tokens, and that is searched', async () => {
    const { retrieval, embedded, asked } = setup();
    const found = await retrieval.search('eu', { ID: 'a', vg_kbTopChunks: 2, vg_kbDefaultDimension: 3, vg_kb_llm: { searchMethod: 'smart', searchPrompt: 'Make a query.', modelId: 'gpt-4o', temprature: 0.2, maxTokens: 50 } }, 'Are you open on Mondays?');
    expect(asked).toEqual([{ messages: [{ role: 'system', content: 'Make a query.' }, { role: 'user', content: 'Are you open on Mondays?' }], options: { model: 'gpt-4o', temperature: 0.2, maxTokens: 50 } }]);
    expect(embedded).toEqual(['opening hours monday']);
    expect(found.searchQuery).toBe('opening hours monday');
    expect(found.chunks).toHaveLength(2);
  });

  it('simple (the default): the question is searched as asked, vg_kbTopChunks chunks (3 when unset)', async () => {
    const { retrieval, embedded, asked } = setup();
    const found = await retrieval.search('eu', { ID: 'a', vg_kbDefaultDimension: 3 }, 'Are you open on Mondays?');
    expect(asked).toEqual([]);
    expect(embedded).toEqual(['Are you open on Mondays?']);
    expect(found.chunks.map((c) => c.chunkId)).toEqual(['s:1:0', 's:1:1', 's:1:2']);
    expect(found.chunks[0]).toEqual({ sourceId: 's', chunkId: 's:1:0', name: 'Visit us', text: 'chunk 0', score: 0.5 });
  });
});

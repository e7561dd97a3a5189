// The LLM sandbox as deps.sh runs it: its own node process on an ephemeral port.
import { spawnLlmSandbox } from './spawn-sandbox';

describe('LLM sandbox (infra/sandboxes/llm/server.js)', () => {
  let sandbox: Awaited<ReturnType<typeof spawnLlmSandbox>>;
  beforeAll(async () => {
    sandbox = await spawnLlmSandbox();
  });
  afterAll(() => sandbox.stop());

  const post = (body: unknown, headers: Record<string, string> = { authorization: 'Bearer sandbox' }) =>
    fetch(`${sandbox.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers a CSS request in the OpenAI shape with a css block from the colours named', async () => {
    const messages = [
      { role: 'system', content: 'You write CSS for a chat widget.' },
      { role: 'user', content: 'Make the header dark blue and the buttons #FF8800, with rounded corners' },
    ];
    const res = await post({ model: 'gpt-4o-mini', messages, temperature: 0.3 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-sandbox')).toBe('true');
    const body = await res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: expect.any(String), refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      system_fingerprint: 'sandbox',
    });
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(60);
    const content: string = body.choices[0].message.content;
    const css = /```css\n([\s\S]*?)```/.exec(content)?.[1];
    expect(css).toBeDefined();
    expect(css).toContain('.vg-chat-header {\n  background-color: darkblue;');
    expect(css).toContain('background-color: #ff8800;');
    expect(css).toContain('border-radius: 16px;');

    // deterministic: the same conversation gets the same answer and id
    const again = await (await post({ model: 'gpt-4o-mini', messages })).json();
    expect(again.choices[0].message.content).toBe(content);
    expect(again.id).toBe(body.id);
  });

  it('answers other conversations without CSS', async () => {
    const body = await (await post({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello there' }] })).json();
    expect(body.model).toBe('gpt-4o');
    expect(body.choices[0].message.content).toBe('Sandbox reply: you said "Hello there".');
  });

  it('streams chunks ending with [DONE] when asked to', async () => {
    const res = await post({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'css: red header' }] });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.system_fingerprint === 'sandbox')).toBe(true);
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toContain('background-color: red;');
  });

  it('streams the token counts in a last chunk without choices when include_usage is asked', async () => {
    const res = await post({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hello there' }] });
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
    const last = chunks.at(-1);
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({ prompt_tokens: 3, completion_tokens: expect.any(Number), total_tokens: 3 + last.usage.completion_tokens });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    expect(chunks.slice(0, -1).map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Sandbox reply: you said "Hello there".');
  });

  it('requires a bearer key, with OpenAI error shape', async () => {
    const res = await post({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { message: expect.stringContaining("You didn't provide an API key"), type: 'invalid_request_error', param: null, code: null },
    });
  });

  it('answers 400 in OpenAI error shape for malformed bodies', async () => {
    const notJson = await post('{"model": ');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatchObject({ message: expect.stringContaining('could not parse the JSON body'), type: 'invalid_request_error' });

    const cases: Array<[unknown, string | null]> = [
      [{ messages: [{ role: 'user', content: 'x' }] }, null],
      [{ model: 'gpt-4o-mini' }, 'messages'],
      [{ model: 'gpt-4o-mini', messages: [] }, 'messages'],
      [{ model: 'gpt-4o-mini', messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
      [{ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], temperature: 3 }, 'temperature'],
      [[1, 2], null],
    ];
    for (const [body, param] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      const error = (await res.json()).error;
      expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
      expect(error).toMatchObject({ message: expect.any(String), type: 'invalid_request_error', param });
    }
  });

  it('lists models and answers unknown paths like the API', async () => {
    const models = await (await fetch(`${sandbox.url}/v1/models`, { headers: { authorization: 'Bearer k' } })).json();
    expect(models.object).toBe('list');
    expect(models.data.map((m: { id: string }) => m.id)).toContain('gpt-4o-mini');
    const unknown = await fetch(`${sandbox.url}/v1/nope`, { method: 'POST', headers: { authorization: 'Bearer k' } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('Invalid URL (POST /v1/nope)');
    const wrongMethod = await fetch(`${sandbox.url}/v1/chat/completions`, { headers: { authorization: 'Bearer k' } });
    expect(wrongMethod.status).toBe(405);
  });

  it('answers embeddings of the asked dimension, deterministic and unit length, similar when texts share words', async () => {
    const embed = async (input: string | string[], extra: Record<string, unknown> = {}) =>
      fetch(`${sandbox.url}/v1/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox' }, body: JSON.stringify({ model: 'text-embedding-3-small', input, ...extra }) });
    const res = await embed(['The bakery opens at 7am', 'When does the bakery open?', 'We ship bicycles'], { dimensions: 256 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ object: 'list', model: 'text-embedding-3-small', usage: { prompt_tokens: expect.any(Number) } });
    const [a, b, c] = body.data.map((d: { embedding: number[] }) => d.embedding) as number[][];
    expect(a!.length).toBe(256);
    const dot = (x: number[], y: number[]) => x.reduce((sum, v, i) => sum + v * y[i]!, 0);
    expect(dot(a!, a!)).toBeCloseTo(1);
    expect(dot(a!, b!)).toBeGreaterThan(0.3);
    expect(dot(a!, c!)).toBe(0);
    const again = await (await embed('The bakery opens at 7am', { dimensions: 256 })).json();
    expect(again.data[0].embedding).toEqual(a);
    expect((await embed('x', { model: 'nope' })).status).toBe(404);
    expect((await embed([], {})).status).toBe(400);
    expect((await (await embed('x')).json()).data[0].embedding.length).toBe(1536);
  });
});

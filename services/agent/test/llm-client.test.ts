import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LlmError, createChatClient, loadLlmConfig, type LlmConfig } from '../src/clients/llm-client';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

/** A provider on a free port whose behaviour the test sets. */
async function fakeProvider(handler: Handler) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

const config = (apiBase: string, extra: Partial<LlmConfig> = {}): LlmConfig => ({ apiBase, apiKey: 'k-123', model: 'gpt-4o-mini', timeoutMs: 2_000, maxTokens: 500, ...extra });
const ok = (extra: object = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
  ...extra,
});

describe('LLM client (OpenAI chat completions)', () => {
  it('reads its configuration with local defaults', () => {
    expect(loadLlmConfig({})).toEqual({ apiBase: 'https://api.openai.com/v1', apiKey: '', model: 'gpt-4o-mini', timeoutMs: 25_000, maxTokens: 1024 });
    expect(loadLlmConfig({ LLM_API_BASE: 'http://127.0.0.1:4100/v1/', LLM_API_KEY: 'sandbox', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '5000' })).toMatchObject({
      apiBase: 'http://127.0.0.1:4100/v1',
      apiKey: 'sandbox',
      model: 'm',
      timeoutMs: 5000,
    });
    expect(() => loadLlmConfig({ LLM_TIMEOUT_MS: 'soon' })).toThrow('LLM_TIMEOUT_MS');
  });

  it('posts the OpenAI request and reads the answer', async () => {
    let seen: { url?: string; auth?: string; body?: Record<string, unknown> } = {};
    const provider = await fakeProvider((req, body, res) => {
      seen = { url: req.url, auth: req.headers.authorization, body: JSON.parse(body) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok({ system_fingerprint: 'fp_44709d6fcb' })));
    });
    try {
      const answer = await createChatClient(config(provider.url)).complete([{ role: 'user', content: 'hi' }], { user: 'u1' });
      expect(answer).toEqual({ content: 'hello', model: 'gpt-4o-mini-2024-07-18', finishReason: 'stop', usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 }, sandbox: false });
      expect(seen).toEqual({
        url: '/v1/chat/completions',
        auth: 'Bearer k-123',
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], temperature: 0.3, max_tokens: 500, user: 'u1' },
      });
    } finally {
      await provider.close();
    }
  });

  it('passes on that a sandbox answered (fingerprint or header)', async () => {
    let mode = 0;
    const provider = await fakeProvider((_req, _body, res) => {
      mode += 1;
      if (mode === 1) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok({ system_fingerprint: 'sandbox' })));
      else res.writeHead(200, { 'content-type': 'application/json', 'x-sandbox': 'true' }).end(JSON.stringify(ok()));
    });
    try {
      const client = createChatClient(config(provider.url));
      expect((await client.complete([{ role: 'user', content: 'a' }])).sandbox).toBe(true);
      expect((await client.complete([{ role: 'user', content: 'a' }])).sandbox).toBe(true);
    } finally {
      await provider.close();
    }
  });

  it('maps failures to error kinds', async () => {
    const answers: Array<[number, unknown]> = [
      [401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }],
      [429, { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } }],
      [500, 'oops'],
      [400, { error: { message: "Invalid 'messages'", type: 'invalid_request_error', param: 'messages', code: null } }],
      [200, { choices: [] }],
    ];
    let at = 0;
    const provider = await fakeProvider((_req, _body, res) => {
      const [status, body] = answers[at++]!;
      res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    const client = createChatClient(config(provider.url));
    const failure = () => client.complete([{ role: 'user', content: 'x' }]).then(() => undefined, (err: unknown) => err as LlmError);
    try {
      expect(await failure()).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Incorrect API key provided' });
      expect(await failure()).toMatchObject({ kind: 'rate_limited', status: 429 });
      expect(await failure()).toMatchObject({ kind: 'upstream', status: 500, message: 'HTTP 500' });
      expect(await failure()).toMatchObject({ kind: 'rejected', status: 400, message: "Invalid 'messages'" });
      expect(await failure()).toMatchObject({ kind: 'bad_response' });
    } finally {
      await provider.close();
    }
  });

  it('gives up after the timeout, and reports unreachable or unconfigured providers', async () => {
    const provider = await fakeProvider(() => undefined); // never answers
    try {
      const slow = createChatClient(config(provider.url, { timeoutMs: 150 }));
      await expect(slow.complete([{ role: 'user', content: 'x' }])).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      await provider.close();
    }
    await expect(createChatClient(config('http://127.0.0.1:1/v1')).complete([{ role: 'user', content: 'x' }])).rejects.toMatchObject({ kind: 'network' });
    await expect(createChatClient(config('http://127.0.0.1:1/v1', { apiKey: '' })).complete([{ role: 'user', content: 'x' }])).rejects.toBeInstanceOf(LlmError);
  });
  it('streams: asks for the usage, hands each piece over as it arrives, and returns the whole answer with the token counts', async () => {
    let body: Record<string, unknown> = {};
    const provider = await fakeProvider((_req, raw, res) => {
      body = JSON.parse(raw);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (fields: object) => res.write(`data: ${JSON.stringify({ object: 'chat.completion.chunk', model: 'gpt-4o-2024', ...fields })}\n\n`);
      chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }], usage: null });
      // a piece split across two network writes, as real streams do
      res.write('data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel');
      res.write('lo"},"finish_reason":null}],"usage":null}\n\n');
      chunk({ choices: [{ index: 0, delta: { content: ' world' }, finish_reason: 'stop' }], usage: null });
      chunk({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 } });
      res.end('data: [DONE]\n\n');
    });
    try {
      const pieces: string[] = [];
      const answer = await createChatClient(config(provider.url)).stream([{ role: 'user', content: 'hi' }], { model: 'gpt-4o', temperature: 0.9, maxTokens: 50 }, (piece) => pieces.push(piece));
      expect(pieces).toEqual(['Hello', ' world']);
      expect(answer).toEqual({ content: 'Hello world', model: 'gpt-4o-2024', finishReason: 'stop', usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 }, sandbox: false });
      expect(body).toMatchObject({ model: 'gpt-4o', temperature: 0.9, max_tokens: 50, stream: true, stream_options: { include_usage: true } });
    } finally {
      await provider.close();
    }
  });

  it('reports a refused stream with the provider message, and a broken chunk as a bad response', async () => {
    const refusing = await fakeProvider((_req, _body, res) => res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Rate limit reached' } })));
    const broken = await fakeProvider((_req, _body, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {not json\n\n'));
    try {
      await expect(createChatClient(config(refusing.url)).stream([{ role: 'user', content: 'hi' }], {}, () => undefined)).rejects.toMatchObject({ kind: 'rate_limited', message: 'Rate limit reached', status: 429 });
      await expect(createChatClient(config(broken.url)).stream([{ role: 'user', content: 'hi' }], {}, () => undefined)).rejects.toMatchObject({ kind: 'bad_response' });
    } finally {
      await refusing.close();
      await broken.close();
    }
  });
});

import type { Server } from 'node:http';
import WebSocket from 'ws';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start } = require('../server.js');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Payload = { op: number; d?: Json; s?: number | null; t?: string | null };

/** A bare Gateway client: every payload it receives, in order, and how its connection closed. */
function open(url: string) {
  const ws = new WebSocket(url);
  const received: Payload[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()) as Payload);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('error', () => undefined);
  /** the first payload received (from `from` on) that matches */
  const next = async (match: (p: Payload) => boolean, from = 0): Promise<Payload> => {
    for (;;) {
      const found = received.slice(from).find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const send = (payload: Payload) => ws.send(JSON.stringify(payload));
  return { ws, received, next, send, closed };
}

const MESSAGE_INTENTS = (1 << 9) | (1 << 15);
const properties = { os: 'linux', browser: 'test', device: 'test' };

describe('Discord sandbox: the Gateway, webhooks and the channels people write in', () => {
  let sandbox: { server: Server; url: string; botToken: string };
  const gatewayUrl = () => `${sandbox.url.replace('http', 'ws')}/?v=10&encoding=json`;
  const post = async (path: string, body: object = {}): Promise<Json> => (await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const get = async (path: string): Promise<Json> => (await fetch(`${sandbox.url}${path}`)).json();
  const write = (channelId: string, content: string, extra: object = {}) => post(`/sandbox/channels/${channelId}/messages`, { content, ...extra });
  /** A client identified with these intents, READY received. */
  const identified = async (intents = MESSAGE_INTENTS) => {
    const client = open(gatewayUrl());
    await client.next((p) => p.op === 10);
    client.send({ op: 2, d: { token: sandbox.botToken, intents, properties } });
    const ready = await client.next((p) => p.t === 'READY');
    return { ...client, ready };
  };

  beforeAll(async () => {
    sandbox = await start(0, '127.0.0.1', { heartbeatMs: 60_000 });
  });
  afterAll(() => new Promise((resolve) => sandbox.server.close(resolve)));

  it('answers Get Gateway Bot with the bot token only', async () => {
    expect((await fetch(`${sandbox.url}/api/v10/gateway/bot`, { headers: { authorization: 'Bot wrong' } })).status).toBe(401);
    const res = await fetch(`${sandbox.url}/api/v10/gateway/bot`, { headers: { authorization: `Bot ${sandbox.botToken}` } });
    expect(await res.json()).toMatchObject({ url: sandbox.url.replace('http', 'ws'), shards: 1, session_start_limit: { max_concurrency: 1 } });
  });

  it('says Hello, acknowledges heartbeats, and checks Identify: token, properties, intents', async () => {
    const client = open(gatewayUrl());
    expect((await client.next((p) => p.op === 10)).d).toEqual({ heartbeat_interval: 60_000 });
    client.send({ op: 1, d: null });
    await client.next((p) => p.op === 11);
    client.ws.close(4900);

    const refused = async (payload: Payload, url = gatewayUrl()) => {
      const c = open(url);
      await c.next((p) => p.op === 10);
      c.send(payload);
      return c.closed;
    };
    expect(await refused({ op: 2, d: { token: 'not-the-bot', intents: MESSAGE_INTENTS, properties } })).toBe(4004);
    expect(await refused({ op: 2, d: { token: sandbox.botToken, intents: MESSAGE_INTENTS } })).toBe(4002);
    expect(await refused({ op: 2, d: { token: sandbox.botToken, intents: -1, properties } })).toBe(4013);
    expect(await refused({ op: 2, d: { token: sandbox.botToken, intents: MESSAGE_INTENTS | (1 << 1), properties } })).toBe(4014);
    expect(await refused({ op: 3, d: {} })).toBe(4003);
    expect(await refused({ op: 42 })).toBe(4001);
    expect(await open(`${sandbox.url.replace('http', 'ws')}/?v=9&encoding=json`).closed).toBe(4012);
  });

  it('READY names the session and its resume URL; messages come as MESSAGE_CREATE with their sequence, content only with MESSAGE_CONTENT', async () => {
    const client = await identified();
    expect(client.ready).toMatchObject({ op: 0, s: 1, d: { v: 10, session_id: expect.any(String), resume_gateway_url: `${sandbox.url.replace('http', 'ws')}/resume`, user: { bot: true } } });
    const withoutContent = await identified(1 << 9);

    await write('5550001', 'Hello bot', { userId: '777', username: 'ana' });
    const created = await client.next((p) => p.t === 'MESSAGE_CREATE');
    expect(created).toMatchObject({ op: 0, s: 2, d: { content: 'Hello bot', channel_id: '5550001', author: { id: '777', username: 'ana' } } });
    expect(created.d.author.bot).toBeUndefined();
    expect((await withoutContent.next((p) => p.t === 'MESSAGE_CREATE')).d).toMatchObject({ content: '', channel_id: '5550001' });

    // A webhook made for the channel posts into it, and the bot sees that post too (a webhook message).
    const webhook = await post('/sandbox/channels/5550001/webhooks', { name: 'Agent' });
    expect(webhook).toMatchObject({ channel_id: '5550001', url: expect.stringContaining('/api/webhooks/') });
    expect((await fetch(webhook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Hi, I am the agent' }) })).status).toBe(204);
    const answer = await client.next((p) => p.t === 'MESSAGE_CREATE' && p.s === 3);
    expect(answer.d).toMatchObject({ content: 'Hi, I am the agent', webhook_id: webhook.id, author: { bot: true } });
    const channel = await get('/sandbox/channels/5550001/messages');
    expect(channel.map((m: { content: string }) => m.content)).toEqual(['Hello bot', 'Hi, I am the agent']);
    client.ws.close(4900);
    withoutContent.ws.close(4900);
  });

  it('a dropped connection resumes on the resume URL: what was missed is replayed in order, then RESUMED', async () => {
    const client = await identified();
    const sessionId = client.ready.d.session_id;
    await write('5550002', 'one');
    const one = await client.next((p) => p.t === 'MESSAGE_CREATE');
    const dropped = await post('/sandbox/gateway/drop');
    expect(dropped.sessions).toContain(sessionId);
    expect(await client.closed).toBe(1006);
    await write('5550002', 'two');
    await write('5550002', 'three');

    const again = open(`${client.ready.d.resume_gateway_url}?v=10&encoding=json`);
    await again.next((p) => p.op === 10);
    again.send({ op: 6, d: { token: sandbox.botToken, session_id: sessionId, seq: one.s } });
    const resumed = await again.next((p) => p.t === 'RESUMED');
    const replayed = again.received.filter((p) => p.t === 'MESSAGE_CREATE');
    expect(replayed.map((p) => p.d.content)).toEqual(['two', 'three']);
    expect(replayed.map((p) => p.s)).toEqual([one.s! + 1, one.s! + 2]);
    expect(resumed.s).toBe(one.s! + 3);
    const [info] = (await get('/sandbox/gateway/sessions')).filter((s: { id: string }) => s.id === sessionId);
    expect(info).toMatchObject({ connected: true, resumes: 1, connections: [{ path: '/', resumed: false, closeCode: 1006 }, { path: '/resume', resumed: true }] });
    // A seq the session never reached ends it (4007); resuming it afterwards is an Invalid Session.
    const ahead = open(`${client.ready.d.resume_gateway_url}?v=10&encoding=json`);
    await ahead.next((p) => p.op === 10);
    ahead.send({ op: 6, d: { token: sandbox.botToken, session_id: sessionId, seq: 10_000 } });
    expect(await ahead.closed).toBe(4007);
    again.ws.close(4900);
  });

  it('asks for a reconnect (op 7), invalidates sessions (op 9), stops acknowledging heartbeats, and ends a session closed with 1000', async () => {
    const client = await identified();
    await post('/sandbox/gateway/reconnect');
    await client.next((p) => p.op === 7);
    await post('/sandbox/gateway/zombie');
    const beats = client.received.length;
    client.send({ op: 1, d: 1 });
    await post('/sandbox/gateway/invalidate', { resumable: false });
    await client.next((p) => p.op === 9, beats);
    expect(client.received.slice(beats).some((p) => p.op === 11)).toBe(false);
    expect(client.received.find((p) => p.op === 9)!.d).toBe(false);
    client.ws.close(4900);

    const unknown = open(gatewayUrl());
    await unknown.next((p) => p.op === 10);
    unknown.send({ op: 6, d: { token: sandbox.botToken, session_id: client.ready.d.session_id, seq: 1 } });
    expect((await unknown.next((p) => p.op === 9)).d).toBe(false);
    unknown.ws.close(4900);

    const polite = await identified();
    polite.ws.close(1000);
    await polite.closed;
    const retry = open(gatewayUrl());
    await retry.next((p) => p.op === 10);
    retry.send({ op: 6, d: { token: sandbox.botToken, session_id: polite.ready.d.session_id, seq: 1 } });
    expect((await retry.next((p) => p.op === 9)).d).toBe(false);
    retry.ws.close(4900);
  });

  it('serves the page a person writes on', async () => {
    const page = await (await fetch(`${sandbox.url}/`)).text();
    expect(page).toContain('Discord sandbox');
    expect(page).toContain('Create a webhook');
    expect(page).toContain('data-testid="transcript"');
  });
});

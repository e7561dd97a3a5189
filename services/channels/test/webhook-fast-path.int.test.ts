import { createHmac } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { META_PAGES_API, REQUEST_MESSAGES, TOPICS, WHATSAPP_API } from '@platform/contracts';
import { REQUEST_BATCH_PATH, REQUEST_BATCH_TYPE, decodeFrames, encodeFrame, signForwarded, type BatchedAnswer, type BatchedRequest, type ForwardedContext } from '@platform/kit';
import { anonymous, readTopicWithKcat } from '@platform/test-support';
import { agentOfSomeone, botToken } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

/** The gateway forwards JSON as `application/json`: that takes the fast path; this spelling, the same JSON, goes through express. */
const FAST = 'application/json';
const EXPRESS = 'application/json;charset=utf-8';
/** Per answer, not per route. */
const VARYING = new Set(['date', 'x-request-id', 'content-length', 'connection', 'keep-alive']);

describe("channels' webhook fast path (ADR 0034)", () => {
  let h: ChannelsHarness;
  let router: jest.SpyInstance;
  let telegramPath: string;
  let secret: string;
  let agentId: string;
  beforeAll(async () => {
    h = await startChannels();
    router = jest.spyOn((h.app as unknown as { _router: { handle: () => void } })._router, 'handle');
    const owner = await agentOfSomeone(h);
    agentId = owner.agentId;
    const token = botToken();
    const { body } = await h.as(owner.person).post('/procedures/connectTelegram', { agentId, token }).expect(200);
    telegramPath = new URL(body.data.webhookUrl).pathname.replace(/^\/api\/eu\/agent/, '');
    secret = ((await (await fetch(`${h.telegram.url}/sandbox/bots/${token.split(':')[0]}/webhook`)).json()) as { secret_token: string }).secret_token;
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => router.mockClear());

  /** One webhook as the gateway sends it (signed unless told otherwise), with the given content type. */
  const send = (path: string, text: string, type: string, headers: Record<string, string> = {}, signed = true) => {
    let call = request(h.app).post(path).set('content-type', type).set(headers);
    if (signed) call = call.set(signForwarded({ identity: anonymous, region: 'eu' }, h.config.platform.internalSigningSecret, { method: 'POST', path, body: Buffer.from(text) }));
    return call.send(text);
  };
  const GATEWAY: ForwardedContext = { identity: { kind: 'gateway' }, region: 'eu' };
  /** A batch's frames, as the gateway frames its requests. */
  const framed = (requests: Array<{ path: string; text: string; headers?: Record<string, string> }>) =>
    Buffer.concat(
      requests.map(({ path, text, headers }) =>
        encodeFrame(
          { method: 'POST', path, headers: { 'content-type': FAST, 'content-length': String(Buffer.byteLength(text)), ...headers }, context: { identity: anonymous, region: 'eu', clientIp: '203.0.113.9' } } satisfies BatchedRequest,
          text,
        ),
      ),
    );
  /** Posts `body` as a request batch, signed by `signer` for `signedBody` (the body itself by default; null: unsigned). */
  const postBatch = (body: Buffer, signer: ForwardedContext | null = GATEWAY, signedBody = body) => {
    let call = request(h.app).post(REQUEST_BATCH_PATH).set('content-type', REQUEST_BATCH_TYPE);
    if (signer) call = call.set(signForwarded(signer, h.config.platform.internalSigningSecret, { method: 'POST', path: REQUEST_BATCH_PATH, body: signedBody }));
    return call
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .send(body);
  };
  /** The answers of a batch, in the order of its requests. */
  const answersOf = (res: request.Response) =>
    decodeFrames<BatchedAnswer>(res.body as Buffer, 1024 * 1024)
      .sort((a, b) => a.head.index - b.head.index)
      .map(({ head, body }) => ({ status: head.status, headers: head.headers, body: JSON.parse(body.toString()) as unknown }));
  const inbound = async () => (await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`));

  it('refuses an update that did not come through the gateway, even with the right Telegram secret: 401, express never sees it, nothing queued', async () => {
    const update = JSON.stringify({ update_id: 7001, message: { message_id: 7001, date: 1, chat: { id: 7001 }, text: 'unsigned' } });
    const res = await send(telegramPath, update, FAST, { 'x-telegram-bot-api-secret-token': secret }, false).expect(401);
    expect(res.body).toEqual({ success: false, message: 'Request did not come through the gateway' });
    expect(router).not.toHaveBeenCalled();
    expect((await inbound()).some((record) => record.value.includes('unsigned'))).toBe(false);
  });

  it('refuses a body whose declared length is over the limit before reading it: 413, the connection closed', async () => {
    const server: Server = await new Promise((resolve) => {
      const listening = h.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const answer = await new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const call = httpRequest(
          { host: '127.0.0.1', port: (server.address() as AddressInfo).port, method: 'POST', path: telegramPath, headers: { 'content-type': FAST, 'content-length': 2 * 1024 * 1024 } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: Buffer.concat(chunks).toString() }));
          },
        );
        call.on('error', reject);
        // Only the start of the promised 2 MB: the answer must not wait for the rest.
        call.write('{"update_id":');
      });
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ success: false, message: REQUEST_MESSAGES.tooLarge });
      expect(router).not.toHaveBeenCalled();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers every input as the express path does (status, body, headers), and only the express spelling reaches the router', async () => {
    const update = (id: number) => JSON.stringify({ update_id: id, message: { message_id: id, date: 1, chat: { id: 4243 }, text: `same ${id}` } });
    const deep = JSON.stringify(Array.from({ length: 70 }).reduce<unknown>((inner) => ({ inner }), {}));
    const metaBody = JSON.stringify({ object: 'page', entry: [] });
    const cases: Array<{ name: string; path: string; text: string; headers?: Record<string, string>; signed?: boolean }> = [
      { name: 'an update, queued', path: telegramPath, text: update(8001), headers: { 'x-telegram-bot-api-secret-token': secret } },
      { name: 'a wrong Telegram secret', path: telegramPath, text: update(8002), headers: { 'x-telegram-bot-api-secret-token': 'wrong' } },
      { name: 'no Telegram secret', path: telegramPath, text: update(8003) },
      { name: 'unsigned by the gateway', path: telegramPath, text: update(8004), headers: { 'x-telegram-bot-api-secret-token': secret }, signed: false },
      { name: 'invalid JSON', path: telegramPath, text: '{"update_id":', headers: { 'x-telegram-bot-api-secret-token': secret } },
      { name: 'a JSON string', path: telegramPath, text: '"text"' },
      { name: 'an array, not an update', path: telegramPath, text: '[1]', headers: { 'x-telegram-bot-api-secret-token': secret } },
      { name: 'nested too deeply', path: telegramPath, text: deep },
      { name: 'an agent id that is none', path: '/v2/agents/not-an-id/telegram-webhook', text: update(8005) },
      { name: 'an unknown agent', path: `/v2/agents/${'0'.repeat(24)}/telegram-webhook`, text: update(8006), headers: { 'x-telegram-bot-api-secret-token': secret } },
      { name: 'WhatsApp, a wrong signature', path: WHATSAPP_API.whatsappWebhook.path.replace(':agentId', agentId), text: metaBody, headers: { 'x-hub-signature-256': 'sha256=00' } },
      { name: 'Meta, a wrong signature', path: META_PAGES_API.metaWebhook.path, text: metaBody, headers: { 'x-hub-signature-256': `sha256=${createHmac('sha256', 'not the secret').update(metaBody).digest('hex')}` } },
      { name: 'Meta, no signature', path: META_PAGES_API.metaWebhook.path, text: metaBody },
    ];
    for (const { name, path, text, headers, signed } of cases) {
      const fast = await send(path, text, FAST, headers, signed !== false);
      expect(router).not.toHaveBeenCalled();
      const viaExpress = await send(path, text, EXPRESS, headers, signed !== false);
      expect(router).toHaveBeenCalledTimes(1);
      router.mockClear();
      const shape = (res: request.Response) => ({
        name,
        status: res.status,
        body: res.body,
        headers: Object.fromEntries(Object.entries(res.headers).filter(([header]) => !VARYING.has(header))),
      });
      expect(shape(fast)).toEqual(shape(viaExpress));
    }
    expect((await inbound()).filter((record) => record.value.includes('same 8001'))).toHaveLength(1);
  });

  it("answers a request batch of the gateway: each request as it would be answered alone, in one exchange, the express router never called (ADR 0047)", async () => {
    const update = (id: number) => JSON.stringify({ update_id: id, message: { message_id: id, date: 1, chat: { id: 4244 }, text: `batched ${id}` } });
    const metaBody = JSON.stringify({ object: 'page', entry: [] });
    const cases: Array<{ path: string; text: string; headers?: Record<string, string> }> = [
      { path: telegramPath, text: update(9001), headers: { 'x-telegram-bot-api-secret-token': secret } },
      { path: telegramPath, text: update(9002), headers: { 'x-telegram-bot-api-secret-token': 'wrong' } },
      { path: telegramPath, text: update(9003) },
      { path: telegramPath, text: '{"update_id":', headers: { 'x-telegram-bot-api-secret-token': secret } },
      { path: telegramPath, text: '[1]', headers: { 'x-telegram-bot-api-secret-token': secret } },
      { path: '/v2/agents/not-an-id/telegram-webhook', text: update(9004) },
      { path: META_PAGES_API.metaWebhook.path, text: metaBody, headers: { 'x-hub-signature-256': `sha256=${createHmac('sha256', 'not the secret').update(metaBody).digest('hex')}` } },
      { path: telegramPath, text: update(9005), headers: { 'x-telegram-bot-api-secret-token': secret } },
    ];
    const res = await postBatch(framed(cases)).expect(200).expect('content-type', REQUEST_BATCH_TYPE);
    expect(router).not.toHaveBeenCalled();
    const answers = answersOf(res);
    expect(answers).toHaveLength(cases.length);
    for (const [i, { path, text, headers }] of cases.entries()) {
      const alone = await send(path, text, FAST, headers);
      // The same status and body; of the headers only the route's own travel back (the gateway sets the rest).
      expect({ i, status: answers[i]!.status, body: answers[i]!.body }).toEqual({ i, status: alone.status, body: alone.body });
      expect(answers[i]!.headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
    }
    const queued = (await inbound()).filter((record) => /batched 900[15]/.test(record.value));
    expect(queued).toHaveLength(2);
  });

  it('runs a batch\'s requests only behind the gateway\'s own signature over the whole batch, and refuses a malformed one', async () => {
    const update = JSON.stringify({ update_id: 9101, message: { message_id: 9101, date: 1, chat: { id: 4245 }, text: 'never queued' } });
    const batch = framed([{ path: telegramPath, text: update, headers: { 'x-telegram-bot-api-secret-token': secret } }]);
    const refusal = { success: false, message: 'Request did not come through the gateway' };
    expect(JSON.parse((await postBatch(batch, null).expect(401)).body.toString())).toEqual(refusal);
    // Signed, but as an anonymous caller (what any webhook is): only the gateway itself vouches for a batch.
    await postBatch(batch, { identity: anonymous, region: 'eu' }).expect(401);
    // Signed for another body.
    await postBatch(batch, GATEWAY, framed([{ path: telegramPath, text: '{}' }])).expect(401);
    // Signed, but not frames: a cut frame, a head that names no request.
    const malformed = { success: false, message: 'Malformed request batch' };
    expect(JSON.parse((await postBatch(batch.subarray(0, batch.length - 3)).expect(400)).body.toString())).toEqual(malformed);
    await postBatch(encodeFrame({ path: telegramPath }, update)).expect(400);
    expect(router).not.toHaveBeenCalled();
    expect((await inbound()).some((record) => record.value.includes('never queued'))).toBe(false);
  });
});

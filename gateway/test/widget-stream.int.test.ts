import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createParser } from 'eventsource-parser';
import { spawnLlmSandbox, startAgentService, type AgentService } from '@platform/test-support';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { gatewayEnv, silentLogger } from './helpers/upstream';

const CHUNK_DELAY_MS = 150;

/**
 * The widget's answer through the real gateway and agent service, from an LLM sandbox that
 * writes its chunks 150 ms apart: the pieces reach a page of another origin as they are
 * written (nothing on the way buffers the stream), with the widget's CORS.
 */
describe('a widget answer streams through the gateway', () => {
  let llm: Awaited<ReturnType<typeof spawnLlmSandbox>>;
  let agentService: AgentService;
  let agentServer: Server;
  let gatewayServer: Server;
  let gatewayUrl: string;

  beforeAll(async () => {
    llm = await spawnLlmSandbox(['--chunk-delay-ms', String(CHUNK_DELAY_MS)]);
    agentService = await startAgentService({ config: { llm: { apiBase: `${llm.url}/v1`, apiKey: 'sandbox', model: 'gpt-4o-mini', timeoutMs: 10_000, maxTokens: 100 } } });
    agentServer = agentService.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => agentServer.once('listening', resolve));
    const gateway = createGateway(
      loadConfig(
        gatewayEnv({
          INTERNAL_SIGNING_SECRET: agentService.config.platform.internalSigningSecret,
          SERVICE_URL_AGENT: `http://127.0.0.1:${(agentServer.address() as AddressInfo).port}`,
        }),
      ),
      silentLogger,
    );
    gatewayServer = gateway.listen(0, '127.0.0.1');
    await new Promise((resolve) => gatewayServer.once('listening', resolve));
    gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gatewayServer?.closeAllConnections();
    await new Promise((resolve) => gatewayServer?.close(resolve));
    agentServer?.closeAllConnections();
    await new Promise((resolve) => agentServer?.close(resolve));
    await agentService?.close();
    await llm?.stop();
  });

  it('delivers each piece as the model writes it', async () => {
    const { workspace } = agentService;
    const owner = { kind: 'user' as const, userId: 'streamowner1', email: 'stream.owner@example.com' };
    const created = await workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Stream' }).expect(201);
    const uid = created.body.data.uid as string;
    await agentService.mongo.collection('eu', 'users').updateOne({ _id: uid } as never, { $set: { loadTokens: 100 } } as never);
    const { newAgentDraft } = await import('@platform/contracts');
    const draft = newAgentDraft({ title: 'Streamer', ownerID: uid });
    await agentService.as(owner).post(`/v2/agents/${draft.ID}`, draft).expect(200);

    const text = 'Please tell me everything about your opening hours, prices and the bikes you repair';
    const started = Date.now();
    const res = await fetch(`${gatewayUrl}/api/eu/agent/widget/agents/${draft.ID}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: 'https://shop.customer.example' },
      body: JSON.stringify({ visitorId: 'streamvisitor', messageId: 'streammessage1', text }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const arrivals: Array<{ event?: string; at: number; data: { text?: string } }> = [];
    const parser = createParser({ onEvent: ({ event, data }) => arrivals.push({ event, at: Date.now() - started, data: JSON.parse(data) }) });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));

    const deltas = arrivals.filter((a) => a.event === 'delta');
    const expected = `Sandbox reply: you said "${text}".`;
    expect(deltas.map((d) => d.data.text).join('')).toBe(expected);
    expect(arrivals.at(-1)).toMatchObject({ event: 'done', data: { text: expected } });
    // ~100 characters in 40-character pieces: 3 pieces, each written 150 ms after the one before
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    // buffered on the way, they would arrive together; streamed, they span the model's writing
    // (a busy machine may bunch two of them, so the spread is checked, not each gap)
    expect(deltas.at(-1)!.at - deltas[0]!.at).toBeGreaterThanOrEqual((deltas.length - 1) * CHUNK_DELAY_MS * 0.8);
  });
});

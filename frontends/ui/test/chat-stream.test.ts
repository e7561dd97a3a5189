/**
 * @jest-environment node
 */
/// <reference types="node" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_API } from '@platform/contracts';
import { ApiError } from '../src/api/http';
import { streamChat } from '../src/api/chat-stream';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

async function gateway(handler: Handler) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

const body = { messageId: 'm1', text: 'hi', visitorId: 'v1' };

describe('streamChat', () => {
  it('posts to the endpoint asking for events, hands over each delta and returns the done answer', async () => {
    let seen: { url?: string; accept?: string; body?: unknown } = {};
    const server = await gateway((req, raw, res) => {
      seen = { url: req.url, accept: req.headers.accept, body: JSON.parse(raw) };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: delta\ndata: {"text":"Hel"}\n\n');
      res.write('event: delta\ndata: {"te');
      res.write('xt":"lo"}\n\nevent: done\ndata: {"conversationId":"c1","messageId":"m1","text":"Hello"}\n\n');
      res.end();
    });
    try {
      const pieces: string[] = [];
      const answer = await streamChat(AGENT_API.sendWidgetMessage, { origin: server.origin, region: 'na', agentId: 'a1', body, credentials: 'omit', onDelta: (p) => pieces.push(p) });
      expect(pieces).toEqual(['Hel', 'lo']);
      expect(answer).toEqual({ conversationId: 'c1', messageId: 'm1', text: 'Hello' });
      expect(seen).toEqual({ url: '/api/na/agent/widget/agents/a1/messages', accept: 'text/event-stream', body });
    } finally {
      await server.close();
    }
  });

  it("throws the server's message for a refusal before the stream, and for an error event", async () => {
    const refusing = await gateway((_req, _raw, res) => res.writeHead(429, { 'content-type': 'application/json' }).end('{"success":false,"message":"Too many messages"}'));
    const failing = await gateway((_req, _raw, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: delta\ndata: {"text":"Hi"}\n\nevent: error\ndata: {"message":"The agent could not answer"}\n\n');
    });
    try {
      const refused = await streamChat(AGENT_API.sendTestMessage, { origin: refusing.origin, agentId: 'a1', body, onDelta: () => undefined }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 429, message: 'Too many messages' });
      await expect(streamChat(AGENT_API.sendTestMessage, { origin: failing.origin, agentId: 'a1', body, onDelta: () => undefined })).rejects.toMatchObject({ message: 'The agent could not answer' });
    } finally {
      await refusing.close();
      await failing.close();
    }
  });
});

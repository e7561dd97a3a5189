import { createServer, request, type Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { upstreamAgent } from '../src/clients/upstream-agent';

/**
 * A service closes a kept connection after its keep-alive timeout (node's default 5 s, announced as
 * `Keep-Alive: timeout=5`); the gateway's agent must drop it a second before, or a request written
 * to it as the service closes it fails ("socket hang up", a 502).
 */
describe('the gateway agent to the services', () => {
  let server: Server;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    server.keepAliveTimeout = 2_000; // announced as timeout=2: the agent keeps an idle connection 1 s
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (agent: Agent) =>
    new Promise<void>((resolve, reject) => {
      const call = request({ agent, host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (answer) => {
        answer.resume();
        answer.once('end', resolve);
      });
      call.once('error', reject).end();
    });
  const idle = (agent: Agent) => Object.values(agent.freeSockets).flat().length;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("reuses a connection while it is fresh and drops it before the service's announced timeout", async () => {
    const agent = upstreamAgent();
    await get(agent);
    await get(agent);
    expect(connections).toBe(1);
    expect(idle(agent)).toBe(1);
    await sleep(1_500);
    expect(idle(agent)).toBe(0);
    await get(agent);
    expect(connections).toBe(2);
    agent.destroy();
  });
});

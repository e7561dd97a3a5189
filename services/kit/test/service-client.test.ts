import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPSTREAM_MESSAGES } from '@platform/contracts';
import { callService, checkWorkspaceAccess, organizationsOfAgent, readEntitlements, sha256Hex, verifyForwarded, type ServiceClient } from '../src';

describe('signed service-to-service calls', () => {
  const secret = 'test-secret';
  let server: Server;
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let seen: Array<{ method: string; path: string; kind?: string; region?: string; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const context = verifyForwarded({ method: req.method!, path: req.url!, headers: req.headers, bodySha256: raw ? sha256Hex(raw) : undefined }, secret);
        seen.push({ method: req.method!, path: req.url!, kind: context?.identity.kind, region: context?.region, body: raw });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    seen = [];
    answer = { status: 200, body: {} };
  });

  const client = (): ServiceClient => ({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, signingSecret: secret, timeoutMs: 1000 });

  it('signs the call as the given identity and region, and returns any answer', async () => {
    answer = { status: 418, body: { message: 'no' } };
    const response = await callService(client(), { method: 'POST', path: '/x?y=1', body: { a: 1 }, identity: { kind: 'gateway' }, region: 'eu', unavailable: 'down' });
    expect(response.status).toBe(418);
    expect(seen).toEqual([{ method: 'POST', path: '/x?y=1', kind: 'gateway', region: 'eu', body: '{"a":1}' }]);
  });

  it('an unreachable service is a 503 with the given message', async () => {
    const unreachable = { ...client(), baseUrl: 'http://127.0.0.1:1' };
    await expect(callService(unreachable, { method: 'GET', path: '/x', identity: { kind: 'gateway' }, region: 'na', unavailable: 'down' })).rejects.toMatchObject({ status: 503, message: 'down' });
  });

  it('the workspace access check: a member, an unknown workspace, a refusal', async () => {
    answer = { status: 200, body: { success: true, isMember: true } };
    expect(await checkWorkspaceAccess(client(), 'na', 'ws1', { userId: 'u1', email: 'ann@x.io' })).toBe(true);
    expect(JSON.parse(seen[0]!.body)).toEqual({ uid: 'ws1', email: 'ann@x.io', userId: 'u1' });
    answer = { status: 404, body: {} };
    expect(await checkWorkspaceAccess(client(), 'na', 'ws1', { userId: 'u1', email: 'ann@x.io' })).toBe(false);
    answer = { status: 500, body: {} };
    await expect(checkWorkspaceAccess(client(), 'na', 'ws1', { userId: 'u1', email: 'ann@x.io' })).rejects.toMatchObject({ status: 503, message: UPSTREAM_MESSAGES.workspaceUnavailable });
  });

  it("billing's entitlements: the data, null for an unknown workspace, 503 otherwise", async () => {
    answer = { status: 200, body: { success: true, data: { balance: 5 } } };
    expect(await readEntitlements(client(), 'eu', 'ws1')).toEqual({ balance: 5 });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/internal/entitlements/ws1', kind: 'gateway', region: 'eu' });
    answer = { status: 404, body: {} };
    expect(await readEntitlements(client(), 'eu', 'ws1')).toBeNull();
    answer = { status: 502, body: {} };
    await expect(readEntitlements(client(), 'eu', 'ws1')).rejects.toMatchObject({ status: 503, message: UPSTREAM_MESSAGES.billingUnavailable });
  });

  it("agency-domain's organisations of an agent: the list, none for an unknown agent, 503 otherwise", async () => {
    const organization = { ID: 'org1', agencyId: 'ag1', ownerID: 'ws1', clients: [{ ID: 'c1', email: 'c@x.io', pushToken: '{}' }] };
    answer = { status: 200, body: { success: true, organizations: [organization] } };
    expect(await organizationsOfAgent(client(), 'na', 'agent 1')).toEqual([organization]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/internal/organizations/by-agent/agent%201', kind: 'gateway', region: 'na' });
    answer = { status: 404, body: {} };
    expect(await organizationsOfAgent(client(), 'na', 'agent1')).toEqual([]);
    answer = { status: 500, body: {} };
    await expect(organizationsOfAgent(client(), 'na', 'agent1')).rejects.toMatchObject({ status: 503, message: UPSTREAM_MESSAGES.agencyUnavailable });
  });
});

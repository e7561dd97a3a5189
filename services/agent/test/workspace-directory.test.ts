import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, sha256Hex, verifyForwarded } from '@platform/kit';
import { HttpWorkspaceDirectory } from '../src/clients/workspace-directory';

describe('workspace membership over HTTP', () => {
  const secret = 'test-secret';
  let server: Server;
  let calls: Array<{ region: string; kind: string; body: Record<string, string> }> = [];
  let broken = false;
  let clock = 1_000_000;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const context = verifyForwarded({ method: req.method!, path: req.url!, headers: req.headers, bodySha256: sha256Hex(raw) }, secret)!;
        const body = JSON.parse(raw);
        calls.push({ region: context.region, kind: context.identity.kind, body });
        if (broken) return res.writeHead(500).end();
        if (body.uid === 'missing') return res.writeHead(404).end('{}');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, isMember: body.email === 'ann@x.io' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const directory = () =>
    new HttpWorkspaceDirectory({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      signingSecret: secret,
      timeoutMs: 1000,
      cache: { ttlMs: 10_000, negativeTtlMs: 2_000, maxEntries: 2 },
      logger: createLogger('test', 'silent'),
      now: () => clock,
    });

  beforeEach(() => {
    calls = [];
    broken = false;
  });

  it('asks with gateway-signed headers in the region, and caches yes longer than no', async () => {
    const d = directory();
    const ann = { userId: 'u1', email: 'ANN@x.io' };
    const bob = { userId: 'u2', email: 'bob@x.io' };
    expect(await d.isMember('na', 'ws1', ann)).toBe(false); // e-mail compared by the workspace service as given
    expect(await d.isMember('na', 'ws1', { ...ann, email: 'ann@x.io' })).toBe(false); // same key after normalising: cached
    expect(calls).toEqual([{ region: 'na', kind: 'gateway', body: { uid: 'ws1', email: 'ANN@x.io', userId: 'u1' } }]);
    expect(await d.isMember('eu', 'ws1', { userId: 'u3', email: 'ann@x.io' })).toBe(true);
    expect(await d.isMember('eu', 'ws1', bob)).toBe(false);
    expect(await d.isMember('eu', 'missing', bob)).toBe(false);
    expect(calls).toHaveLength(4);
    clock += 3_000; // the "no" answers expired, the "yes" did not (but the cache holds 2 entries only)
    expect(await d.isMember('eu', 'ws1', bob)).toBe(false);
    expect(calls).toHaveLength(5);
  });

  it('a failure to ask is a 503 and is not cached', async () => {
    const d = directory();
    broken = true;
    await expect(d.isMember('eu', 'ws9', { userId: 'u', email: 'ann@x.io' })).rejects.toMatchObject({ status: 503 });
    broken = false;
    expect(await d.isMember('eu', 'ws9', { userId: 'u', email: 'ann@x.io' })).toBe(true);
    expect(calls).toHaveLength(2);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundRequestFailed, SafeHttpClient } from '@platform/kit';

describe('SSRF-safe HTTP client', () => {
  let server: http.Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    // Loopback only: the refusing tests must be refused before they get here.
    server = http.createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      const redirect = new URL(req.url!, 'http://x').searchParams.get('to');
      if (redirect) return void res.writeHead(302, { location: redirect }).end();
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, body })));
    });
    server.listen(0, '::');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    received.length = 0;
  });

  const strict = new SafeHttpClient({ allowLoopback: false, timeoutMs: 3_000 });

  it.each([
    ['IPv4 loopback', () => `http://127.0.0.1:${port}/x`],
    ['IPv6 loopback', () => `http://[::1]:${port}/x`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/x`],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${port}/x`],
    ['a private network', () => `http://10.0.0.1:${port}/x`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to loopback', () => `http://localhost:${port}/x`],
  ])('refuses %s', async (_label, url) => {
    await expect(strict.request(url(), { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(OutboundRequestFailed);
    expect(received).toEqual([]);
  });

  it('checks every redirect hop', async () => {
    // The switch lets the first hop reach this test server (127.0.0.1); the hop after it goes
    // to loopback addresses the switch does not cover, and must be refused before connecting.
    const local = new SafeHttpClient({ allowLoopback: true });
    const landed = await local.request(`http://127.0.0.1:${port}/go?to=${encodeURIComponent(`http://[::1]:${port}/landed`)}`);
    expect(landed.url).toBe(`http://[::1]:${port}/landed`);
    received.length = 0;
    for (const target of [`http://127.0.0.2:${port}/landed`, `http://[::ffff:127.0.0.1]:${port}/landed`, 'http://169.254.169.254/latest']) {
      await expect(local.request(`http://127.0.0.1:${port}/go?to=${encodeURIComponent(target)}`)).rejects.toBeInstanceOf(OutboundRequestFailed);
    }
    expect(received.filter((line) => line.includes('/landed'))).toEqual([]);
  });

  it('reaches loopback when local runs allow it (OUTBOUND_ALLOW_LOOPBACK)', async () => {
    const local = new SafeHttpClient({ allowLoopback: true });
    const answer = await local.request(`http://localhost:${port}/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true, body: '{"a":1}' });
    // Still not the mapped or NAT64 spellings, nor private networks.
    await expect(local.request(`http://[::ffff:127.0.0.1]:${port}/x`)).rejects.toBeInstanceOf(OutboundRequestFailed);
    await expect(local.request(`http://10.0.0.1:${port}/x`)).rejects.toBeInstanceOf(OutboundRequestFailed);
  });
});

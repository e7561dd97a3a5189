import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { gatewayEnv, silentLogger } from './helpers/upstream';

const PRECOMPRESS = path.resolve(__dirname, '../../frontends/scripts/precompress.js');

/** The body as bytes (superagent has undone the Content-Encoding; the headers show what was sent). */
const raw = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('gateway static assets', () => {
  let dist: string;
  const script = `console.log(${JSON.stringify('a fairly repetitive bundle '.repeat(200))});`;

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    mkdirSync(path.join(dist, 'remotes', 'billing'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dist, 'main.3f2a9c1d7e.js'), script);
    writeFileSync(path.join(dist, 'remotes', 'billing', 'remoteEntry.js'), script);
    writeFileSync(path.join(dist, 'favicon.ico'), Buffer.alloc(64, 1));
    // The build's own step, over the built directory (remotes included).
    execFileSync(process.execPath, [PRECOMPRESS, dist]);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const gateway = () => createGateway(loadConfig(gatewayEnv({ FRONTEND_DIST: dist })), silentLogger);

  it('serves the precompressed brotli copy to browsers that take it, cached for a year when hashed', async () => {
    const res = await raw(request(gateway()).get('/main.3f2a9c1d7e.js').set('accept-encoding', 'gzip, deflate, br'));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(script);
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 5);
  });

  it('falls back to gzip, then to the plain file; unhashed files are revalidated', async () => {
    const gz = await raw(request(gateway()).get('/remotes/billing/remoteEntry.js').set('accept-encoding', 'gzip'));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.toString()).toBe(script);
    expect(Number(gz.headers['content-length'])).toBeLessThan(script.length / 5);
    expect(gz.headers['cache-control']).toBe('no-cache');
    const plain = await raw(request(gateway()).get('/main.3f2a9c1d7e.js').set('accept-encoding', 'identity'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('keeps index.html uncached and serves /favicon.ico as an icon, not the page', async () => {
    const page = await request(gateway()).get('/app/eu/agents').set('accept', 'text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await request(gateway()).get('/favicon.ico').set('accept', 'image/avif,image/webp,*/*');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
  });
});

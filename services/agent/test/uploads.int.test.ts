import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { AUTH_MESSAGES, MESSAGES } from '@platform/contracts';
import { SERVER_ACCEPT } from '../src/domain/uploads';
import { agentIdentity, anonymous } from '@platform/test-support';
import { PUBLIC_URL, startMediaHarness, type MediaHarness } from './support/media';

const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** A PNG signature followed by random bytes: several GridFS chunks (255 KiB each). */
const png = (size: number) => Buffer.concat([PNG_HEADER, randomBytes(size - PNG_HEADER.length)]);
const b64 = (bytes: Buffer, mime?: string) => (mime ? `data:${mime};base64,` : '') + bytes.toString('base64');
const FILES = ['uploads.files', 'uploads.chunks'];

/** The raw bytes of a response (supertest buffers binary bodies with this parser). */
const binary = (res: request.Response, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('uploads: POST /procedures/uploadFile and GET /files/{name} on GridFS', () => {
  let h: MediaHarness;
  beforeAll(async () => {
    h = await startMediaHarness();
  });
  afterAll(() => h.close());

  const upload = (body: Record<string, unknown>, who = h.member, region: 'eu' | 'na' = 'eu') =>
    h.as(who, region).post('/procedures/uploadFile', { userId: 'user1', targetPath: 'agents/agentA/images', ...body });
  const download = (name: string, region: 'eu' | 'na' = 'eu') => h.as(anonymous, region).get(`/files/${name}`).buffer(true).parse(binary);

  it('stores an image in GridFS and serves the same bytes with the sniffed type and year-long caching', async () => {
    const bytes = png(700_000);
    const res = await upload({ base64Payload: b64(bytes, 'application/octet-stream'), fileName: 'Logo.png', accept: '.png,.jpg', maxSizeMB: 1, agentId: h.agentId }).expect(200);
    const { data } = res.body;
    expect(res.body.success).toBe(true);
    expect(data.filename).toMatch(/^[A-Za-z0-9]{8}\.png$/);
    expect(data).toEqual({
      url: `${PUBLIC_URL}/api/eu/agent/files/${data.filename}`,
      path: `agents/agentA/images/${data.filename}`,
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      dbFilePath: `eu/${data.filename}`,
      filename: data.filename,
      sizeKB: 700,
    });

    const file = await download(data.filename).expect(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-length']).toBe('700000');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['content-disposition']).toBe(`inline; filename="${data.filename}"`);

    // kept in the GridFS collections, with who uploaded it
    const stored = await h.documents(...FILES);
    const meta = (stored['eu.uploads.files'] as Array<Record<string, unknown>>).find((f) => f.filename === data.filename);
    expect(meta).toMatchObject({
      length: 700_000,
      metadata: { contentType: 'image/png', uploadedBy: { kind: 'user', id: h.member.userId }, userId: 'user1', agentId: h.agentId, targetPath: 'agents/agentA/images', temporary: false, originalName: 'Logo.png' },
    });
    expect((stored['eu.uploads.chunks'] as unknown[]).length).toBeGreaterThanOrEqual(3);

    // revalidation by ETag
    await h.as(anonymous).get(`/files/${data.filename}`).set('if-none-match', file.headers.etag!).expect(304);
  });

  it('round-trips a 3 MB document bytes-exact, and serves non-images as downloads', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3_000_000)]);
    const res = await upload({ base64Payload: b64(bytes, 'application/pdf'), temporary: true }, h.secret).expect(200);
    const file = await download(res.body.data.filename).expect(200);
    expect((file.body as Buffer).equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');

    const csv = Buffer.from('name,colour\nheader,blue\n');
    const csvRes = await upload({ base64Payload: b64(csv), fileName: 'colours.csv' }, h.agentKey).expect(200);
    const csvFile = await download(csvRes.body.data.filename).expect(200);
    expect((csvFile.body as Buffer).equals(csv)).toBe(true);
    expect(csvFile.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvFile.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('serves SVG as image/svg+xml under a sandboxing CSP', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>');
    const res = await upload({ base64Payload: b64(svg, 'image/svg+xml') }).expect(200);
    expect(res.body.data.filename).toMatch(/\.svg$/);
    const file = await download(res.body.data.filename).expect(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps files in the region of the request; links name it, other regions still find them', async () => {
    const bytes = png(1_000);
    const res = await upload({ base64Payload: b64(bytes) }, h.member, 'na').expect(200);
    expect(res.body.data.url).toBe(`${PUBLIC_URL}/api/na/agent/files/${res.body.data.filename}`);
    const stored = await h.documents('uploads.files');
    expect((stored['na.uploads.files'] as Array<{ filename: string }>).map((f) => f.filename)).toContain(res.body.data.filename);
    expect((stored['eu.uploads.files'] as Array<{ filename: string }>).map((f) => f.filename)).not.toContain(res.body.data.filename);
    expect(((await download(res.body.data.filename, 'na').expect(200)).body as Buffer).equals(bytes)).toBe(true);
    expect(((await download(res.body.data.filename, 'eu').expect(200)).body as Buffer).equals(bytes)).toBe(true);
  });

  it('answers 404 for unknown files and 400 for names that cannot be ours', async () => {
    await h.as(anonymous).get('/files/ZZZZZZZZ.png').expect(404, { success: false, message: 'File not found' });
    await h.as(anonymous).get('/files/..%2Fsecret').expect(400);
    await h.as(anonymous).get('/files/short.png').expect(400);
  });

  describe('refusals store nothing', () => {
    let fresh: MediaHarness;
    beforeAll(async () => {
      fresh = await startMediaHarness();
    });
    afterAll(() => fresh.close());
    const post = (body: Record<string, unknown>, who = fresh.member) =>
      fresh.as(who).post('/procedures/uploadFile', { userId: 'user1', targetPath: 'agents/agentA', ...body });

    it("refuses with the spec's messages and leaves the GridFS collections empty", async () => {
      const small = png(2_500);
      await post({ base64Payload: b64(small), fileName: 'a.png', maxSizeMB: 0.002 }).expect(400, { success: false, message: 'Max size: 0.002 MBs' });
      await post({ base64Payload: b64(small), fileName: 'a.png', accept: '.jpg,.jpeg' }).expect(400, { success: false, message: 'Only .jpg,.jpeg Files' });
      await post({ base64Payload: b64(Buffer.from('MZ\x90\x00binary')), fileName: 'tool.exe' }).expect(400, { success: false, message: `Only ${SERVER_ACCEPT} Files` });
      // the bytes decide, not the name or the claimed type
      await post({ base64Payload: b64(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'), fileName: 'x.png', accept: '.png' }).expect(400, {
        success: false,
        message: MESSAGES.channels.uploadWrongType('.png'),
      });
      await post({ base64Payload: 'not base64!' }).expect(400);
      await post({ base64Payload: b64(small), targetPath: '../escape' }).expect(400);
      await post({ base64Payload: b64(small) }, anonymous).expect(401, { success: false, message: AUTH_MESSAGES.signInRequired });
      // naming an agent of another workspace, or another agent's with an agent key
      await post({ base64Payload: b64(small), agentId: fresh.strangersAgentId }).expect(403);
      await post({ base64Payload: b64(small), agentId: fresh.agentId }, agentIdentity(fresh.strangersAgentId)).expect(403);

      const stored = await fresh.documents(...FILES);
      expect(Object.values(stored).flat()).toEqual([]);
    });

    it("takes files up to the server's 20 MB and refuses larger ones with 'Max size: 20 MBs'", async () => {
      const big = png(12_000_000);
      const res = await post({ base64Payload: b64(big), fileName: 'big.png' }).expect(200);
      const file = await fresh.as(anonymous).get(`/files/${res.body.data.filename}`).buffer(true).parse(binary).expect(200);
      expect((file.body as Buffer).equals(big)).toBe(true);

      // (counted, not compared: a deep comparison of 12 MB of chunks takes minutes)
      const counts = async () => Promise.all(FILES.map((name) => fresh.mongo.collection('eu', name).countDocuments()));
      const before = await counts();
      await post({ base64Payload: b64(png(20_000_001)), fileName: 'huge.png' }).expect(400, { success: false, message: 'Max size: 20 MBs' });
      expect(await counts()).toEqual(before);
    });
  });
});

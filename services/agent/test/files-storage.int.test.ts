import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RegionalMongo } from '@platform/kit';
import { FileNameTakenError, GridFsFileStorage } from '../src/store/files-storage';
import { dropAll, freshMongo } from '@platform/test-support';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('GridFsFileStorage on the MongoDB-compatible server', () => {
  let mongo: RegionalMongo;
  let files: GridFsFileStorage;
  beforeAll(async () => {
    mongo = await freshMongo();
    files = new GridFsFileStorage(mongo, { chunkSizeBytes: 64 * 1024 });
  });
  afterAll(() => dropAll(mongo));

  const count = (region: 'eu' | 'na', name: string) => mongo.collection(region, name).countDocuments();

  it('puts and gets bytes with their type and metadata, per region', async () => {
    const bytes = randomBytes(300_000);
    const info = await files.put('na', 'Abcdefgh.bin', bytes, 'application/pdf', { uploadedBy: { kind: 'user', id: 'u1' } });
    expect(info).toMatchObject({ name: 'Abcdefgh.bin', length: 300_000, contentType: 'application/pdf', metadata: { contentType: 'application/pdf', uploadedBy: { kind: 'user', id: 'u1' } } });
    expect(await count('na', 'uploads.chunks')).toBe(5);
    const file = await files.get('na', 'Abcdefgh.bin');
    expect(file).toMatchObject({ id: info.id, contentType: 'application/pdf', length: 300_000 });
    expect((await read(file!.stream)).equals(bytes)).toBe(true);
    expect(await files.get('eu', 'Abcdefgh.bin')).toBeNull();
  });

  it('refuses a taken name without touching the stored file', async () => {
    const first = Buffer.from('first');
    await files.put('eu', 'Taken123.txt', first, 'text/plain');
    await expect(files.put('eu', 'Taken123.txt', Buffer.from('second'), 'text/plain')).rejects.toBeInstanceOf(FileNameTakenError);
    expect((await read((await files.get('eu', 'Taken123.txt'))!.stream)).toString()).toBe('first');
    expect(await mongo.collection('eu', 'uploads.files').countDocuments({ filename: 'Taken123.txt' })).toBe(1);
  });

  it('deletes files, and temporary ones older than a date', async () => {
    await files.put('eu', 'Keep1234.txt', Buffer.from('keep'), 'text/plain', { temporary: false });
    await files.put('eu', 'Temp1234.txt', Buffer.from('temp'), 'text/plain', { temporary: true });
    expect(await files.deleteTemporary('eu', new Date(Date.now() - 60_000))).toBe(0);
    expect(await files.deleteTemporary('eu', new Date(Date.now() + 60_000))).toBe(1);
    expect(await files.get('eu', 'Temp1234.txt')).toBeNull();
    expect(await files.get('eu', 'Keep1234.txt')).not.toBeNull();
    expect(await files.delete('eu', 'Keep1234.txt')).toBe(true);
    expect(await files.delete('eu', 'Keep1234.txt')).toBe(false);
    expect(await mongo.collection('eu', 'uploads.chunks').countDocuments({})).toBe(1); // Taken123.txt only
  });
});

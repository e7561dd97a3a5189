import { FrameReader, decodeFrames, encodeFrame } from '../src/http/request-batch';

const frames = [
  { head: { index: 0, status: 200, headers: { 'content-type': 'application/json' } }, body: '{"ok":true}' },
  { head: { index: 1, status: 401, headers: {} }, body: '' },
  // Bytes that are not UTF-8 travel as they are: providers sign the raw body.
  { head: { index: 2, status: 200, headers: {} }, body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
];
const encoded = Buffer.concat(frames.map(({ head, body }) => encodeFrame(head, body)));
const asSent = frames.map(({ head, body }) => ({ head, body: Buffer.from(body) }));

describe('request batch frames', () => {
  it('decodes what it encodes, bodies byte for byte', () => {
    expect(decodeFrames(encoded, 1024)).toEqual(asSent);
  });

  it('reads frames from chunks cut anywhere, each frame once it is whole', () => {
    for (let size = 1; size <= encoded.length; size += 1) {
      const reader = new FrameReader(1024);
      const read = [];
      for (let at = 0; at < encoded.length; at += size) read.push(...reader.push(encoded.subarray(at, at + size)));
      expect({ size, read }).toEqual({ size, read: asSent });
      expect(reader.partial).toBe(false);
    }
  });

  it('refuses a truncated batch and a frame over the limit', () => {
    expect(() => decodeFrames(encoded.subarray(0, encoded.length - 1), 1024)).toThrow('truncated');
    expect(() => decodeFrames(encodeFrame({ index: 0 }, 'x'.repeat(2000)), 1024)).toThrow('too large');
    // A plain JSON answer read as frames (a service that does not speak batches) is refused, not waited for.
    expect(() => new FrameReader(64 * 1024).push(Buffer.from('{"success":false,"message":"Not found"}'))).toThrow('too large');
  });
});

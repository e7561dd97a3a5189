import type { ForwardedContext } from '../auth/identity';

/**
 * Request batches (ADR 0047): the gateway carries the small requests of a service's fast routes
 * (the providers' webhooks) to it many at a time, in one signed HTTP exchange, and the service
 * answers each one as it finishes, in the same exchange. Each request keeps its own id, path,
 * headers, body, caller and answer; only the hop is shared.
 *
 * Both directions are a sequence of frames: a big-endian u32 length, the frame's head as JSON,
 * a u32 length, the body's bytes (kept byte for byte: providers sign their raw bodies).
 */
export const REQUEST_BATCH_PATH = '/internal/request-batch';
export const REQUEST_BATCH_TYPE = 'application/vnd.platform.request-batch';
/** Requests in one batch at most; a busier gateway sends several. */
export const MAX_BATCH_REQUESTS = 64;

/** One request of a batch, as the gateway received it (headers already cleaned of credentials and platform headers). */
export interface BatchedRequest {
  method: string;
  /** the service's path (no query) */
  path: string;
  headers: Record<string, string | string[]>;
  /** who called, as the gateway verified it: the batch's signature vouches for it */
  context: ForwardedContext;
}

/** The answer to the `index`-th request of a batch: the headers its route set (not the ones every answer carries). */
export interface BatchedAnswer {
  index: number;
  status: number;
  headers: Record<string, string>;
}

export interface Frame<Head> {
  head: Head;
  body: Buffer;
}

export function encodeFrame(head: object, body: Buffer | string): Buffer {
  const headBytes = Buffer.from(JSON.stringify(head));
  const bodyBytes = typeof body === 'string' ? Buffer.from(body) : body;
  const frame = Buffer.allocUnsafe(8 + headBytes.length + bodyBytes.length);
  frame.writeUInt32BE(headBytes.length, 0);
  headBytes.copy(frame, 4);
  frame.writeUInt32BE(bodyBytes.length, 4 + headBytes.length);
  bodyBytes.copy(frame, 8 + headBytes.length);
  return frame;
}

/** Reads frames from chunks as they arrive; a frame may span chunks. Throws on a malformed head. */
export class FrameReader<Head> {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  /** The frames this chunk completes. */
  push(chunk: Buffer): Frame<Head>[] {
    let buffer = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Frame<Head>[] = [];
    for (;;) {
      if (buffer.length < 4) break;
      const headLength = buffer.readUInt32BE(0);
      if (headLength > this.maxFrameBytes) throw new Error('request batch: frame too large');
      if (buffer.length < 8 + headLength) break;
      const bodyLength = buffer.readUInt32BE(4 + headLength);
      if (bodyLength > this.maxFrameBytes) throw new Error('request batch: frame too large');
      const end = 8 + headLength + bodyLength;
      if (buffer.length < end) break;
      frames.push({ head: JSON.parse(buffer.toString('utf8', 4, 4 + headLength)) as Head, body: buffer.subarray(8 + headLength, end) });
      buffer = buffer.subarray(end);
    }
    this.pending = buffer;
    return frames;
  }

  /** Whether a frame was begun and not finished (an answer cut short). */
  get partial(): boolean {
    return this.pending.length > 0;
  }
}

/** Every frame of a whole body; throws when it is not exactly a sequence of frames. */
export function decodeFrames<Head>(body: Buffer, maxFrameBytes: number): Frame<Head>[] {
  const reader = new FrameReader<Head>(maxFrameBytes);
  const frames = reader.push(body);
  if (reader.partial) throw new Error('request batch: truncated frame');
  return frames;
}

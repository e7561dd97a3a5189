import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { verifyForwarded } from '../auth/identity';
import { errorBody } from './errors';
import type { FastRequestTools } from './fast-path';
import { decodeFrames, encodeFrame, MAX_BATCH_REQUESTS, REQUEST_BATCH_TYPE, type BatchedAnswer, type BatchedRequest, type Frame } from './request-batch';

/** Runs one request of a batch as the fast path runs a request of its own (the same checks, route run and error answers) into `res`. */
export type RunBatchedRequest = (req: Request, res: Response, body: Buffer, fail: (err: unknown) => void) => void;

/**
 * The answer of one request of a batch: what a route's handler and the app's error handler use
 * of express' response (status, json, send, headers), kept in memory and sent as a frame.
 * It finishes and closes like a real answer, so the request log writes the request's own line
 * and its latency sample with its route.
 */
class BatchedResponse extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  writableFinished = false;
  locals: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  private readonly headers = new Map<string, string>();
  /** The headers every answer of the app carries (the request id): the gateway sets its own. */
  private common = new Set<string>();

  constructor(private readonly finish: (status: number, headers: Record<string, string>, body: Buffer) => void) {
    super();
  }

  /** From here on, the headers set are the route's own. */
  markCommonHeaders(): void {
    this.common = new Set(this.headers.keys());
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    return this;
  }
  set(name: string, value: string): this {
    return this.setHeader(name, value);
  }
  getHeader(name: string): string | undefined {
    return this.headers.get(name.toLowerCase());
  }
  hasHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase());
  }
  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  json(value: unknown): this {
    if (!this.headers.has('content-type')) this.headers.set('content-type', 'application/json; charset=utf-8');
    return this.end(JSON.stringify(value));
  }
  send(value: unknown): this {
    return typeof value === 'string' || Buffer.isBuffer(value) ? this.end(value) : this.json(value);
  }
  end(body?: string | Buffer): this {
    if (this.headersSent) return this;
    this.headersSent = true;
    this.writableFinished = true;
    const own: Record<string, string> = {};
    for (const [name, value] of this.headers) if (!this.common.has(name)) own[name] = value;
    this.finish(this.statusCode, own, body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body);
    this.emit('finish');
    this.emit('close');
    return this;
  }
}

const wellFormed = (head: BatchedRequest) =>
  typeof head?.method === 'string' && typeof head.path === 'string' && typeof head.headers === 'object' && head.headers !== null && typeof head.context?.identity?.kind === 'string' && typeof head.context.region === 'string';

/**
 * Answers a request batch of the gateway (request-batch.ts): the batch must carry the gateway's
 * own signature over its whole body (401 otherwise, nothing run); each request in it is then run
 * with the caller the gateway signed for it, through `run` (the same run as a single request
 * of the fast path), and its answer is framed back as soon as it is ready. Answers finished in
 * the same turn of the event loop share one write.
 */
export function answerRequestBatch(rawReq: IncomingMessage, rawRes: ServerResponse, options: { tools: FastRequestTools; signingSecret: string; run: RunBatchedRequest }): void {
  const refuse = (status: number, message: string) => {
    if (status === 413) rawRes.setHeader('connection', 'close');
    const text = JSON.stringify(errorBody(message));
    rawRes.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
  };
  const maxFrame = options.tools.bodyLimit + 64 * 1024;
  const declared = Number(rawReq.headers['content-length']);
  if (!(declared > 0) || declared > MAX_BATCH_REQUESTS * maxFrame) {
    rawReq.resume();
    return refuse(413, 'request entity too large');
  }
  const chunks: Buffer[] = [];
  rawReq.on('data', (chunk: Buffer) => void chunks.push(chunk));
  rawReq.once('error', () => rawRes.destroy());
  rawReq.once('end', () => {
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const signed = verifyForwarded({ method: 'POST', path: rawReq.url ?? '', headers: rawReq.headers, bodySha256: createHash('sha256').update(body).digest('hex') }, options.signingSecret);
    if (!signed || signed.identity.kind !== 'gateway') return refuse(401, 'Request did not come through the gateway');
    let frames: Frame<BatchedRequest>[];
    try {
      frames = decodeFrames<BatchedRequest>(body, maxFrame);
    } catch {
      return refuse(400, 'Malformed request batch');
    }
    if (!frames.length || frames.length > MAX_BATCH_REQUESTS || !frames.every(({ head }) => wellFormed(head))) return refuse(400, 'Malformed request batch');

    rawRes.writeHead(200, { 'content-type': REQUEST_BATCH_TYPE });
    let open = frames.length;
    let ready: Buffer[] = [];
    const flush = () => {
      const out = ready.length === 1 ? ready[0]! : Buffer.concat(ready);
      ready = [];
      if (open === 0) rawRes.end(out);
      else rawRes.write(out);
    };
    frames.forEach(({ head, body: requestBody }, index) => {
      const res = new BatchedResponse((status, headers, answer) => {
        open -= 1;
        if (!ready.length) setImmediate(flush);
        ready.push(encodeFrame({ index, status, headers } satisfies BatchedAnswer, answer));
      });
      // The request as the gateway received it, on the batch's connection (the gateway's).
      const item = { method: head.method, url: head.path, headers: head.headers, socket: rawReq.socket } as unknown as IncomingMessage;
      const req = options.tools.begin(item, res as unknown as ServerResponse, { answerHeaders: false });
      res.markCommonHeaders();
      req.identity = head.context.identity;
      req.region = head.context.region;
      req.clientIp = head.context.clientIp;
      options.run(req, res as unknown as Response, requestBody, (err) => options.tools.fail(req, res as unknown as Response, err));
    });
  });
}

import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import bytes from 'bytes';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Schema } from 'joi';
import { REQUEST_MESSAGES } from '@platform/contracts';
import { badRequest } from './errors';

/** Deeper bodies are refused before any route walks them (no contract shape is near this deep). */
export const MAX_BODY_DEPTH = 64;

export interface BodyLimit {
  path: RegExp;
  limit: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The body's bytes as received: what a provider's webhook signature (e.g. Meta's X-Hub-Signature-256) covers. */
    rawBody?: Buffer;
  }
}

// Every body byte read is hashed, so gatewayContext can check the body the gateway signed; the
// bytes stay referenced (no copy) for routes that verify a provider's signature over them.
const digest = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
  (req as express.Request).bodySha256 = createHash('sha256').update(buf).digest('hex');
  (req as express.Request).rawBody = buf;
};

const isJson = (req: IncomingMessage) => Boolean(express.request.is.call(req as express.Request, ['application/json', 'application/*+json']));

/** JSON as services receive it from the gateway: utf-8, not compressed, its length known. */
const PLAIN_JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);

const parseFailed = (message: string) => Object.assign(new Error(message), { status: 400, expose: true, type: 'entity.parse.failed' });

/** Whether a request's body is JSON the plain reader takes: utf-8, not compressed, not chunked. */
export const isPlainJson = (headers: IncomingMessage['headers']) =>
  PLAIN_JSON_TYPES.has(headers['content-type'] ?? '') && headers['content-encoding'] === undefined && headers['transfer-encoding'] === undefined;

/** Keeps a body's bytes and their SHA-256 on the request (what gatewayContext and provider signatures check). */
export const keepBody = (req: IncomingMessage, buf: Buffer) => digest(req, undefined, buf);

/** A plain JSON body parsed as body-parser's strict parser would (an object or an array); else throws its 400. */
export function parsePlainJson(buf: Buffer): unknown {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw parseFailed(`Unexpected token ${first ?? 'end'} in JSON at position 0`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw parseFailed((err as Error).message);
  }
}

/**
 * The common body read without body-parser's generality (content-type parsing, charset
 * decoders, inflation): a plain JSON body whose Content-Length is within the limit is read
 * once, digested and parsed as body-parser's strict JSON parser would (an object or an array,
 * else 400). Anything else (another type or charset, a compressed, chunked, empty or too
 * large body) goes on to body-parser, which answers it as before.
 */
function plainJson(limit: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length']);
    if ((req as { _body?: boolean })._body || !isPlainJson(req.headers) || !(length > 0) || length > limit) return next();
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => void chunks.push(chunk);
    const onClose = () => done(Object.assign(new Error('request aborted'), { status: 400, expose: true, type: 'request.aborted' }));
    const done = (err?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      next(err);
    };
    const onEnd = () => {
      const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      digest(req, res, buf);
      try {
        req.body = parsePlainJson(buf);
      } catch (err) {
        return done(err as Error);
      }
      (req as { _body?: boolean })._body = true;
      done();
    };
    req.on('data', onData).once('end', onEnd).once('error', done).once('close', onClose);
  };
}

/** One reader for a limit: the plain JSON path, else body-parser's JSON, else the raw bytes. */
function readers(limit: string): RequestHandler {
  const stages: RequestHandler[] = [
    plainJson(bytes.parse(limit) ?? 0),
    express.json({ limit, type: isJson, verify: digest }),
    // Any other body is read too (as a Buffer): a body nobody read could not be checked.
    express.raw({ limit, type: (req) => !isJson(req), verify: digest }),
  ];
  return (req: Request, res: Response, next: NextFunction) => {
    const run = (at: number, err?: unknown): void => (err || at === stages.length ? next(err) : stages[at]!(req, res, (e?: unknown) => run(at + 1, e)));
    run(0);
  };
}

/** Nesting deeper than MAX_BODY_DEPTH, or undefined. Iterative, so depth cannot overflow the stack. */
export function bodyDepthProblem(body: unknown): string | undefined {
  return findInBody(body, (_value, depth) => (depth > MAX_BODY_DEPTH ? REQUEST_MESSAGES.tooDeep : undefined));
}

/** An array directly inside an array (the store cannot hold one), or undefined. */
export function nestedArrayProblem(body: unknown): string | undefined {
  return findInBody(body, (value) => (Array.isArray(value) && value.some(Array.isArray) ? REQUEST_MESSAGES.nestedArrays : undefined));
}

function findInBody(body: unknown, problem: (value: object, depth: number) => string | undefined): string | undefined {
  const pending: Array<[unknown, number]> = [[body, 1]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    const found = problem(value, depth);
    if (found) return found;
    for (const child of Array.isArray(value) ? value : Object.values(value)) pending.push([child, depth + 1]);
  }
  return undefined;
}

const declared = new WeakMap<Schema, boolean>();

/**
 * Whether a contract schema describes an array of arrays somewhere (e.g. a theme's HSL
 * triples, which its store maps to objects). Only such routes take nested arrays.
 */
export function declaresNestedArrays(schema: Schema): boolean {
  if (!declared.has(schema)) {
    const isArrayOfArrays = (node: unknown): boolean => {
      if (node === null || typeof node !== 'object') return false;
      const description = node as { type?: string; items?: Array<{ type?: string }> };
      if (description.type === 'array' && description.items?.some((item) => item?.type === 'array')) return true;
      return Object.values(node).some(isArrayOfArrays);
    };
    declared.set(schema, isArrayOfArrays(schema.describe()));
  }
  return declared.get(schema)!;
}

const checkDepth: RequestHandler = (req, _res, next) => {
  const problem = bodyDepthProblem(req.body);
  next(problem ? badRequest(problem) : undefined);
};

/** Reads every body with its limit (the first matching path's, else `defaultLimit`) and refuses deep ones. */
export function bodyReaders(defaultLimit: string, limits: BodyLimit[] = []): RequestHandler[] {
  const byPath = limits.map(({ path, limit }) => ({ path, read: readers(limit) }));
  const byDefault = readers(defaultLimit);
  const read: RequestHandler = (req, res, next) => (byPath.find(({ path }) => path.test(req.path))?.read ?? byDefault)(req, res, next);
  return [read, checkDepth];
}

import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { REQUEST_MESSAGES } from '@platform/contracts';
import { badRequest } from './errors';

/** Deeper bodies are refused before any route walks them (no contract shape is near this deep). */
export const MAX_BODY_DEPTH = 64;

export interface BodyLimit {
  path: RegExp;
  limit: string;
}

// Every body byte read is hashed, so gatewayContext can check the body the gateway signed.
const digest = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
  (req as express.Request).bodySha256 = createHash('sha256').update(buf).digest('hex');
};

const isJson = (req: IncomingMessage) => Boolean(express.request.is.call(req as express.Request, ['application/json', 'application/*+json']));

function readers(limit: string): RequestHandler[] {
  return [
    express.json({ limit, type: isJson, verify: digest }),
    // Any other body is read too (as a Buffer): a body nobody read could not be checked.
    express.raw({ limit, type: (req) => !isJson(req), verify: digest }),
  ];
}

/**
 * Why a parsed JSON body is refused, or undefined: arrays directly inside arrays (the store
 * cannot hold them) and nesting deeper than MAX_BODY_DEPTH. Iterative, so depth cannot
 * overflow the stack.
 */
export function bodyShapeProblem(body: unknown): string | undefined {
  const pending: Array<[unknown, number]> = [[body, 1]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth > MAX_BODY_DEPTH) return REQUEST_MESSAGES.tooDeep;
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) {
      if (Array.isArray(value) && Array.isArray(child)) return REQUEST_MESSAGES.nestedArrays;
      pending.push([child, depth + 1]);
    }
  }
  return undefined;
}

const checkShape: RequestHandler = (req, _res, next) => {
  const problem = bodyShapeProblem(req.body);
  next(problem ? badRequest(problem) : undefined);
};

/** Reads every body with its limit (the first matching path's, else `defaultLimit`) and checks its shape. */
export function bodyReaders(defaultLimit: string, limits: BodyLimit[] = []): RequestHandler[] {
  // body-parser skips a body already read, so a path's own limit mounted first wins.
  const byPath = limits.map(({ path, limit }): RequestHandler => {
    const [json, raw] = readers(limit);
    return (req, res, next) => (path.test(req.path) ? json!(req, res, (err) => (err ? next(err) : raw!(req, res, next))) : next());
  });
  return [...byPath, ...readers(defaultLimit), checkShape];
}

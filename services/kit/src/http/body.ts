import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { Schema } from 'joi';
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
  (req as express.Request).rawBody = buf;
};

const isJson = (req: IncomingMessage) => Boolean(express.request.is.call(req as express.Request, ['application/json', 'application/*+json']));

function readers(limit: string): RequestHandler[] {
  return [
    express.json({ limit, type: isJson, verify: digest }),
    // Any other body is read too (as a Buffer): a body nobody read could not be checked.
    express.raw({ limit, type: (req) => !isJson(req), verify: digest }),
  ];
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
  // body-parser skips a body already read, so a path's own limit mounted first wins.
  const byPath = limits.map(({ path, limit }): RequestHandler => {
    const [json, raw] = readers(limit);
    return (req, res, next) => (path.test(req.path) ? json!(req, res, (err) => (err ? next(err) : raw!(req, res, next))) : next());
  });
  return [...byPath, ...readers(defaultLimit), checkDepth];
}

import type { Request, RequestHandler } from 'express';
import type { Schema } from 'joi';
import { declaresNestedArrays, nestedArrayProblem } from './body';
import { badRequest } from './errors';

export interface RequestSchemas {
  body?: Schema;
  query?: Schema;
  params?: Schema;
}

/**
 * Validates parts of the request with the joi schemas from `contracts/`. The first
 * failure throws a 400 with the schema's message (the spec's text); valid values replace
 * the raw ones, so handlers see defaults and converted types. A body with arrays directly
 * inside arrays is refused first unless the route's schema declares them.
 */
export function applySchemas(req: Request, schemas: RequestSchemas): void {
  if (!(schemas.body && declaresNestedArrays(schemas.body))) {
    const nested = nestedArrayProblem(req.body);
    if (nested) throw badRequest(nested);
  }
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    const { value, error } = schema.validate(req[part] ?? {}, { abortEarly: true, errors: { wrap: { label: false } } });
    if (error) throw badRequest(error.details[0]?.message ?? error.message);
    if (part === 'query') {
      // req.query is a getter in express 5 and frozen-ish in 4; keep the parsed copy beside it.
      Object.defineProperty(req, 'query', { value, writable: true, configurable: true });
    } else {
      req[part] = value;
    }
  }
}

/** applySchemas as a middleware. */
export function validate(schemas: RequestSchemas): RequestHandler {
  return (req, _res, next) => {
    try {
      applySchemas(req, schemas);
      next();
    } catch (err) {
      next(err);
    }
  };
}

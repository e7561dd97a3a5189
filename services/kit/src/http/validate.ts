import type { Request, RequestHandler } from 'express';
import type { Schema, ValidationOptions } from 'joi';
import { declaresNestedArrays, nestedArrayProblem } from './body';
import { badRequest } from './errors';

export interface RequestSchemas {
  body?: Schema;
  query?: Schema;
  params?: Schema;
}

const VALIDATION_PREFERENCES: ValidationOptions = { abortEarly: true, errors: { wrap: { label: false } } };
const prepared = new WeakMap<Schema, Schema>();

/**
 * The schema with the validation preferences applied once: joi merges preferences given to
 * validate() on every call (and compiles its error templates for them), which cost each
 * request tens of microseconds; a schema carrying them validates without that.
 */
function withPreferences(schema: Schema): Schema {
  let ready = prepared.get(schema);
  if (!ready) {
    ready = schema.prefs(VALIDATION_PREFERENCES);
    prepared.set(schema, ready);
  }
  return ready;
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
    const { value, error } = withPreferences(schema).validate(req[part] ?? {});
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

import type { RequestHandler } from 'express';
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
 * failure answers 400 with the schema's message (the spec's text); valid values
 * replace the raw ones, so handlers see defaults and converted types. A body with arrays
 * directly inside arrays is refused first unless the route's schema declares them.
 */
export function validate(schemas: RequestSchemas): RequestHandler {
  const takesNestedArrays = schemas.body !== undefined && declaresNestedArrays(schemas.body);
  return (req, _res, next) => {
    const nested = takesNestedArrays ? undefined : nestedArrayProblem(req.body);
    if (nested) return next(badRequest(nested));
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const { value, error } = schema.validate(req[part] ?? {}, { abortEarly: true, errors: { wrap: { label: false } } });
      if (error) return next(badRequest(error.details[0]?.message ?? error.message));
      if (part === 'query') {
        // req.query is a getter in express 5 and frozen-ish in 4; keep the parsed copy beside it.
        Object.defineProperty(req, 'query', { value, writable: true, configurable: true });
      } else {
        req[part] = value;
      }
    }
    next();
  };
}

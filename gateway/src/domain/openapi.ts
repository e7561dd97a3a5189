import { isDeepStrictEqual } from 'node:util';

type Json = Record<string, unknown>;

export interface OpenApiDocument extends Json {
  openapi: string;
  info: Json;
  paths: Record<string, Json>;
  components?: Record<string, Json>;
  tags?: Array<{ name: string; description?: string }>;
}

export interface ServiceDocument {
  service: string;
  document: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const errorResponse = { $ref: '#/components/responses/Error' };

/** The gateway's own endpoints. */
export function gatewayOpenApi(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform API',
      version: '1.0.0',
      description:
        'Every service is reached at /api/<service>/... or /api/<region>/<service>/... (region eu or na; ' +
        'or send the x-region header). Authenticate with the session cookie or a bearer credential.',
    },
    paths: {
      '/healthz': { get: { tags: ['gateway'], summary: 'Liveness', responses: { '200': { description: 'The gateway is up' } } } },
      '/readyz': { get: { tags: ['gateway'], summary: 'Readiness', responses: { '200': { description: 'Ready' }, '503': { description: 'Not ready' } } } },
      '/api/openapi.json': {
        get: { tags: ['gateway'], summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1 document' }, '429': errorResponse } },
      },
    },
    components: {
      responses: {
        Error: {
          description: 'An error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'message'],
          properties: { success: { const: false }, message: { type: 'string' } },
        },
      },
    },
    tags: [{ name: 'gateway' }],
  };
}

/** Rewrites local `$ref`s whose component was renamed. */
function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renames));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof child === 'string' ? (renames.get(child) ?? child) : rewriteRefs(child, renames);
  }
  return out;
}

/**
 * Merges each service's document into the gateway's: paths are prefixed with
 * `/api/<service>`, internal paths are dropped, components that clash with a different
 * definition are renamed `<service>_<name>` (and their refs rewritten), duplicate
 * operationIds get the service as prefix. Documents without paths are skipped.
 */
export function mergeOpenApi(base: OpenApiDocument, services: ServiceDocument[]): OpenApiDocument {
  // A JSON round trip: the documents are JSON, and the copy must not share objects with the base.
  const merged = JSON.parse(JSON.stringify(base)) as OpenApiDocument;
  merged.openapi = '3.1.0';
  merged.components ??= {};
  merged.tags ??= [];
  const operationIds = new Set<string>();
  for (const item of Object.values(merged.paths)) {
    for (const method of METHODS) {
      const id = isObject(item[method]) ? (item[method] as Json).operationId : undefined;
      if (typeof id === 'string') operationIds.add(id);
    }
  }

  for (const { service, document } of services) {
    if (!isObject(document) || !isObject(document.paths)) continue;
    const components = isObject(document.components) ? document.components : {};

    const renames = new Map<string, string>();
    for (const [type, group] of Object.entries(components)) {
      if (!isObject(group)) continue;
      for (const [name, definition] of Object.entries(group)) {
        const existing = merged.components[type]?.[name];
        if (existing !== undefined && !isDeepStrictEqual(existing, definition)) {
          renames.set(`#/components/${type}/${name}`, `#/components/${type}/${service}_${name}`);
        }
      }
    }
    const doc = rewriteRefs(document, renames) as Json;

    for (const [type, group] of Object.entries(isObject(doc.components) ? doc.components : {})) {
      if (!isObject(group)) continue;
      const target = (merged.components[type] ??= {});
      for (const [name, definition] of Object.entries(group)) {
        const renamed = renames.has(`#/components/${type}/${name}`);
        target[renamed ? `${service}_${name}` : name] = definition;
      }
    }

    for (const [rawPath, item] of Object.entries(doc.paths as Json)) {
      if (!isObject(item)) continue;
      const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
      if (path.split('/')[1]?.toLowerCase() === 'internal') continue;
      const prefixed: Json = { ...item };
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const copy: Json = { ...operation };
        if (!Array.isArray(copy.tags) || copy.tags.length === 0) copy.tags = [service];
        if (typeof copy.operationId === 'string') {
          if (operationIds.has(copy.operationId)) copy.operationId = `${service}.${copy.operationId}`;
          operationIds.add(copy.operationId as string);
        }
        prefixed[method] = copy;
      }
      merged.paths[`/api/${service}${path === '/' ? '' : path}`] = prefixed;
    }

    if (!merged.tags.some((tag) => tag.name === service)) merged.tags.push({ name: service });
  }
  return merged;
}

import type { Schema } from 'joi';
import parse from 'joi-to-json';
import type { RouteAccess, RouteSpec } from './route-table';

type Json = Record<string, unknown>;

const toJsonSchema = (schema: Schema) => parse(schema, 'open-api-3.1') as Json;

const SECURITY: Record<RouteAccess, Json[]> = {
  public: [],
  user: [{ sessionCookie: [] }, { bearerSession: [] }],
  member: [{ sessionCookie: [] }, { bearerSession: [] }, { workspaceSecret: [] }],
  gateway: [{ gatewayIdentity: [] }],
};

/** Path and query parameters, from the route's joi schemas. */
function parameters(route: RouteSpec): Json[] {
  const out: Json[] = [];
  for (const location of ['params', 'query'] as const) {
    const schema = route.schemas?.[location];
    if (!schema) continue;
    const json = toJsonSchema(schema);
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties as Json | undefined) ?? {})) {
      out.push({ name, in: location === 'params' ? 'path' : 'query', required: location === 'params' || required.has(name), schema: property });
    }
  }
  return out;
}

function operation(route: RouteSpec): Json {
  const error = { $ref: '#/components/responses/Error' };
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: ['workspace'],
    security: SECURITY[route.access],
    parameters: parameters(route),
    ...(route.schemas?.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(route.schemas.body) } } } } : {}),
    responses: {
      [String(route.success.status)]: { description: route.success.description },
      ...Object.fromEntries((route.failures ?? []).map((status) => [String(status), error])),
    },
  };
}

/** The OpenAPI 3.1 document of this service, generated from its route table. */
export function openApiDocument(routes: readonly RouteSpec[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Workspace service', version: '1.0.0', description: 'Accounts, sign-in, sessions, workspaces, members and invitations.' },
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        bearerSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        workspaceSecret: { type: 'http', scheme: 'bearer', description: 'The workspace secret, vg_ plus 20 characters' },
        gatewayIdentity: { type: 'apiKey', in: 'header', name: 'x-platform-identity', description: 'Signed by the gateway' },
      },
      responses: {
        Error: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      schemas: {
        Error: { type: 'object', required: ['success', 'message'], properties: { success: { const: false }, message: { type: 'string' } } },
      },
    },
  };
}

import type { Schema } from 'joi';
import parse from 'joi-to-json';
import type { RouteAccess, RouteDescription } from './route-table';

type Json = Record<string, unknown>;

const toJsonSchema = (schema: Schema) => parse(schema, 'open-api-3.1') as Json;

const SECURITY_SCHEMES: Record<string, Json> = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
  bearerSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  workspaceSecret: { type: 'http', scheme: 'bearer', description: 'The workspace secret, vg_ plus 20 characters' },
  agentSecretKey: { type: 'http', scheme: 'bearer', description: "The agent's SECRET_API_KEY, vg_ plus 20 characters" },
  gatewayIdentity: { type: 'apiKey', in: 'header', name: 'x-platform-identity', description: 'Signed by the gateway' },
  clientSessionCookie: { type: 'apiKey', in: 'cookie', name: 'client_session' },
};

const SECURITY: Record<RouteAccess, Json[]> = {
  public: [],
  user: [{ sessionCookie: [] }, { bearerSession: [] }],
  member: [{ sessionCookie: [] }, { bearerSession: [] }, { workspaceSecret: [] }],
  agent: [{ sessionCookie: [] }, { bearerSession: [] }, { workspaceSecret: [] }, { agentSecretKey: [] }],
  client: [{ clientSessionCookie: [] }, { bearerSession: [] }],
  gateway: [{ gatewayIdentity: [] }],
  userOrClient: [{ sessionCookie: [] }, { bearerSession: [] }, { clientSessionCookie: [] }],
};

/** Title and description of a service's document; `tag` groups its operations. */
export interface OpenApiInfo {
  title: string;
  description: string;
  tag: string;
  version?: string;
}

/** Path and query parameters, from the route's joi schemas. */
function parameters(route: RouteDescription): Json[] {
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

function operation(route: RouteDescription, tag: string): Json {
  const error = { $ref: '#/components/responses/Error' };
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [tag],
    security: SECURITY[route.access],
    parameters: parameters(route),
    ...(route.schemas?.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(route.schemas.body) } } } } : {}),
    responses: {
      [String(route.success.status)]: { description: route.success.description },
      ...Object.fromEntries((route.failures ?? []).map((status) => [String(status), error])),
    },
  };
}

/** The OpenAPI 3.1 document of a service, generated from its route table. */
export function openApiDocument(routes: readonly RouteDescription[], info: OpenApiInfo): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method]: operation(route, info.tag) };
  }
  // Only the schemes some route uses.
  const used = new Set(routes.flatMap((route) => SECURITY[route.access].flatMap((entry) => Object.keys(entry))));
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version ?? '1.0.0', description: info.description },
    paths,
    components: {
      securitySchemes: Object.fromEntries(Object.entries(SECURITY_SCHEMES).filter(([name]) => used.has(name))),
      responses: {
        Error: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      schemas: {
        Error: { type: 'object', required: ['success', 'message'], properties: { success: { const: false }, message: { type: 'string' } } },
      },
    },
  };
}

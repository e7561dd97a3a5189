import type { RegionalMongo } from '@platform/kit';
import { createLogger, openApiDocument } from '@platform/kit';
import { OPENAPI_INFO, routeTable } from '../src/app';
import type { WorkspaceConfig } from '../src/config';

// The table is only built here, never served: stores stay unused.
const { routes } = routeTable({
  config: { platform: { jwtSecret: 'x' }, cookieSecure: false } as WorkspaceConfig,
  mongo: {} as RegionalMongo,
  mailer: { send: async () => undefined, close: async () => undefined },
  logger: createLogger('test', 'silent'),
});

describe('OpenAPI document', () => {
  const document = openApiDocument(routes, OPENAPI_INFO) as { openapi: string; paths: Record<string, Record<string, any>> };

  it('describes every route of the table, once', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(routes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort());
    const ids = routes.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries the contract schemas: bodies, path and query parameters', () => {
    const invite = document.paths['/v2/workspaces/{uid}/email']!.post;
    expect(invite.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', required: ['to'], properties: { to: { maxLength: 254 } } });
    expect(invite.parameters).toEqual([expect.objectContaining({ name: 'uid', in: 'path', required: true })]);
    const join = document.paths['/no-auth/workspaces/{uid}/invite']!.post;
    expect(join.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['path:uid', 'query:secret', 'query:email']);
    expect(document.paths['/v2/auth/session']!.get.security).toEqual([{ sessionCookie: [] }, { bearerSession: [] }]);
    expect(document.paths['/v2/workspaces/{uid}']!.delete.requestBody.content['application/json'].schema.properties.confirmation).toBeDefined();
  });
});

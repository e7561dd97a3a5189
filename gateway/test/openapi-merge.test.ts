import { gatewayOpenApi, mergeOpenApi } from '../src/domain/openapi';

const ok = { '200': { description: 'ok' } };

describe('mergeOpenApi', () => {
  it('prefixes service paths, tags operations and drops internal paths', () => {
    const merged = mergeOpenApi(gatewayOpenApi(), [
      {
        service: 'workspace',
        document: {
          openapi: '3.0.3',
          paths: {
            '/': { get: { responses: ok } },
            '/v2/workspaces/{uid}': { parameters: [{ name: 'uid', in: 'path' }], post: { tags: ['workspaces'], responses: ok } },
            '/internal/credentials/verify': { post: { responses: ok } },
          },
        },
      },
    ]);
    expect(merged.openapi).toBe('3.1.0');
    expect(merged.paths['/api/workspace']).toEqual({ get: { tags: ['workspace'], responses: ok } });
    expect(merged.paths['/api/workspace/v2/workspaces/{uid}']).toEqual({
      parameters: [{ name: 'uid', in: 'path' }],
      post: { tags: ['workspaces'], responses: ok },
    });
    expect(Object.keys(merged.paths).some((p) => p.includes('internal'))).toBe(false);
    expect(merged.paths['/api/openapi.json']).toBeDefined();
    expect(merged.tags?.map((t) => t.name)).toEqual(['gateway', 'workspace']);
  });

  it('skips documents without paths and does not change the base', () => {
    const base = gatewayOpenApi();
    const merged = mergeOpenApi(base, [
      { service: 'billing', document: undefined },
      { service: 'agent', document: { openapi: '3.1.0' } },
      { service: 'channels', document: 'not json' },
    ]);
    expect(merged).toEqual({ ...gatewayOpenApi(), openapi: '3.1.0' });
    expect(base).toEqual(gatewayOpenApi());
  });

  it('keeps identical shared components once and renames clashing ones with their refs', () => {
    const sharedError = gatewayOpenApi().components!.schemas!.Error;
    const merged = mergeOpenApi(gatewayOpenApi(), [
      {
        service: 'agent',
        document: {
          paths: { '/agents': { get: { operationId: 'list', responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Agent' } } } } } } } },
          components: { schemas: { Error: sharedError, Agent: { type: 'object', properties: { err: { $ref: '#/components/schemas/Error' } } } } },
        },
      },
      {
        service: 'billing',
        document: {
          paths: { '/plans': { get: { operationId: 'list', responses: { '400': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Agent' } } } } } } } },
          components: { schemas: { Agent: { type: 'string' } } },
        },
      },
    ]);
    const schemas = merged.components!.schemas!;
    expect(Object.keys(schemas).sort()).toEqual(['Agent', 'Error', 'billing_Agent']);
    expect(schemas.Agent).toEqual({ type: 'object', properties: { err: { $ref: '#/components/schemas/Error' } } });
    const billingPlans = merged.paths['/api/billing/plans'].get as { operationId: string; responses: Record<string, any> };
    expect(billingPlans.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/billing_Agent');
    expect(billingPlans.operationId).toBe('billing.list');
    expect((merged.paths['/api/agent/agents'].get as { operationId: string }).operationId).toBe('list');
  });
});

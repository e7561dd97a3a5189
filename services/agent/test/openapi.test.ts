import { createLogger, openApiDocument, type RegionalMongo } from '@platform/kit';
import { OPENAPI_INFO, routeTable } from '../src/app';
import { loadConfig } from '../src/config';

// The table is only built here, never served: stores stay unused.
const { routes } = routeTable({ config: loadConfig(), mongo: {} as RegionalMongo, logger: createLogger('test', 'silent') });

describe('OpenAPI document', () => {
  const document = openApiDocument(routes, OPENAPI_INFO) as { paths: Record<string, Record<string, any>>; components: any };

  it('describes every agent route once, with its schemas', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'GET /v2/agents',
        'GET /v2/agents/{agentId}',
        'POST /v2/agents/{agentId}',
        'GET /v2/agents/{agentId}/versions',
        'GET /v2/client/agents',
        'POST /v2/agents/{agentId}/versions/{versionId}/restore',
        'GET /v2/templates',
        'POST /procedures/convertAgentTemplateToAgent',
        'POST /procedures/exportAgentToJson',
        'POST /procedures/saveAgentBackup',
        'POST /internal/credentials/verify',
        'POST /v2/agents/{agentId}/secret-key',
        'POST /procedures/uploadFile',
        'GET /files/{name}',
        'POST /ai-css-generator',
        'GET /translate',
        'GET /v2/themes',
        'POST /v2/themes',
        'POST /v2/agents/{agentId}/chat',
        'GET /v2/agents/{agentId}/conversations',
        'GET /v2/agents/{agentId}/leads',
        'GET /widget/agents/{agentId}',
        'POST /widget/agents/{agentId}/messages',
        'GET /widget/agents/{agentId}/conversations/{conversationId}',
        'GET /v2/agents/{agentId}/knowledge',
        'POST /v2/agents/{agentId}/knowledge',
        'POST /v2/agents/{agentId}/knowledge/search',
        'POST /v2/agents/{agentId}/knowledge/{sourceId}',
        'DELETE /v2/agents/{agentId}/knowledge/{sourceId}',
        'POST /v2/agents/{agentId}/tools/test',
        'GET /internal/agents/{agentId}/whatsapp-legacy',
        'POST /internal/agents/{agentId}/whatsapp-legacy/verified',
        'GET /v2/workspaces/{workspaceId}/knowledge',
        'GET /v2/workspaces/{workspaceId}/sessions',
        'GET /v2/workspaces/{workspaceId}/functions',
        'GET /v2/workspaces/{workspaceId}/prompts',
      ].sort(),
    );
    expect(document.paths['/v2/agents']!.get.parameters).toEqual([expect.objectContaining({ name: 'workspaceId', in: 'query', required: false })]);
    const convert = document.paths['/procedures/convertAgentTemplateToAgent']!.post.requestBody.content['application/json'].schema;
    expect(convert.required).toEqual(['agentName', 'agentTemplate']);
    expect(document.paths['/v2/agents/{agentId}']!.post.security).toContainEqual({ agentSecretKey: [] });
    expect(document.components.securitySchemes.agentSecretKey).toBeDefined();
  });
});

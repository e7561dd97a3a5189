import request from 'supertest';
import { UPLOAD } from '@platform/contracts';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

describe('gateway body limits', () => {
  let agent: Upstream;
  let gateway: ReturnType<typeof createGateway>;
  // Just over the default 1 MB JSON limit, far under the upload limit.
  const bigBody = { agentId: 'a1', base64Payload: 'A'.repeat(1_500_000) };

  beforeAll(async () => {
    agent = await startUpstream('agent', { bodyLimit: UPLOAD.requestBodyLimit });
    gateway = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_AGENT: agent.url })), silentLogger);
  });
  afterAll(() => agent.close());

  it('lets an upload through to the agent service, in either path form', async () => {
    for (const path of ['/api/agent/procedures/uploadFile', '/api/na/agent/procedures/uploadFile']) {
      const res = await request(gateway).post(path).send(bigBody);
      expect(res.status).toBe(200);
      expect(res.body.body.base64Payload).toHaveLength(1_500_000);
    }
  });

  it('keeps the 1 MB limit everywhere else', async () => {
    for (const path of ['/api/agent/v2/agents/a1', '/api/agent/procedures/uploadFileX', '/api/workspace/procedures/uploadFile']) {
      const res = await request(gateway).post(path).send(bigBody);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, message: 'Request body is too large' });
    }
  });
});

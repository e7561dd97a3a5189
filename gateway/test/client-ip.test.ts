import request from 'supertest';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

describe('client IP used for rate limits', () => {
  let workspace: Upstream;
  beforeAll(async () => {
    workspace = await startUpstream('workspace');
  });
  afterAll(() => workspace.close());

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    // No TRUST_PROXY: the test's loopback connection is a client like any other.
    const gateway = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, RATE_LIMIT_PER_IP: '2' })), silentLogger);
    expect((await request(gateway).get('/api/workspace/x').set('x-forwarded-for', '203.0.113.1')).status).toBe(200);
    expect((await request(gateway).get('/api/workspace/x').set('x-forwarded-for', '203.0.113.2')).status).toBe(200);
    // A third invented address does not buy a fresh budget.
    expect((await request(gateway).get('/api/workspace/x').set('x-forwarded-for', '203.0.113.3')).status).toBe(429);
  });

  it('uses X-Forwarded-For from a configured proxy, and tells the service that client IP only', async () => {
    const gateway = createGateway(
      loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, RATE_LIMIT_PER_IP: '1', TRUST_PROXY: 'loopback' })),
      silentLogger,
    );
    const first = await request(gateway).get('/api/workspace/x').set('x-forwarded-for', '198.51.100.7, 203.0.113.1');
    expect(first.status).toBe(200);
    expect(first.body.forwardedFor).toBe('203.0.113.1');
    expect((await request(gateway).get('/api/workspace/x').set('x-forwarded-for', '203.0.113.2')).status).toBe(200);
    expect((await request(gateway).get('/api/workspace/x').set('x-forwarded-for', '203.0.113.2')).status).toBe(429);
  });
});

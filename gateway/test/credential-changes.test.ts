import request from 'supertest';
import type { Express } from 'express';
import { signSession, type Identity } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { JWT_SECRET, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

const WORKSPACE_SECRET = 'vg_WorkspaceSecret00001';
const AGENT_KEY = 'vg_AgentSecretKey000001';
const user = (sessionId: string) => ({ kind: 'user', userId: 'u1', email: 'u1@example.com', sessionId }) as const;

/**
 * The stub services answer /internal/credentials/verify from these maps, which the tests
 * change the way the real services do (ending a session, rotating a secret).
 */
describe('credentials that stop working, through the gateway', () => {
  const workspaceCredentials: Record<string, Identity> = {};
  const agentCredentials: Record<string, Identity> = {};
  let workspace: Upstream;
  let agent: Upstream;
  let gateway: Express;
  let otherReplica: Express;

  const sessionToken = (sessionId: string) => {
    const token = signSession(user(sessionId), JWT_SECRET);
    workspaceCredentials[token] = user(sessionId);
    return token;
  };

  beforeAll(async () => {
    workspace = await startUpstream('workspace', { credentials: workspaceCredentials });
    agent = await startUpstream('agent', { credentials: agentCredentials });
    // The test client stands where the ingress would: the one hop trusted to name the client IP.
    const env = gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, SERVICE_URL_AGENT: agent.url, TRUST_PROXY: 'loopback' });
    gateway = createGateway(loadConfig(env), silentLogger);
    otherReplica = createGateway(loadConfig({ ...env, SESSION_CACHE_TTL_MS: '0' }), silentLogger);
  });
  afterAll(async () => {
    await Promise.all([workspace.close(), agent.close()]);
  });

  it('refuses a signed-out session at once on the replica that signed it out, even while the service still knew it', async () => {
    const token = sessionToken('signed-out');
    await request(gateway).get('/api/workspace/v2/auth/session').set('cookie', `session=${token}`).expect(200);
    await request(gateway).post('/api/workspace/v2/auth/logout').set('cookie', `session=${token}`).expect(200);
    const after = await request(gateway).get('/api/workspace/v2/auth/session').set('cookie', `session=${token}`);
    expect(after.status).toBe(401);
    expect(String(after.headers['set-cookie'])).toMatch(/^session=;/);
  });

  it('refuses a session the service has ended once the cache has expired on another replica', async () => {
    const token = sessionToken('ended');
    await request(otherReplica).get('/api/workspace/x').set('authorization', `Bearer ${token}`).expect(200);
    delete workspaceCredentials[token];
    await request(otherReplica).get('/api/workspace/x').set('authorization', `Bearer ${token}`).expect(401);
  });

  it('ends the other sessions of a user who sets a password, and keeps the one that set it', async () => {
    const current = sessionToken('current');
    const other = sessionToken('other');
    await request(gateway).get('/api/agent/v2/agents').set('cookie', `session=${other}`).expect(200);
    delete workspaceCredentials[other];
    await request(gateway).post('/api/workspace/v2/auth/password').set('cookie', `session=${current}`).send({ password: 'long enough' }).expect(200);
    await request(gateway).get('/api/agent/v2/agents').set('cookie', `session=${other}`).expect(401);
    await request(gateway).get('/api/agent/v2/agents').set('cookie', `session=${current}`).expect(200);
  });

  it('refuses a rotated workspace secret at once, though its verdict was cached', async () => {
    workspaceCredentials[WORKSPACE_SECRET] = { kind: 'workspace', workspaceId: 'w1', region: 'eu' };
    const token = sessionToken('rotator');
    await request(gateway).get('/api/workspace/v2/workspaces/w1').set('authorization', `Bearer ${WORKSPACE_SECRET}`).expect(200);
    delete workspaceCredentials[WORKSPACE_SECRET];
    await request(gateway).get('/api/workspace/v2/workspaces/w1').set('authorization', `Bearer ${WORKSPACE_SECRET}`).expect(200);
    await request(gateway).post('/api/eu/workspace/v2/workspaces/w1/secret').set('cookie', `session=${token}`).send({}).expect(200);
    await request(gateway).get('/api/workspace/v2/workspaces/w1').set('authorization', `Bearer ${WORKSPACE_SECRET}`).expect(401);
  });

  it('refuses a rotated agent secret key at once, though its verdict was cached', async () => {
    agentCredentials[AGENT_KEY] = { kind: 'agent', agentId: 'a1', region: 'eu' };
    await request(gateway).get('/api/agent/v2/agents/a1').set('authorization', `Bearer ${AGENT_KEY}`).expect(200);
    delete agentCredentials[AGENT_KEY];
    await request(gateway).post('/api/agent/v2/agents/a1/secret-key').set('authorization', `Bearer ${AGENT_KEY}`).send({}).expect(200);
    await request(gateway).get('/api/agent/v2/agents/a1').set('authorization', `Bearer ${AGENT_KEY}`).expect(401);
  });

  it('keeps a session seen live for a while when the workspace service cannot answer, but never an unknown one', async () => {
    const lonelyWorkspace = await startUpstream('workspace', { credentials: workspaceCredentials });
    const env = gatewayEnv({ SERVICE_URL_WORKSPACE: lonelyWorkspace.url, SERVICE_URL_AGENT: agent.url, SESSION_CACHE_TTL_MS: '0' });
    const replica = createGateway(loadConfig(env), silentLogger);
    const known = sessionToken('known');
    const unknown = sessionToken('unknown');
    await request(replica).get('/api/agent/v2/agents').set('cookie', `session=${known}`).expect(200);
    await lonelyWorkspace.close();
    const stale = await request(replica).get('/api/agent/v2/agents').set('cookie', `session=${known}`).expect(200);
    expect(stale.body.identity).toEqual(user('known'));
    await request(replica).get('/api/agent/v2/agents').set('cookie', `session=${unknown}`).expect(503);
  });

  it('refuses a session signed with the secret that used to be committed', async () => {
    const forged = signSession(user('forged'), 'local-dev-jwt-secret-change-me');
    workspaceCredentials[forged] = user('forged');
    await request(gateway).get('/api/workspace/x').set('cookie', `session=${forged}`).expect(401);
  });

  it("forwards the caller's IP in the signed context, for the services' per-client limits", async () => {
    const res = await request(gateway).get('/api/agent/v2/agents').set('x-forwarded-for', '203.0.113.9').expect(200);
    expect(res.body.clientIp).toBe('203.0.113.9');
  });

  it('does not start in production without real secrets', () => {
    const production = gatewayEnv({ NODE_ENV: 'production' });
    expect(() => loadConfig(production)).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ ...production, JWT_SECRET: 'j'.repeat(32), INTERNAL_SIGNING_SECRET: undefined as never })).toThrow(/INTERNAL_SIGNING_SECRET/);
    expect(loadConfig({ ...production, JWT_SECRET: 'j'.repeat(32), INTERNAL_SIGNING_SECRET: 's'.repeat(32) }).jwtSecret).toBe('j'.repeat(32));
  });
});

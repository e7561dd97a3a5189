import request from 'supertest';
import jwt from 'jsonwebtoken';
import type { Express } from 'express';
import { signClientSession, signSession } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { JWT_SECRET, closedPortUrl, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

const WORKSPACE_SECRET = 'vg_AAAAbbbbCCCCdddd1234';
const AGENT_KEY = 'vg_agentKEY0123456789ab';
const AGENCY_SECRET = 'Agency0123456789abcdefXYZ';
const UNKNOWN_KEY = 'vg_unknown0000000000000';
const USER = { kind: 'user', userId: 'u1', email: 'u1@example.com', sessionId: 's1' } as const;
const session = signSession(USER, JWT_SECRET);
const CLIENT = { kind: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', workspaceId: 'w1', region: 'eu', email: 'c1@example.com', sessionId: 'cs1' } as const;
const clientSession = signClientSession({ clientId: 'c1', sessionId: 'cs1', region: 'eu' }, JWT_SECRET);
const endedClientSession = signClientSession({ clientId: 'c1', sessionId: 'cs2', region: 'eu' }, JWT_SECRET);

describe('gateway authentication', () => {
  let workspace: Upstream;
  let agent: Upstream;
  let agencyDomain: Upstream;
  let gateway: Express;

  beforeAll(async () => {
    workspace = await startUpstream('workspace', {
      credentials: { [WORKSPACE_SECRET]: { kind: 'workspace', workspaceId: 'w1', region: 'eu' }, [session]: USER },
    });
    agent = await startUpstream('agent', { credentials: { [AGENT_KEY]: { kind: 'agent', agentId: 'a1', region: 'eu' } } });
    agencyDomain = await startUpstream('agency-domain', { credentials: { [AGENCY_SECRET]: { kind: 'agency', agencyId: 'ag1' }, [clientSession]: CLIENT } });
    gateway = createGateway(
      loadConfig(
        gatewayEnv({
          SERVICE_URL_WORKSPACE: workspace.url,
          SERVICE_URL_AGENT: agent.url,
          SERVICE_URL_AGENCY_DOMAIN: agencyDomain.url,
          SERVICE_URL_BILLING: workspace.url,
        }),
      ),
      silentLogger,
    );
  });
  afterAll(async () => {
    await Promise.all([workspace.close(), agent.close(), agencyDomain.close()]);
  });

  it('turns the session cookie into a user identity', async () => {
    const res = await request(gateway).get('/api/workspace/me').set('cookie', `theme=dark; session=${session}`);
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual(USER);
    expect(res.body.forwardedCredentials).toEqual([]);
  });

  it("turns an agency client's session (cookie or bearer) into a client identity, asked of agency-domain (ADR 0019)", async () => {
    const byCookie = await request(gateway).get('/api/agency-domain/v2/client/me').set('cookie', `client_session=${clientSession}`);
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.identity).toEqual(CLIENT);
    expect(byCookie.body.forwardedCredentials).toEqual([]);
    const byBearer = await request(gateway).get('/api/agent/v2/client/agents').set('authorization', `Bearer ${clientSession}`);
    expect(byBearer.body.identity).toEqual(CLIENT);
    // a session agency-domain does not know (ended) is refused and its cookie cleared
    const ended = await request(gateway).get('/api/agency-domain/v2/client/me').set('cookie', `client_session=${endedClientSession}`);
    expect(ended.status).toBe(401);
    expect(String(ended.headers['set-cookie'])).toMatch(/^client_session=;/);
    // a client token is never a person's session, even in the person's cookie
    expect((await request(gateway).get('/api/workspace/me').set('cookie', `session=${clientSession}`)).status).toBe(401);
  });

  it('turns a bearer session JWT into a user identity', async () => {
    const res = await request(gateway).get('/api/agent/v2/agents').set('authorization', `Bearer ${session}`);
    expect(res.body.identity).toEqual(USER);
    expect(res.body.forwardedCredentials).toEqual([]);
  });

  it('verifies a workspace secret with the workspace service and caches the answer', async () => {
    const before = workspace.verifyCalls;
    const first = await request(gateway).get('/api/workspace/v2/workspaces/w1').set('authorization', `Bearer ${WORKSPACE_SECRET}`);
    expect(first.status).toBe(200);
    expect(first.body.identity).toEqual({ kind: 'workspace', workspaceId: 'w1', region: 'eu' });
    expect(workspace.verifyCalls).toBe(before + 1);

    const second = await request(gateway).get('/api/workspace/v2/workspaces/w1').set('authorization', `Bearer ${WORKSPACE_SECRET}`);
    expect(second.body.identity.kind).toBe('workspace');
    expect(workspace.verifyCalls).toBe(before + 1);
  });

  it('asks the agent service first on agent routes, then falls back to the workspace service', async () => {
    const res = await request(gateway).post('/api/agent/v2/agents/a1').set('authorization', `Bearer ${AGENT_KEY}`).send({ name: 'x' });
    expect(res.body.identity).toEqual({ kind: 'agent', agentId: 'a1', region: 'eu' });
    expect(res.body.body).toEqual({ name: 'x' });

    const agentCalls = agent.verifyCalls;
    const viaWorkspace = await request(gateway).get('/api/na/billing/x').set('authorization', `Bearer ${AGENT_KEY}`);
    expect(viaWorkspace.body.identity.kind).toBe('agent');
    expect(viaWorkspace.body.region).toBe('na');
    expect(agent.verifyCalls).toBe(agentCalls + 1);
  });

  it('verifies an agency secret with the agency-domain service', async () => {
    const res = await request(gateway).get('/api/agency-domain/agencies/ag1').set('authorization', `Bearer ${AGENCY_SECRET}`);
    expect(res.body.identity).toEqual({ kind: 'agency', agencyId: 'ag1' });
  });

  it('answers 401 for credentials nobody owns, and caches that briefly too', async () => {
    const calls = workspace.verifyCalls + agent.verifyCalls;
    for (let i = 0; i < 2; i += 1) {
      const res = await request(gateway).get('/api/workspace/x').set('authorization', `Bearer ${UNKNOWN_KEY}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid or expired credentials' });
    }
    expect(workspace.verifyCalls + agent.verifyCalls).toBe(calls + 2);
  });

  it('answers 401 for expired, forged or unreadable credentials', async () => {
    const expired = jwt.sign({ email: 'u1@example.com' }, JWT_SECRET, { subject: 'u1', expiresIn: -10 });
    const forged = signSession(USER, 'another-secret');
    for (const authorization of [`Bearer ${expired}`, `Bearer ${forged}`, 'Bearer not-a-credential', 'Basic dXNlcjpwYXNz']) {
      const res = await request(gateway).get('/api/workspace/x').set('authorization', authorization);
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
      expect(res.body).toEqual({ success: false, message: 'Invalid or expired credentials' });
    }
  });

  it('answers 401 for a stale session cookie and clears it', async () => {
    const res = await request(gateway).get('/api/workspace/x').set('cookie', `session=${signSession({ userId: 'u', email: 'e@x.y', sessionId: 's' }, 'old')}`);
    expect(res.status).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/^session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('answers 503, not 401, when the owning service cannot be asked', async () => {
    const lonely = createGateway(
      loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url, SERVICE_URL_AGENCY_DOMAIN: await closedPortUrl() })),
      silentLogger,
    );
    const res = await request(lonely).get('/api/workspace/x').set('authorization', `Bearer ${AGENCY_SECRET}`);
    expect(res.status).toBe(503);
    expect(res.body.success).toBe(false);
  });
});

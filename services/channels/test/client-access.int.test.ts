/**
 * The channels authoriser for an agency client (ADR 0037): it asks the agent service for the agent
 * on the client's behalf (signed with the client's identity) and names the dashboard page the
 * route serves (?page=channels); the agent service's refusal reaches the caller unchanged. A
 * stand-in agent service over real HTTP records what it was asked (tests/routes covers the real one).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { randomBytes } from 'node:crypto';
import { HttpError, gatewayContext, type Identity } from '@platform/kit';
import { clientIdentity } from '@platform/test-support';
import { HttpAgentDirectory } from '../src/clients/agent-directory';
import { ChannelsAccess } from '../src/usecases/access';

describe('ChannelsAccess.clientAgent asks the agent service, naming the page', () => {
  const secret = randomBytes(24).toString('hex');
  const asked: Array<{ url: string; identity: Identity }> = [];
  let server: Server;
  let access: ChannelsAccess;
  const client = clientIdentity({ clientId: 'CCCCCCCCCCCCCCCCCCCC', orgId: 'OOOOOOOOOOOOOOOOOOOO', agencyId: 'GGGGGGGGGGGGGGGGGGGG', workspaceId: 'WWWWWWWWWWWWWWW' }) as Extract<Identity, { kind: 'client' }>;

  beforeAll(async () => {
    const app = express();
    app.use(gatewayContext(secret));
    app.get('/v2/agents/:agentId', (req, res) => {
      asked.push({ url: req.originalUrl, identity: req.identity });
      if (req.query.page === 'channels' && req.params.agentId === 'refused') return void res.status(403).json({ success: false, message: 'Your account cannot open Channels.' });
      res.json({ success: true, agent: { ID: req.params.agentId, ownerID: 'WWWWWWWWWWWWWWW', agentPlatform: 'vg' } });
    });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    access = new ChannelsAccess(new HttpAgentDirectory({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, signingSecret: secret, timeoutMs: 5000 }));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    asked.length = 0;
  });

  it("a page rule: the read names the page and is signed as the client; the grant is the agent service's answer", async () => {
    expect(await access.clientAgent(client, 'eu', { agentId: 'A1' }, { page: 'channels' })).toEqual({ agentId: 'A1', workspaceId: 'WWWWWWWWWWWWWWW', agentType: 'vg' });
    expect(asked).toEqual([{ url: '/v2/agents/A1?page=channels', identity: expect.objectContaining({ kind: 'client', clientId: client.clientId, orgId: client.orgId }) }]);
  });

  it("the agent service's refusal is passed on with its status and message", async () => {
    const refusal = await access.clientAgent(client, 'eu', { agentId: 'refused' }, { page: 'channels' }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 403, message: 'Your account cannot open Channels.' });
  });

  it('a route open to every client of the organisation (true) names no page, and a member read never does', async () => {
    await access.clientAgent(client, 'eu', { agentId: 'A2' }, true);
    await access.agent({ kind: 'user', id: 'U1', email: 'u@example.com' } as never, 'eu', { agentId: 'A3' });
    expect(asked.map((call) => call.url)).toEqual(['/v2/agents/A2', '/v2/agents/A3']);
  });
});

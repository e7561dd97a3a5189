/**
 * The tenant matrix of issue 12 (ADR 0019): a client of one organisation cannot read or change
 * another organisation's clients, agents, conversations or billing, and a client reaches no agency or
 * workspace route. The agent service asks the real agency-domain service over HTTP. Every route
 * of every service refusing the client kind is proved by route-walk.int.test.ts.
 */
import { newAgentDraft, type Region } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { gateway, serviceSlot, snapshot, someone, startAgencyDomainService, startAgentService, startBillingService, startChannelsService, uniqueEmail, type AgentService, type RunningService } from '@platform/test-support';

const password = 'Abcdefghij12345';
/** Agent routes a client opens with a page of its access (ADR 0036). */
const PAGE_ROUTES = ['listKnowledgeSources', 'createKnowledgeSource', 'searchKnowledge', 'updateKnowledgeSource', 'deleteKnowledgeSource', 'testVoiceTool', 'uploadFile'];

describe('a client of one organisation stays inside it', () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let billingSlot: Awaited<ReturnType<typeof serviceSlot>>;
  let billing: RunningService<unknown>['as'];
  let uid: string;
  let owner: Identity;
  let agencyId: string;
  let org1: string;
  let org2: string;
  let agentX: string;
  let agentY: string;
  let agentOther: string;
  let c1: Identity; // org1, organisation admin, may not create agents
  let c1Creator: Identity; // org1, allowCreateAgents
  let c2: Identity; // org2, organisation admin
  let c2Id: string;
  let c2Email: string;
  let outsider: Identity; // a client of another agency
  let c1Pages: Identity; // org1, Widget, Knowledge and Tools (ADR 0036)

  const createAgent = async (who: Identity, workspaceId: string, title: string) => {
    const draft = newAgentDraft({ title, ownerID: workspaceId });
    return (await h.as(who).post(`/v2/agents/${draft.ID}`, draft).expect(200)).body.agent.ID as string;
  };
  const signIn = async (email: string, inAgency: string, region: Region = 'eu') => {
    const token = (await agency.as({ kind: 'anonymous' }, region).post('/client-auth/login', { email, password, agencyId: inAgency }).expect(200)).body.token;
    return (await agency.as(gateway, region).post('/internal/credentials/verify', { credential: token }).expect(200)).body.identity as Identity;
  };
  const addClient = async (as: Identity, workspaceId: string, orgId: string, fields: object) => {
    const email = uniqueEmail('client');
    const { client } = (await agency.as(as).post(`/v2/workspaces/${workspaceId}/clients`, { orgId, name: 'Client', email, dashboardPassword: password, ...fields }).expect(200)).body;
    return { id: client.ID as string, email };
  };

  beforeAll(async () => {
    const slot = await serviceSlot();
    // Answers about organisations are not reused here, so a change is seen by the next request.
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    // billing too: agency-domain tells it whose each new organisation is (ADR 0022)
    billingSlot = await serviceSlot();
    billing = (await startBillingService(h, billingSlot)).as;
    agency = await startAgencyDomainService(h, slot, billingSlot.url);
    owner = someone('agency');
    uid = (await h.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Agency' }).expect(201)).body.data.uid;
    agencyId = (await agency.as(owner).post(`/v2/workspaces/${uid}/agency`, { name: 'Agency A' }).expect(200)).body.agency.ID;
    agentX = await createAgent(owner, uid, 'X');
    agentY = await createAgent(owner, uid, 'Y');
    org1 = (await agency.as(owner).post(`/v2/workspaces/${uid}/orgs`, { name: 'One' }).expect(201)).body.organization.ID;
    org2 = (await agency.as(owner).post(`/v2/workspaces/${uid}/orgs`, { name: 'Two' }).expect(201)).body.organization.ID;
    await agency.as(owner).post(`/v2/workspaces/${uid}/orgs/${org1}`, { ID: org1, name: 'One', widgetIDs: [agentX] }).expect(200);
    await agency.as(owner).post(`/v2/workspaces/${uid}/orgs/${org2}`, { ID: org2, name: 'Two', widgetIDs: [agentY] }).expect(200);
    const one = await addClient(owner, uid, org1, { isOrgAdmin: true });
    const creator = await addClient(owner, uid, org1, { allowCreateAgents: true });
    const two = await addClient(owner, uid, org2, { isOrgAdmin: true });
    c1 = await signIn(one.email, agencyId);
    c1Creator = await signIn(creator.email, agencyId);
    c2 = await signIn(two.email, agencyId);
    c2Id = two.id;
    c2Email = two.email;
    c1Pages = await signIn((await addClient(owner, uid, org1, { canAccess: ['/overview', '/kb', '/tools'] })).email, agencyId);

    const otherOwner = someone('other');
    const otherUid = (await h.workspace.as(otherOwner).post('/v2/workspaces', { workspaceName: 'Other agency' }).expect(201)).body.data.uid;
    const otherAgencyId = (await agency.as(otherOwner).post(`/v2/workspaces/${otherUid}/agency`, { name: 'Agency B' }).expect(200)).body.agency.ID;
    agentOther = await createAgent(otherOwner, otherUid, 'Other');
    const otherOrg = (await agency.as(otherOwner).post(`/v2/workspaces/${otherUid}/orgs`, {}).expect(201)).body.organization.ID;
    await agency.as(otherOwner).post(`/v2/workspaces/${otherUid}/orgs/${otherOrg}`, { ID: otherOrg, name: 'B org', widgetIDs: [agentOther] }).expect(200);
    outsider = await signIn((await addClient(otherOwner, otherUid, otherOrg, {})).email, otherAgencyId);
  });
  afterAll(async () => {
    await billingSlot.close();
    await agency.close();
    await h.close();
  });

  it("billing knows each new organisation's workspace, with billing off until the root admin turns it on", async () => {
    for (const orgId of [org1, org2]) {
      expect(await h.mongo.collection('eu', 'organization_billing').findOne({ _id: orgId } as never)).toMatchObject({ workspaceId: uid, allowBilling: false });
    }
  });

  describe('clients', () => {
    it("lists only its own organisation's users", async () => {
      const mine = (await agency.as(c1).get('/v2/client/org/clients').expect(200)).body.clients as Array<{ orgId: string; ID: string }>;
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((client) => client.orgId === org1)).toBe(true);
      expect(mine.map((client) => client.ID)).not.toContain(c2Id);
    });

    it("cannot change another organisation's client, nor take its e-mail", async () => {
      const before = await snapshot(h.mongo);
      await agency.as(c1).post('/v2/client/org/clients', { ID: c2Id, name: 'Taken over', email: uniqueEmail('x') }).expect(404);
      await agency.as(c1).post('/v2/client/org/clients', { name: 'Copy', email: c2Email, dashboardPassword: password }).expect(400);
      await agency.as(c1).post('/v2/client/me', { email: c2Email }).expect(400);
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it('reads its own organisation only', async () => {
      expect((await agency.as(c1).get('/v2/client/me').expect(200)).body.organization.ID).toBe(org1);
      expect((await agency.as(c2).get('/v2/client/me').expect(200)).body.organization.ID).toBe(org2);
    });
  });

  describe('agents', () => {
    it("lists its organisation's agents only", async () => {
      expect((await h.as(c1).get('/v2/client/agents').expect(200)).body.agents.map((a: { ID: string }) => a.ID)).toEqual([agentX]);
      expect((await h.as(c2).get('/v2/client/agents').expect(200)).body.agents.map((a: { ID: string }) => a.ID)).toEqual([agentY]);
      expect((await h.as(outsider).get('/v2/client/agents').expect(200)).body.agents.map((a: { ID: string }) => a.ID)).toEqual([agentOther]);
    });

    it('GET /v2/agents/{id}: its organisation\'s agent, not another organisation\'s or agency\'s', async () => {
      await h.as(c1).get(`/v2/agents/${agentX}`).expect(200);
      await h.as(c1).get(`/v2/agents/${agentY}`).expect(403);
      await h.as(outsider).get(`/v2/agents/${agentX}`).expect(403);
      await h.as(c1).get(`/v2/agents/${agentOther}`).expect(403);
    });

    it('POST /v2/agents/{id}: a client never edits an agent, and creates one only with allowCreateAgents; it joins the organisation', async () => {
      const before = await snapshot(h.mongo);
      await h.as(c1).post(`/v2/agents/${agentY}`, { title: 'Hijacked', lastModified: 1 }).expect(403);
      await h.as(c1).post(`/v2/agents/${agentX}`, { title: 'Edited', lastModified: 1 }).expect(403);
      const refused = newAgentDraft({ title: 'Not allowed', ownerID: uid });
      await h.as(c1).post(`/v2/agents/${refused.ID}`, refused).expect(403);
      expect(await snapshot(h.mongo)).toEqual(before);
      // a client that may create agents: the agent is the agency workspace's and joins org1 only
      const draft = newAgentDraft({ title: 'Made by a client', ownerID: 'AAAAAAAAAAAAAAA' });
      const created = (await h.as(c1Creator).post(`/v2/agents/${draft.ID}`, draft).expect(200)).body.agent;
      expect(created).toMatchObject({ ID: draft.ID, ownerID: uid });
      await h.as(c1).get(`/v2/agents/${draft.ID}`).expect(200);
      await h.as(c2).get(`/v2/agents/${draft.ID}`).expect(403);
      const access = (await agency.as(gateway).get(`/internal/organizations/${org2}/clients/${c2Id}/access`).expect(200)).body;
      expect(access.widgetIDs).toEqual([agentY]);
    });

    it("conversations and leads: its organisation's agents only", async () => {
      for (const tab of ['conversations', 'leads']) {
        await h.as(c1).get(`/v2/agents/${agentX}/${tab}`).expect(200);
        await h.as(c1).get(`/v2/agents/${agentY}/${tab}`).expect(403);
        await h.as(outsider).get(`/v2/agents/${agentX}/${tab}`).expect(403);
      }
    });

    it("every other agent route refuses a client, even for its own organisation's agent", async () => {
      const before = await snapshot(h.mongo);
      // the page routes (Knowledge, Tools, uploads) have their own rows below
      const refused = h.routes.filter((route) => (route.access === 'agent' || route.access === 'member') && !['getAgent', 'saveAgent', 'listConversations', 'listLeads', ...PAGE_ROUTES].includes(route.operationId));
      expect(refused.length).toBeGreaterThan(5);
      for (const route of refused) {
        const path = route.path.replace(':agentId', agentX).replace(':versionId', 'AAAAAAAA');
        const res = route.method === 'get' ? await h.as(c1).get(`${path}?workspaceId=${uid}`) : await h.as(c1)[route.method](path, { agentId: agentX, workspaceId: uid });
        expect([route.operationId, res.status]).toEqual([route.operationId, 403]);
      }
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it("Knowledge, Tools and uploads: its organisation's agents with the page only (ADR 0036)", async () => {
      const before = await snapshot(h.mongo);
      const requests = (agentId: string) => [
        (who: Identity) => h.as(who).get(`/v2/agents/${agentId}/knowledge`),
        (who: Identity) => h.as(who).post(`/v2/agents/${agentId}/knowledge/search`, { query: 'opening hours' }),
        (who: Identity) => h.as(who).delete(`/v2/agents/${agentId}/knowledge/AAAAAAAAAAAAAAAAAAAA`),
        (who: Identity) => h.as(who).post(`/v2/agents/${agentId}/tools/test`, { tool: { id: 'walktool1', name: 'walk', description: 'A tool', serverUrl: 'https://example.invalid/tool' } }),
        (who: Identity) => h.as(who).post('/procedures/uploadFile', { agentId, userId: agentId, targetPath: 'x', base64Payload: Buffer.from('hi').toString('base64'), fileName: 'a.txt' }),
      ];
      // with every page: another organisation's agent, another agency's agent
      for (const agentId of [agentY, agentOther]) {
        for (const call of requests(agentId)) expect((await call(c1Pages)).status).toBe(403);
      }
      // its own organisation's agent without the pages; another agency's client
      for (const call of requests(agentX)) {
        expect((await call(c1)).status).toBe(403);
        expect((await call(outsider)).status).toBe(403);
      }
      expect(await snapshot(h.mongo)).toEqual(before);
      // with the pages, its own organisation's agent
      await h.as(c1Pages).get(`/v2/agents/${agentX}/knowledge`).expect(200);
      await h.as(c1Pages).delete(`/v2/agents/${agentX}/knowledge/AAAAAAAAAAAAAAAAAAAA`).expect(404);
    });

    it("disabled client access locks the organisation's clients out of its agents", async () => {
      await agency.as(owner).post(`/v2/workspaces/${uid}/orgs/${org2}`, { ID: org2, name: 'Two', widgetIDs: [agentY], settings: { disableClientAccess: true, disableClientAccessMessage: 'Paused' } }).expect(200);
      expect((await h.as(c2).get(`/v2/agents/${agentY}`).expect(403)).body.message).toBe('Access is currently disabled. Pleas contact your provider!');
      await h.as(c2).get('/v2/client/agents').expect(403);
      // the dashboard still reads the session, with the message for the locked modal
      expect((await agency.as(c2).get('/v2/client/me').expect(200)).body.organization.settings).toMatchObject({ disableClientAccess: true, disableClientAccessMessage: 'Paused' });
    });
  });

  describe('billing', () => {
    it("reads its own organisation's billing, never another's, and none of the agency's", async () => {
      const before = await snapshot(h.mongo);
      await billing(c1).get(`/stripe/connect/organization/${org1}`).expect(200);
      expect((await billing(c1).get(`/stripe/connect/organization/${org2}`)).status).toBe(403);
      expect((await billing(outsider).get(`/stripe/connect/organization/${org1}`)).status).toBe(403);
      await billing(c1).post(`/stripe/connect/organization/${org1}`, { workspaceId: uid, allowBilling: true }).expect(403);
      await billing(c1).get(`/stripe/connect/credit-transfer/${org1}?workspaceId=${uid}`).expect(403);
      await billing(c1).post('/stripe/connect/credit-transfer', { transferId: 'steal', workspaceId: uid, orgId: org1, amount: 1, direction: 'workspaceToOrg' }).expect(403);
      expect(await snapshot(h.mongo)).toEqual(before);
    });
  });

  describe('agency and workspace routes', () => {
    it("refuse a client: the agency's organisations, clients, settings and its workspace", async () => {
      const before = await snapshot(h.mongo);
      for (const client of [c1, c2]) {
        await agency.as(client).get(`/v2/workspaces/${uid}/orgs`).expect(403);
        await agency.as(client).post(`/v2/workspaces/${uid}/orgs`, {}).expect(403);
        await agency.as(client).post(`/v2/workspaces/${uid}/orgs/${org2}`, { ID: org2, name: 'Mine now' }).expect(403);
        await agency.as(client).delete(`/v2/workspaces/${uid}/orgs/${org2}`).expect(403);
        await agency.as(client).post(`/v2/workspaces/${uid}/clients`, { orgId: org2, name: 'x', email: uniqueEmail('x'), dashboardPassword: password }).expect(403);
        await agency.as(client).delete(`/v2/workspaces/${uid}/clients/${c2Id}`).expect(403);
        await agency.as(client).get(`/v2/workspaces/${uid}/agency`).expect(403);
        await agency.as(client).post(`/v2/workspaces/${uid}/agency`, { name: 'Mine' }).expect(403);
        await agency.as(client).get(`/internal/organizations/by-agent/${agentX}`).expect(403);
        await h.workspace.as(client).get(`/v2/workspaces/${uid}`).expect(403);
        await h.as(client).get(`/v2/agents?workspaceId=${uid}`).expect(403);
      }
      expect(await snapshot(h.mongo)).toEqual(before);
    });
  });

  describe('channels (ADR 0037)', () => {
    let channels: Awaited<ReturnType<typeof startChannelsService>>;
    let c1Channels: Identity; // org1, /channels
    beforeAll(async () => {
      channels = await startChannelsService(h);
      c1Channels = await signIn((await addClient(owner, uid, org1, { canAccess: ['/channels'] })).email, agencyId);
    });
    afterAll(async () => {
      await channels.close();
    });

    it("a client with /channels reaches its organisation's agents' channels only", async () => {
      await channels.as(c1Channels).get(`/v2/agents/${agentX}/channels`).expect(200);
      await channels.as(c1Channels).get(`/v2/agents/${agentY}/channels`).expect(403);
      await channels.as(c1Channels).get(`/v2/agents/${agentOther}/channels`).expect(403);
      await channels.as(outsider).get(`/v2/agents/${agentX}/channels`).expect(403);
      expect((await channels.as(c1).get(`/v2/agents/${agentX}/channels`).expect(403)).body.message).toBe('Your account cannot open Channels.');
    });

    it("cannot connect or remove a channel of another organisation's agent, nor reach the workspace's channel routes", async () => {
      const before = await snapshot(h.mongo);
      await channels.as(c1Channels).post('/procedures/connectDiscord', { agentID: agentY, channelId: '123456789', webhookUrl: 'https://discord.com/api/webhooks/1/x' }).expect(403);
      await channels.as(c1Channels).post('/procedures/removeTelegram', { agentId: agentY, botId: '123' }).expect(403);
      await channels.as(c1Channels).post('/procedures/removeMetaPage', { agentId: agentOther, pageId: '123' }).expect(403);
      // the Meta sign-in's helpers (ADR 0040) for another organisation's or agency's agent
      for (const [who, agentId] of [[c1Channels, agentY], [c1Channels, agentOther], [outsider, agentX]] as const) {
        await channels.as(who).post('/procedures/tokenToPages', { token: 'EAAAAAAAAAAAAAAAAAAAAAAA', agentId }).expect(403);
        await channels.as(who).post('/procedures/exchangeMetaToken', { token: 'EAAAAAAAAAAAAAAAAAAAAAAA', agentId }).expect(403);
      }
      for (const route of channels.routes.filter((r) => r.access === 'member')) {
        const path = route.path.replace(':workspaceId', uid).replace(':uid', uid);
        const answer = route.method === 'get' ? await channels.as(c1Channels).get(path) : await channels.as(c1Channels)[route.method](path, { workspaceId: uid });
        expect([route.operationId, answer.status]).toEqual([route.operationId, 403]);
      }
      expect(await snapshot(h.mongo)).toEqual(before);
    });
  });
});

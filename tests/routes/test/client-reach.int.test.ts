/**
 * A client's own agents (widgetIDs) and isAdmin, the root admin's fields of the client drawer
 * (spec §2.12, §3.6; ADR 0045): the agent service enforces them through agency-domain's
 * clientAccess answer, over HTTP, on the real services.
 */
import { AGENT_API_MESSAGES, CLIENTS_API_MESSAGES, CLIENT_SIGN_IN, newAgentDraft } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { gateway, serviceSlot, setUpAgencyWithClients, snapshot, startAgencyDomainService, startAgentService, type AgencyWithClients, type AgentService, type RunningService } from '@platform/test-support';

describe("a client's own agents narrow its organisation's, and isAdmin opens the agency admin's pages", () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let set: AgencyWithClients;
  let agentZ: string;
  let narrowed: Identity; // org1, widgetIDs [Z]
  let everyone: Identity; // org1, no widgetIDs: every agent of the organisation
  let admin: Identity; // org1, isAdmin, canAccess /home only
  let plain: Identity; // org1, canAccess /home only

  const orgAgents = (widgetIDs: string[]) => agency.as(set.owner).post(`/v2/workspaces/${set.uid}/orgs/${set.org1}`, { ID: set.org1, name: 'One', widgetIDs }).expect(200);
  const listed = async (who: Identity) => ((await h.as(who).get('/v2/client/agents').expect(200)).body.agents as Array<{ ID: string }>).map((agent) => agent.ID).sort();
  const clientIdOf = (who: Identity) => (who as { clientId: string }).clientId;

  beforeAll(async () => {
    const slot = await serviceSlot();
    // Answers about organisations are not reused here, so a change is seen by the next request.
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    agency = await startAgencyDomainService(h, slot);
    set = await setUpAgencyWithClients(h, agency, 'Agency R');
    const draft = newAgentDraft({ title: 'Z', ownerID: set.uid });
    agentZ = (await h.as(set.owner).post(`/v2/agents/${draft.ID}`, draft).expect(200)).body.agent.ID;
    await orgAgents([set.agentX, agentZ]);
    narrowed = await set.addClient(set.org1, undefined, { widgetIDs: [agentZ] });
    everyone = await set.addClient(set.org1);
    admin = await set.addClient(set.org1, ['/home'], { isAdmin: true });
    plain = await set.addClient(set.org1, ['/home']);
  });
  afterAll(async () => {
    await agency.close();
    await h.close();
  });

  it('a client with widgetIDs lists and opens only those of its organisation; one without sees them all', async () => {
    expect(await listed(narrowed)).toEqual([agentZ]);
    expect(await listed(everyone)).toEqual([set.agentX, agentZ].sort());
    expect((await h.as(narrowed).get(`/v2/agents/${set.agentX}`).expect(403)).body.message).toBe(AGENT_API_MESSAGES.noAccess);
    await h.as(narrowed).get(`/v2/agents/${agentZ}`).expect(200);
    const access = (await agency.as(gateway).get(`/internal/organizations/${set.org1}/clients/${clientIdOf(narrowed)}/access`).expect(200)).body;
    expect(access.widgetIDs).toEqual([agentZ]);
  });

  it("is told about its own agents only: an agent's notifications skip clients who do not see it", async () => {
    const told = async (agentId: string) => ((await agency.as(gateway).get(`/internal/organizations/by-agent/${agentId}`).expect(200)).body.organizations[0].clients as Array<{ ID: string }>).map((client) => client.ID);
    expect(await told(set.agentX)).not.toContain(clientIdOf(narrowed));
    expect(await told(set.agentX)).toContain(clientIdOf(everyone));
    expect(await told(agentZ)).toEqual(expect.arrayContaining([clientIdOf(narrowed), clientIdOf(everyone)]));
  });

  it("an agent a narrowed client creates joins the organisation and the client's own list, so it sees it", async () => {
    const creator = await set.addClient(set.org1, undefined, { widgetIDs: [agentZ], allowCreateAgents: true });
    const draft = newAgentDraft({ title: 'Made by a narrowed client', ownerID: set.uid });
    await h.as(creator).post(`/v2/agents/${draft.ID}`, draft).expect(200);
    expect(await listed(creator)).toEqual([agentZ, draft.ID].sort());
    // the others of the organisation keep their lists: the narrowed one does not get it
    expect(await listed(narrowed)).toEqual([agentZ]);
    await orgAgents([set.agentX, agentZ]);
  });

  it('isAdmin opens every page of the agency admin view and saves their fields, whatever canAccess says; fields only the agency changes stay locked', async () => {
    const session = (await agency.as(admin).get('/v2/client/me').expect(200)).body;
    expect(session).toMatchObject({ agencyAdmin: false, pages: [...CLIENT_SIGN_IN.agencyAdminPages], client: { isAdmin: true, canAccess: ['/home'] } });
    const agent = (await h.as(admin).get(`/v2/agents/${set.agentX}`).expect(200)).body.agent;
    // title is a Settings field: Settings is among the agency admin's pages
    await h.as(admin).post(`/v2/agents/${set.agentX}`, { ...agent, title: 'Renamed by an admin client' }).expect(200);
    expect((await h.as(plain).post(`/v2/agents/${set.agentX}`, { ...agent, title: 'Not allowed' }).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.clientCannotChangeAgents);
    const saved = (await h.as(admin).get(`/v2/agents/${set.agentX}`).expect(200)).body.agent;
    expect((await h.as(admin).post(`/v2/agents/${set.agentX}`, { ...saved, maxTokensUsage: 5 }).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.clientLockedField('maxTokensUsage'));
  });

  it("isAdmin opens every custom tab of the agency; a plain client only those its access names", async () => {
    await agency.as(set.owner).post(`/v2/workspaces/${set.uid}/agency`, { name: 'Agency R', customTabs: [{ label: 'Prices', href: '/prices', pageType: 'html', htmlContent: '<h1>Prices</h1>' }] }).expect(200);
    expect((await agency.as(admin).get('/v2/client/custom-tab?href=%2Fprices').expect(200)).text).toContain('<h1>Prices</h1>');
    await agency.as(plain).get('/v2/client/custom-tab?href=%2Fprices').expect(404);
  });

  it('a client is never given an agent outside its organisation; an agent the organisation drops is gone for it too', async () => {
    const before = await snapshot(h.mongo);
    const email = 'outside@example.com';
    const res = await agency.as(set.owner).post(`/v2/workspaces/${set.uid}/clients`, { orgId: set.org1, name: 'Outside', email, dashboardPassword: 'Abcdefghij12345', widgetIDs: [set.agentY] }).expect(400);
    expect(res.body.message).toBe(CLIENTS_API_MESSAGES.clientAgentNotInOrganization(set.agentY));
    expect(await snapshot(h.mongo)).toEqual(before);
    await orgAgents([set.agentX]);
    expect(await listed(narrowed)).toEqual([]);
    expect(await listed(everyone)).toEqual([set.agentX]);
    await h.as(narrowed).get(`/v2/agents/${agentZ}`).expect(403);
  });

  it('disabled client access blocks an isAdmin client too', async () => {
    await agency.as(set.owner).post(`/v2/workspaces/${set.uid}/orgs/${set.org1}`, { ID: set.org1, name: 'One', widgetIDs: [set.agentX], settings: { disableClientAccess: true } }).expect(200);
    expect((await h.as(admin).get('/v2/client/agents').expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.clientAccessDisabled);
  });
});

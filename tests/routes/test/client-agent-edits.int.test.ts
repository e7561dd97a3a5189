/**
 * The client edit rule of issue 12 (ADR 0031): a client whose canAccess names an editor page
 * saves its organisation's agents; a client without one, or of another organisation, is refused,
 * and no client changes a field only the agency changes. The agent service asks the real
 * agency-domain service over HTTP.
 */
import type { Identity } from '@platform/kit';
import { serviceSlot, setUpAgencyWithClients, snapshot, startAgencyDomainService, startAgentService, type AgentService, type RunningService } from '@platform/test-support';

describe('a client edits its organisation\'s agents only through an editor page', () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let agentX: string;
  let agentY: string;
  let editor: Identity; // org1, canAccess /overview and /settings
  let reader: Identity; // org1, the default pages (no editor page)
  let otherEditor: Identity; // org2, canAccess /overview
  let owner: Identity; // the agency's workspace owner

  beforeAll(async () => {
    const slot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    agency = await startAgencyDomainService(h, slot);
    const set = await setUpAgencyWithClients(h, agency, 'Agency E');
    ({ owner, agentX, agentY } = set);
    editor = await set.addClient(set.org1, ['/home', '/overview', '/settings']);
    reader = await set.addClient(set.org1);
    otherEditor = await set.addClient(set.org2, ['/overview']);
  });
  afterAll(async () => {
    await agency.close();
    await h.close();
  });

  const stored = async (agentId: string) => (await h.as(editor).get(`/v2/agents/${agentId}`).expect(200)).body.agent as Record<string, unknown>;

  it('a client with an editor page saves its organisation\'s agent, and reads the change back', async () => {
    const agent = await stored(agentX);
    const saved = (await h.as(editor).post(`/v2/agents/${agentX}`, { ...agent, title: 'Renamed by the client', proactiveMessage: 'Hi!' }).expect(200)).body;
    expect(saved).toMatchObject({ success: true, created: false, agent: { ID: agentX, title: 'Renamed by the client' } });
    expect(await stored(agentX)).toMatchObject({ title: 'Renamed by the client', proactiveMessage: 'Hi!' });
  });

  it("a client never reads the agent's secrets, and its save keeps the stored ones", async () => {
    const full = (await h.as(owner).get(`/v2/agents/${agentX}`).expect(200)).body.agent as Record<string, unknown>;
    await h.as(owner).post(`/v2/agents/${agentX}`, { ...full, whatsappToken: 'EAAG-client-never-sees', vfApiKey: 'VF.DM.agency-key' }).expect(200);
    const seen = await stored(agentX);
    for (const secret of ['SECRET_API_KEY', 'whatsappToken', 'vfApiKey']) expect(seen).not.toHaveProperty(secret);
    const saved = (await h.as(editor).post(`/v2/agents/${agentX}`, { ...seen, title: 'Saved without the secrets' }).expect(200)).body.agent;
    expect(saved).not.toHaveProperty('whatsappToken');
    const after = (await h.as(owner).get(`/v2/agents/${agentX}`).expect(200)).body.agent;
    expect(after).toMatchObject({ title: 'Saved without the secrets', whatsappToken: 'EAAG-client-never-sees', vfApiKey: 'VF.DM.agency-key', SECRET_API_KEY: full.SECRET_API_KEY });
  });

  it('a client without an editor page is refused, and nothing changes', async () => {
    const agent = await stored(agentX);
    const before = await snapshot(h.mongo);
    const res = await h.as(reader).post(`/v2/agents/${agentX}`, { ...agent, title: 'Not allowed' }).expect(403);
    expect(res.body).toEqual({ success: false, message: 'Your account cannot create or change agents.' });
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it("a client of another organisation cannot save this organisation's agent, editor page or not", async () => {
    const agent = await stored(agentX);
    const before = await snapshot(h.mongo);
    const res = await h.as(otherEditor).post(`/v2/agents/${agentX}`, { ...agent, title: 'Hijacked' }).expect(403);
    expect(res.body).toEqual({ success: false, message: 'You do not have access to this agent.' });
    // its own organisation's agent it may save
    const own = (await h.as(otherEditor).get(`/v2/agents/${agentY}`).expect(200)).body.agent;
    expect(await snapshot(h.mongo)).toEqual(before);
    await h.as(otherEditor).post(`/v2/agents/${agentY}`, { ...own, title: 'Y, renamed' }).expect(200);
  });

  it('no client changes a field only the agency changes (usage limits, platform, credentials)', async () => {
    const agent = await stored(agentX);
    const before = await snapshot(h.mongo);
    for (const [field, value] of [['maxTokensUsage', 5], ['agentPlatform', agent.agentPlatform === 'vg' ? 'vf' : 'vg'], ['vfApiKey', 'mine'], ['internal', { websocketServer: 'python' }]] as Array<[string, unknown]>) {
      const res = await h.as(editor).post(`/v2/agents/${agentX}`, { ...agent, title: 'Sneaky', [field]: value }).expect(403);
      expect(res.body).toEqual({ success: false, message: `Only your agency can change ${field}.` });
    }
    expect(await snapshot(h.mongo)).toEqual(before);
  });
});

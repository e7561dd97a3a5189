import { newAgentDraft } from '@platform/contracts';
import { agentIdentity, anonymous, snapshot, startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

describe("nobody outside the owning workspace reaches an agent", () => {
  let h: Harness;
  let owner: Awaited<ReturnType<typeof personWithWorkspace>>;
  let other: Awaited<ReturnType<typeof personWithWorkspace>>;
  let agent: Awaited<ReturnType<typeof createAgent>>;
  let versionId: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = await personWithWorkspace(h, 'eu', 'owner');
    other = await personWithWorkspace(h, 'eu', 'other');
    agent = await createAgent(h, owner.person, owner.workspace.uid);
    versionId = (await h.as(owner.person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions[0].versionId;
  });
  afterAll(() => h.close());

  const strangers = () => [
    ['a member of another workspace', other.person],
    ["another workspace's secret", other.secret],
    ["another agent's key", agentIdentity('AAAAAAAAAAAAAAAA')],
  ] as const;

  // Each refusal must change nothing anywhere.
  let before: Record<string, unknown[]>;
  beforeEach(async () => {
    before = await snapshot(h.mongo);
  });
  afterEach(async () => {
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('cannot read it (and never sees it)', async () => {
    for (const [, who] of strangers()) {
      const res = await h.as(who).get(`/v2/agents/${agent.ID}`).expect(403);
      expect(res.body).toEqual({ success: false, message: 'You do not have access to this agent.' });
    }
    await h.as(anonymous).get(`/v2/agents/${agent.ID}`).expect(401);
  });

  it('cannot save it', async () => {
    for (const [, who] of strangers()) {
      await h.as(who).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'Hijacked', lastModified: 1 }).expect(403);
      await h.as(who).post(`/v2/agents/${agent.ID}`, { whatsappToken: 'stolen' }).expect(403);
    }
    await h.as(anonymous).post(`/v2/agents/${agent.ID}`, { ...agent, lastModified: 1 }).expect(401, { success: false, message: 'You must be logged in to create an agent' });
  });

  it('cannot export it', async () => {
    for (const [, who] of strangers()) await h.as(who).post('/procedures/exportAgentToJson', { agentId: agent.ID }).expect(403);
  });

  it('cannot list, restore or back up its versions', async () => {
    for (const [, who] of strangers()) {
      await h.as(who).get(`/v2/agents/${agent.ID}/versions`).expect(403);
      await h.as(who).post(`/v2/agents/${agent.ID}/versions/${versionId}/restore`).expect(403);
      await h.as(who).post('/procedures/saveAgentBackup', { agentId: agent.ID, workspaceId: owner.workspace.uid, userEmail: 'x@example.com' }).expect(403);
    }
  });

  it("cannot list the workspace's agents or create agents in it", async () => {
    await h.as(other.person).get(`/v2/agents?workspaceId=${owner.workspace.uid}`).expect(403, { success: false, message: 'You do not have access to this workspace.' });
    await h.as(other.secret).get(`/v2/agents?workspaceId=${owner.workspace.uid}`).expect(403);
    await h.as(agentIdentity(agent.ID)).get(`/v2/agents?workspaceId=${owner.workspace.uid}`).expect(403);
    const draft = newAgentDraft({ title: 'Planted', ownerID: owner.workspace.uid });
    await h.as(other.person).post(`/v2/agents/${draft.ID}`, draft).expect(403);
    await h.as(other.secret).post(`/v2/agents/${draft.ID}`, draft).expect(403);
    await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${draft.ID}`, draft).expect(403);
    await h.as(other.person).post('/procedures/convertAgentTemplateToAgent', { agentName: 'x', agentTemplate: {}, workspaceId: owner.workspace.uid }).expect(403);
  });

  it('the agent key reaches its own agent only; the workspace secret only in its region', async () => {
    await h.as(agentIdentity(agent.ID)).get(`/v2/agents/${agent.ID}`).expect(200);
    await h.as(agentIdentity(agent.ID, 'na')).get(`/v2/agents/${agent.ID}`).expect(403);
    await h.as(agentIdentity(agent.ID, 'na'), 'na').get(`/v2/agents/${agent.ID}`).expect(404, { success: false, message: 'Agent not found' });
    await h.as(owner.secret).get(`/v2/agents/${agent.ID}`).expect(200);
    await h.as({ ...owner.secret, region: 'na' } as never).get(`/v2/agents/${agent.ID}`).expect(403);
  });
});

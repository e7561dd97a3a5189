import { COLLECTION } from '../src/store/collections';
import { startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

describe('agent versions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('keeps the last 20 saves, newest first, in their own collection, pruned every 10 saves', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { title: 'v1' });
    const stored = () => h.mongo.collection('eu', COLLECTION.versions).countDocuments({ agentId: agent.ID });
    const saveUpTo = async (from: number, to: number) => {
      for (let n = from; n <= to; n += 1) await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title: `v${n}`, lastModified: n }).expect(200);
    };
    await saveUpTo(2, 25);
    const { body } = await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200);
    expect(body.versions).toHaveLength(20);
    expect(body.versions.map((v: { title: string }) => v.title)).toEqual(Array.from({ length: 20 }, (_, i) => `v${25 - i}`));
    expect(body.versions[0]).toMatchObject({ version: 25, source: 'save', savedBy: person.email, savedAt: expect.any(Number), agent: { ID: agent.ID, title: 'v25' } });
    // The 21st to 29th saves prune nothing (a save does not pay for a delete); the 30th does.
    expect(await stored()).toBe(25);
    await saveUpTo(26, 30);
    expect(await stored()).toBe(20);
  });

  it('restores a version as a new save, keeping the current secret key', async () => {
    const { person, workspace, secret } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { title: 'Original', lang: 'fr' });
    await h.as(secret).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'Changed', lang: undefined, lastModified: 2 }).expect(200);
    const versions = (await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions;
    expect(versions.map((v: { source: string; savedBy: string }) => [v.source, v.savedBy])).toEqual([
      ['save', 'workspace secret'],
      ['create', person.email],
    ]);
    const original = versions[1].versionId;
    const restored = await h.as(person).post(`/v2/agents/${agent.ID}/versions/${original}/restore`).expect(200);
    expect(restored.body.agent).toMatchObject({ title: 'Original', lang: 'fr', SECRET_API_KEY: agent.SECRET_API_KEY });
    const after = (await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions;
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ versionId: restored.body.versionId, source: 'restore', title: 'Original' });
    await h.as(person).post(`/v2/agents/${agent.ID}/versions/nope/restore`).expect(404, { success: false, message: 'Version not found' });
  });

  it('saveAgentBackup marks the published version with the workspace and e-mail', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    await h.as(person).post('/procedures/saveAgentBackup', { agentId: agent.ID, workspaceId: workspace.uid, userEmail: person.email }).expect(200, { success: true });
    const [latest] = (await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions;
    expect(latest.backup).toEqual({ workspaceId: workspace.uid, userEmail: person.email, at: expect.any(Number) });
    await h.as(person).post('/procedures/saveAgentBackup', { agentId: agent.ID, workspaceId: 'otherws', userEmail: person.email }).expect(400);
    await h.as(person).post('/procedures/saveAgentBackup', { agentId: agent.ID, workspaceId: workspace.uid, userEmail: 'nope' }).expect(400);
  });
});

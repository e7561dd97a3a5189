/** What a save writes (ADR 0028, 0035): the changed fields behind the `_version` guard, and one kept version each. */
import { COLLECTION } from '../src/store/collections';
import { startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';
import { watchAgentsCollection } from './support/watch-agents';

describe('a save writes what changed, once', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  /** The updates sent to the agents collection while `run` runs. */
  async function agentUpdates(run: () => Promise<unknown>): Promise<Array<{ filter: Record<string, unknown>; update: Record<string, Record<string, unknown>> }>> {
    const updates: Array<{ filter: Record<string, unknown>; update: Record<string, Record<string, unknown>> }> = [];
    await watchAgentsCollection(h, 'updateOne', ([filter, update]) => updates.push({ filter, update } as (typeof updates)[number]), run);
    return updates;
  }

  it('sets only the fields that changed (and the save counter), behind the version guard, keeping the others', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { title: 'Kept title', lang: 'fr' });
    const updates = await agentUpdates(() => h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, description: 'Only this changed' }).expect(200));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.filter).toEqual({ _id: agent.ID, _version: 1 });
    expect(Object.keys(updates[0]!.update)).toEqual(['$set']);
    // lastModified is the save time: set too when the second moved on since the creation
    expect(Object.keys(updates[0]!.update.$set!).filter((key) => key !== 'lastModified').sort()).toEqual(['_version', 'description']);
    expect(updates[0]!.update.$set).toMatchObject({ description: 'Only this changed', _version: 2 });
    expect(await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never)).toMatchObject({ title: 'Kept title', lang: 'fr', description: 'Only this changed', _version: 2 });
  });

  it('leaves a sealed channel credential the save did not change as it is stored', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const withKey = { ...agent, vapiConfig: { promptOnWeb: false, privateKey: 'vapi-private-key' } };
    await h.as(person).post(`/v2/agents/${agent.ID}`, withKey).expect(200);
    const stored = () => h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never) as Promise<{ vapiConfig: { privateKey: string } } | null>;
    const sealed = (await stored())!.vapiConfig.privateKey;
    expect(sealed).not.toBe('vapi-private-key');
    const updates = await agentUpdates(() => h.as(person).post(`/v2/agents/${agent.ID}`, { ...withKey, description: 'Key unchanged' }).expect(200));
    expect(Object.keys(updates[0]!.update.$set!)).not.toContain('vapiConfig');
    expect((await stored())!.vapiConfig.privateKey).toBe(sealed);
    const changed = await agentUpdates(() => h.as(person).post(`/v2/agents/${agent.ID}`, { ...withKey, vapiConfig: { promptOnWeb: false, privateKey: 'new-key' } }).expect(200));
    expect(Object.keys(changed[0]!.update.$set!)).toContain('vapiConfig');
    const resealed = (await stored())!.vapiConfig.privateKey;
    expect([sealed, 'new-key']).not.toContain(resealed);
    expect((await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200)).body.agent.vapiConfig).toEqual({ promptOnWeb: false, privateKey: 'new-key' });
  });

  it('writes nothing over a save that came in between: a stale version fails the guard, and the save is made again on the stored agent', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    // another replica saves: the copy this process holds is now stale
    await h.mongo.collection('eu', COLLECTION.agents).updateOne({ _id: agent.ID } as never, { $set: { lang: 'de' }, $inc: { _version: 1 } });
    const updates = await agentUpdates(() => h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'After the other save' }).expect(200));
    expect(updates.map((u) => u.filter._version)).toEqual([1, 2]);
    expect(await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never)).toMatchObject({ title: 'After the other save', _version: 3 });
  });

  it('keeps exactly one version per save when saves run at once (their versions are inserted together)', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agents = await Promise.all(Array.from({ length: 6 }, (_, i) => createAgent(h, person, workspace.uid, 'eu', { title: `Agent ${i}` })));
    const saved = await Promise.all(agents.map((agent, i) => h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title: `Saved ${i}` }).expect(200)));
    for (const [i, agent] of agents.entries()) {
      const versions = (await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions as Array<{ versionId: string; version: number; title: string; source: string }>;
      expect(versions.map((v) => [v.version, v.title, v.source])).toEqual([
        [2, `Saved ${i}`, 'save'],
        [1, `Agent ${i}`, 'create'],
      ]);
      expect(versions[0]!.versionId).toBe(saved[i]!.body.versionId);
    }
  });
});

import { COLLECTION } from '../src/store/collections';
import { startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';
import { watchAgentsCollection } from './support/watch-agents';

describe('a save starts from the copy of the agent this process last wrote (ADR 0028)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  /** How many times the agents collection is read (findOne) while `run` runs. */
  async function agentReads(run: () => Promise<unknown>): Promise<number> {
    let reads = 0;
    await watchAgentsCollection(h, 'findOne', () => (reads += 1), run);
    return reads;
  }

  it('saves an agent it created or saved without reading it first', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    for (const title of ['First save', 'Second save']) {
      expect(await agentReads(() => h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title }).expect(200))).toBe(0);
    }
    expect(await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never)).toMatchObject({ title: 'Second save', _version: 3 });
  });

  it('reads the agent again when another replica saved since (the copy fails the version guard)', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    await h.mongo.collection('eu', COLLECTION.agents).updateOne({ _id: agent.ID } as never, { $set: { description: 'by another replica' }, $inc: { _version: 1 } });
    const reads = await agentReads(async () => {
      const saved = await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'Saved over a stale copy' }).expect(200);
      expect(saved.body.agent).toMatchObject({ title: 'Saved over a stale copy' });
    });
    expect(reads).toBe(1);
    expect(await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never)).toMatchObject({ title: 'Saved over a stale copy', _version: 3 });
  });

  it('still refuses another workspace the agent it holds a copy of', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const other = await personWithWorkspace(h, 'eu', 'other');
    await h.as(other.person).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'Not mine' }).expect(403);
    await h.as(other.secret).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'Not mine' }).expect(403);
    expect(await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never)).toMatchObject({ title: 'Support bot', _version: 1 });
  });
});

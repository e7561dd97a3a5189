import { newAgentDraft, newAgentSecretKey } from '@platform/contracts';
import { agentRecord } from '../src/domain/agent-record';
import { COLLECTION } from '../src/store/collections';
import { startHarness, type Harness } from './support/harness';
import { personWithWorkspace } from './support/people';

describe('GET /v2/agents with 1,000 agents', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('answers the list fields, newest first, fast', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    // Full agents (with nodes and prompts) of this workspace and of another one.
    const records = ['otherworkspace', workspace.uid].flatMap((workspaceId) =>
      Array.from({ length: 1000 }, (_, i) => {
        const draft = newAgentDraft({ title: `Agent ${i}`, ownerID: workspaceId, enableNodes: i % 2 === 0 });
        return agentRecord({ ...draft, vg_systemPrompt: 'x'.repeat(4000) }, { ID: draft.ID, workspaceId, secretKey: newAgentSecretKey(), now: 1_700_000_000 + i, version: 1 });
      }),
    );
    await h.mongo.collection('eu', COLLECTION.agents).insertMany(records as never[]);

    await h.as(person).get(`/v2/agents?workspaceId=${workspace.uid}`).expect(200); // warm the membership cache
    const started = Date.now();
    const { body } = await h.as(person).get(`/v2/agents?workspaceId=${workspace.uid}`).expect(200);
    const elapsed = Date.now() - started;
    expect(body.agents).toHaveLength(1000);
    expect(body.agents[0]).toEqual({ ID: expect.any(String), title: 'Agent 999', description: 'Your virtual assistant.', lastModified: 1_700_000_999, agentPlatform: 'vg', enableNodes: false });
    const times = body.agents.map((a: { lastModified: number }) => a.lastModified);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    expect(elapsed).toBeLessThan(1500);
  });
});

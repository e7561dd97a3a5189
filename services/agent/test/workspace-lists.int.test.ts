import type { KnowledgeSourceView, WorkspaceFunctionView, WorkspacePromptView, WorkspaceSessionView } from '@platform/contracts';
import { startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

/** The shell's workspace-wide pages (Crawler, Sessions, Functions): one list across the workspace's agents, never another's. */
describe('workspace-wide lists', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("the Crawler page lists the sources of every agent of the workspace, newest first, and nothing of another workspace", async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const first = await createAgent(h, person, workspace.uid);
    const second = await createAgent(h, person, workspace.uid);
    const stranger = await personWithWorkspace(h, 'eu', 'stranger');
    const theirs = await createAgent(h, stranger.person, stranger.workspace.uid);
    await h.as(person).post(`/v2/agents/${first.ID}/knowledge`, { sourceType: 'url', url: 'https://first.example.com/' }).expect(201);
    await h.as(person).post(`/v2/agents/${second.ID}/knowledge`, { sourceType: 'url', url: 'https://second.example.com/', refreshRate: '24h' }).expect(201);
    await h.as(stranger.person).post(`/v2/agents/${theirs.ID}/knowledge`, { sourceType: 'url', url: 'https://theirs.example.com/' }).expect(201);

    const listed = (await h.as(person).get(`/v2/workspaces/${workspace.uid}/knowledge`).expect(200)).body.data as KnowledgeSourceView[];
    expect(listed.map((s) => [s.name, s.agentId, s.status])).toEqual([
      ['second.example.com', second.ID, 'INITIALIZED'],
      ['first.example.com', first.ID, 'INITIALIZED'],
    ]);
    await h.as(stranger.person).get(`/v2/workspaces/${workspace.uid}/knowledge`).expect(403);
  });

  it('the Sessions page lists the recorded conversations of every agent of the workspace, newest first, without their messages', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    await h.mongo.collection('eu', 'users').updateOne({ _id: workspace.uid } as never, { $set: { loadTokens: 1000 } } as never);
    const first = await createAgent(h, person, workspace.uid);
    const second = await createAgent(h, person, workspace.uid);
    const stranger = await personWithWorkspace(h, 'eu', 'stranger');
    await h.as(person).post(`/v2/agents/${first.ID}/chat`, { messageId: 'firstmessage1', text: 'Hello, my e-mail is ann@example.com' }).expect(200);
    const later = await h.as(person).post(`/v2/agents/${second.ID}/chat`, { messageId: 'secondmessage1', text: 'Hello' }).expect(200);
    await h.as(person).post(`/v2/agents/${second.ID}/chat`, { messageId: 'secondmessage2', text: 'Are you there?', conversationId: later.body.data.conversationId }).expect(200);

    const listed = (await h.as(person).get(`/v2/workspaces/${workspace.uid}/sessions`).expect(200)).body.data as WorkspaceSessionView[];
    expect(listed.map((s) => [s.agentId, s.channel, s.userMessages, s.leads])).toEqual([
      [second.ID, 'test', 2, 0],
      [first.ID, 'test', 1, 1],
    ]);
    expect(listed[0]).not.toHaveProperty('messages');
    await h.as(stranger.person).get(`/v2/workspaces/${workspace.uid}/sessions`).expect(403);
  });

  it("the Functions page lists every agent's voice tools with the host they call, never their secret", async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const tool = { id: 'ordertool1', name: 'order_status', description: 'Looks an order up', serverUrl: 'https://tools.example.com/orders?x=1', serverUrlSecret: 'very-secret', fields: [{ key: 'orderId', value: 'A-1' }] };
    const withTools = await createAgent(h, person, workspace.uid, 'eu', { enableNodes: false, tools: [tool] } as never);
    await createAgent(h, person, workspace.uid);
    const stranger = await personWithWorkspace(h, 'eu', 'stranger');

    const res = await h.as(person).get(`/v2/workspaces/${workspace.uid}/functions`).expect(200);
    expect(res.body.data as WorkspaceFunctionView[]).toEqual([
      { agentId: withTools.ID, agentTitle: expect.any(String), editIn: 'tools', id: 'ordertool1', name: 'order_status', description: 'Looks an order up', host: 'tools.example.com', fields: 1 },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('very-secret');
    await h.as(stranger.person).get(`/v2/workspaces/${workspace.uid}/functions`).expect(403);
  });

  it("the Prompts page lists each agent's system prompt ('' when none), and nothing of another workspace", async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const older = await createAgent(h, person, workspace.uid, 'eu', { vg_systemPrompt: 'You are Ava, the bakery assistant.' } as never);
    const newer = await createAgent(h, person, workspace.uid, 'eu', { vg_systemPrompt: '' } as never);
    const stranger = await personWithWorkspace(h, 'eu', 'stranger');

    const listed = (await h.as(person).get(`/v2/workspaces/${workspace.uid}/prompts`).expect(200)).body.data as WorkspacePromptView[];
    // (lastModified is in seconds: two agents saved in one second keep no order between them)
    expect(listed.map((p) => [p.agentId, p.prompt]).sort()).toEqual(
      [
        [newer.ID, ''],
        [older.ID, 'You are Ava, the bakery assistant.'],
      ].sort(),
    );
    await h.as(stranger.person).get(`/v2/workspaces/${workspace.uid}/prompts`).expect(403);
  });
});

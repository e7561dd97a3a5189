import { TOPICS, newAgentDraft, validateEvent, type EventEnvelope } from '@platform/contracts';
import { COLLECTION } from '../src/store/collections';
import { readTopicWithKcat, testRelay, waitFor } from '@platform/test-support';
import { startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

describe('agent events reach Kafka through the outbox', () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof testRelay>>;

  beforeAll(async () => {
    relay = await testRelay([COLLECTION.agents]);
    h = await startHarness({ eventsWritten: relay.nudge });
    relay.start(h.mongo);
  });
  afterAll(async () => {
    await relay.stop();
    await h.close();
  });

  it('publishes exactly one event per created agent, without secrets, and none for saves or failed creates', async () => {
    const { person, workspace, secret } = await personWithWorkspace(h, 'na');
    const first = await createAgent(h, person, workspace.uid, 'na', { whatsappToken: 'secret-token' });
    const converted = (
      await h.as(secret, 'na').post('/procedures/convertAgentTemplateToAgent', { agentName: 'From template', agentTemplate: { enableNodes: false } }).expect(200)
    ).body.agentCreated;
    // Saves (also right after the create, while its event may still wait) publish nothing.
    await h.as(person, 'na').post(`/v2/agents/${first.ID}`, { ...first, title: 'Saved', lastModified: 1 }).expect(200);
    await h.as(person, 'na').post(`/v2/agents/${converted.ID}`, { ...converted, title: 'Saved too', lastModified: 1 }).expect(200);
    const failed = newAgentDraft({ title: 'Broken', ownerID: workspace.uid, enableNodes: false });
    await h.as(person, 'na').post(`/v2/agents/${failed.ID}`, { ...failed, vgOptions: { maxChunkSize: 1 } }).expect(400);
    const refused = newAgentDraft({ title: 'Not mine', ownerID: 'someoneelses' });
    await h.as(person, 'na').post(`/v2/agents/${refused.ID}`, refused).expect(403);

    // Everything written has been relayed once no document has pending events.
    await waitFor(async () => (await h.mongo.collection('na', COLLECTION.agents).countDocuments({ _outboxAt: { $exists: true } } as never)) === 0);
    const ids = [first.ID, converted.ID, failed.ID, refused.ID];
    const records = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.newAgent.name)).filter((record) => ids.includes(record.key));
      return mine.length >= 2 ? mine : undefined;
    }, 60_000, 500);
    expect(records.map((r) => r.key).sort()).toEqual([first.ID, converted.ID].sort());
    const events = records.map((r) => JSON.parse(r.value) as EventEnvelope<'new-agent', { agent: Record<string, unknown> }>);
    for (const event of events) {
      expect(validateEvent(event).error).toBeUndefined();
      expect(event).toMatchObject({ type: 'new-agent', region: 'na', workspaceId: workspace.uid });
      expect(event.data.agent).not.toHaveProperty('SECRET_API_KEY');
      expect(event.data.agent).not.toHaveProperty('whatsappToken');
    }
    expect(events.find((e) => e.data.agent.ID === first.ID)!.data.agent).toMatchObject({ title: 'Support bot', ownerID: workspace.uid });
  });

  it('writes credentials.agent-secret-key-rotated with the new key, keyed by the agent, carrying neither key', async () => {
    const { person, workspace } = await personWithWorkspace(h, 'na');
    const agent = await createAgent(h, person, workspace.uid, 'na');
    const rotated = await h.as(person, 'na').post(`/v2/agents/${agent.ID}/secret-key`, {}).expect(200);

    const event = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.credentialRevocations.name)).filter((record) => record.key === agent.ID);
      return mine[0] && (JSON.parse(mine[0].value) as EventEnvelope);
    }, 60_000, 500);
    expect(event).toMatchObject({ type: 'credentials.agent-secret-key-rotated', region: 'na', workspaceId: workspace.uid, data: { agentId: agent.ID } });
    expect(validateEvent(event).error).toBeUndefined();
    const text = JSON.stringify(event);
    expect(text).not.toContain(rotated.body.data.SECRET_API_KEY);
    expect(text).not.toContain(agent.SECRET_API_KEY);
  });
});

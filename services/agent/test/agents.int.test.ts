import { AGENT_DRAFT_DEFAULTS, AGENT_SECRET_KEY_PATTERN, VOICE_CONFIG_DEFAULT, newAgentDraft, newAgentId } from '@platform/contracts';
import { COLLECTION } from '../src/store/collections';
import { agentIdentity, gateway, snapshot, startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

describe('agents: create, save, list, read', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("creates the New Agent drawer's draft in the caller's workspace, with a server-made secret key", async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const draft = newAgentDraft({ title: 'Support bot', ownerID: workspace.uid });
    const res = await h.as(person).post(`/v2/agents/${draft.ID}`, draft).expect(200);
    expect(res.body).toMatchObject({ success: true, created: true, versionId: expect.any(String) });
    const { agent } = res.body;
    const { SECRET_API_KEY: _key, lastModified: _time, ...rest } = draft;
    expect(agent).toEqual({ ...rest, userId: workspace.uid, SECRET_API_KEY: expect.stringMatching(AGENT_SECRET_KEY_PATTERN), lastModified: expect.any(Number) });
    expect(agent.SECRET_API_KEY).not.toBe(draft.SECRET_API_KEY);
    expect(Math.abs(agent.lastModified - Date.now() / 1000)).toBeLessThan(60);
    await h.as(person).get(`/v2/agents/${draft.ID}`).expect(200, { success: true, agent });
  });

  it("fills the spec's defaults and, for 'vg' agents without nodes, the starter defaults", async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const id = newAgentId();
    const { body } = await h.as(person).post(`/v2/agents/${id}`, { title: 'Plain', ownerID: workspace.uid, enableNodes: false }).expect(200);
    expect(body.agent).toMatchObject({
      ID: id,
      description: 'Your virtual assistant.',
      proactiveMessage: 'Hi, how can I help you today? 👋',
      messageDelayMS: 1000,
      lang: 'en',
      vg_defaultModel: 'gpt-4o',
      vg_temperature: 0.5,
      vg_maxTokens: 1024,
      vgOptions: { maxChunkSize: 2424 },
      internal: { accountCreationConfig: 'v2', websocketServer: 'nodejs' },
      enableGeoAnalytics: true,
      voiceConfig: { ...VOICE_CONFIG_DEFAULT, transcriber: { ...VOICE_CONFIG_DEFAULT.transcriber, utteranceThreshold: 150 } },
    });
  });

  it('sets every draft default of the spec itself, whoever creates the agent and however (API callers, templates, imports)', async () => {
    const { person, workspace, secret } = await personWithWorkspace(h);
    // The spec's "Agent draft at creation" (AGENT_DRAFT_DEFAULTS is checked word for word in contracts), for what a caller leaves out.
    const draftDefaults = {
      ...AGENT_DRAFT_DEFAULTS,
      agentPlatform: 'vg',
      theme: 'blue-light',
      ownerID: workspace.uid,
      SECRET_API_KEY: expect.stringMatching(AGENT_SECRET_KEY_PATTERN),
      lastModified: expect.any(Number),
      nodes: [],
      voiceConfig: VOICE_CONFIG_DEFAULT,
    };
    // an API caller with the workspace secret and a bare body
    const bare = (await h.as(secret).post(`/v2/agents/${newAgentId()}`, { title: 'Bare' }).expect(200)).body.agent;
    expect(bare).toMatchObject(draftDefaults);
    // a partial voice configuration keeps the defaults of what it leaves out
    const partial = (await h.as(person).post(`/v2/agents/${newAgentId()}`, { title: 'Partial', ownerID: workspace.uid, voiceConfig: { config: { recordAudio: false } } }).expect(200)).body.agent;
    expect(partial.voiceConfig).toEqual({ ...VOICE_CONFIG_DEFAULT, config: { ...VOICE_CONFIG_DEFAULT.config, recordAudio: false } });
    // an imported file or a bare template body
    const imported = (await h.as(secret).post('/procedures/convertAgentTemplateToAgent', { agentName: 'Imported', agentTemplate: { template: { lang: 'de' } } }).expect(200)).body.agentCreated;
    expect(imported).toMatchObject({ ...draftDefaults, lang: 'de', title: 'Imported' });
  });

  it('saves replace the agent; the owner, ID and secret key stay the server’s; channel saves merge', async () => {
    const { person, workspace, secret } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const edited = { ...agent, title: 'Renamed', lang: undefined, ownerID: 'someoneelse', userId: 'x', SECRET_API_KEY: 'vg_BBBBBBBBBBBBBBBBBBBB', lastModified: 5 };
    delete edited.lang;
    const saved = await h.as(person).post(`/v2/agents/${agent.ID}`, edited).expect(200);
    expect(saved.body).toMatchObject({ success: true, created: false });
    expect(saved.body.agent).toMatchObject({ title: 'Renamed', ownerID: workspace.uid, userId: workspace.uid, SECRET_API_KEY: agent.SECRET_API_KEY });
    expect(saved.body.agent).not.toHaveProperty('lang');
    // WhatsApp fields with the workspace secret, Google Business with the agent key: merged.
    await h.as(secret).post(`/v2/agents/${agent.ID}`, { waTestNumber: '+4912345', whatsappToken: 'tok', whatsappBusniessId: 'b1', whatsappNumberId: 'n1', vapi: { a: 1 } }).expect(200);
    await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${agent.ID}`, { gcloudClientEmail: 'bot@x.iam.gserviceaccount.com', gcloudPrivateKey: 'KEY' }).expect(200);
    // Google Business's rules (spec §5): '@' in the e-mail, the key required; newlines become commas.
    const googleRefused = await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${agent.ID}`, { gcloudClientEmail: 'bot.example.com', gcloudPrivateKey: 'KEY' }).expect(400);
    expect(googleRefused.body.error).toBe('Please fill in the required fields.');
    await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${agent.ID}`, { gcloudClientEmail: 'bot@x.iam.gserviceaccount.com', gcloudPrivateKey: '' }).expect(400);
    await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${agent.ID}`, { gcloudClientEmail: 'bot@x.iam.gserviceaccount.com', gcloudPrivateKey: 'KEY\nPART' }).expect(200);
    expect((await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200)).body.agent.gcloudPrivateKey).toBe('KEY,PART');
    await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${agent.ID}`, { gcloudClientEmail: 'bot@x.iam.gserviceaccount.com', gcloudPrivateKey: 'KEY' }).expect(200);
    const { body } = await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200);
    expect(body.agent).toMatchObject({ title: 'Renamed', waTestNumber: '+4912345', whatsappBusniessId: 'b1', gcloudPrivateKey: 'KEY', vapi: { a: 1 } });
    const stored = await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never);
    expect(stored).toMatchObject({ _version: 6 });
  });

  it('refuses a max chunk size under 1000 and other bad input with the spec messages, changing nothing', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const before = await snapshot(h.mongo);
    const chunk = await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, vgOptions: { maxChunkSize: 999 }, lastModified: 1 }).expect(400);
    expect(chunk.body).toEqual({ success: false, message: 'Max chunk size must be greater than 1000', error: 'Max chunk size must be greater than 1000' });
    const noName = await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title: '', lastModified: 1 }).expect(400);
    expect(noName.body).toEqual({ success: false, message: 'Failed to save agent, Please provide a name for the agent.', error: 'Please provide a name for the agent.' });
    const noTime = await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, lastModified: undefined }).expect(400);
    expect(noTime.body.message).toBe('Failed to save agent, lastModified is required');
    await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, messageDelayMS: 'slow', lastModified: 1 }).expect(400);
    await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, $set: { x: 1 }, lastModified: 1 }).expect(400);
    // A failed create writes nothing.
    const draft = newAgentDraft({ title: 'x', ownerID: workspace.uid, enableNodes: false });
    const failed = await h.as(person).post(`/v2/agents/${draft.ID}`, { ...draft, vgOptions: { maxChunkSize: 10 } }).expect(400);
    expect(failed.body.message).toBe('Max chunk size must be greater than 1000');
    await h.as(person).post(`/v2/agents/${newAgentId()}`, { title: '', ownerID: workspace.uid }).expect(400);
    await h.as(person).post(`/v2/agents/${newAgentId()}`, { title: 'No workspace' }).expect(400, { success: false, message: 'Please choose a workspace.' });
    await h.as(person).post('/v2/agents/short', { title: 'Bad id', ownerID: workspace.uid }).expect(400);
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it("lists a workspace's agents newest first with the list fields only", async () => {
    const { person, workspace, secret } = await personWithWorkspace(h);
    const first = await createAgent(h, person, workspace.uid, 'eu', { title: 'First', roundedImageURL: 'https://img.example.com/a.png' });
    const second = await createAgent(h, person, workspace.uid, 'eu', { title: 'Second' });
    await h.mongo.collection('eu', COLLECTION.agents).updateOne({ _id: first.ID } as never, { $set: { lastModified: 1 } });
    const { body } = await h.as(person).get(`/v2/agents?workspaceId=${workspace.uid}`).expect(200);
    expect(body.agents).toEqual([
      { ID: second.ID, title: 'Second', description: 'Your virtual assistant.', lastModified: expect.any(Number), agentPlatform: 'vg', enableNodes: true },
      { ID: first.ID, title: 'First', description: 'Your virtual assistant.', roundedImageURL: 'https://img.example.com/a.png', lastModified: 1, agentPlatform: 'vg', enableNodes: true },
    ]);
    await h.as(secret).get('/v2/agents').expect(200, body);
    await h.as(person).get('/v2/agents').expect(400, { success: false, message: 'Please choose a workspace.' });
    await h.as(person, 'na').get(`/v2/agents?workspaceId=${workspace.uid}`).expect(403);
  });

  it('a missing agent found in the other region answers 404 with that region; unknown ones a plain 404', async () => {
    const { person, workspace } = await personWithWorkspace(h, 'na');
    const agent = await createAgent(h, person, workspace.uid, 'na');
    await h.as(person, 'na').get(`/v2/agents/${agent.ID}`).expect(200);
    const res = await h.as(person, 'eu').get(`/v2/agents/${agent.ID}`).expect(404);
    expect(res.body).toEqual({ success: false, message: expect.any(String), region: 'na' });
    const stranger = await personWithWorkspace(h, 'eu');
    await h.as(stranger.person, 'eu').get(`/v2/agents/${agent.ID}`).expect(404, { success: false, message: 'Agent not found' });
    await h.as(person, 'eu').get(`/v2/agents/${newAgentId()}`).expect(404, { success: false, message: 'Agent not found' });
    // The same ID cannot be created again in the other region.
    const { ID: _id, ...copy } = agent;
    await h.as(stranger.person, 'eu').post(`/v2/agents/${agent.ID}`, { ...copy, ownerID: stranger.workspace.uid }).expect(409, {
      success: false,
      message: 'Failed to save agent, this agent ID is already used',
    });
  });

  it('the gateway verifies agent secret keys of its region', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    await h.as(gateway).post('/internal/credentials/verify', { credential: agent.SECRET_API_KEY }).expect(200, {
      success: true,
      identity: { kind: 'agent', agentId: agent.ID, region: 'eu' },
    });
    await h.as(gateway, 'na').post('/internal/credentials/verify', { credential: agent.SECRET_API_KEY }).expect(404);
    await h.as(gateway).post('/internal/credentials/verify', { credential: workspace.workspaceSecret }).expect(404);
    await h.as(person).post('/internal/credentials/verify', { credential: agent.SECRET_API_KEY }).expect(403);
  });

  it('answers /openapi.json without the gateway, and nothing else', async () => {
    const res = await (await import('supertest')).default(h.app).get('/openapi.json').expect(200);
    expect(res.body.paths['/v2/agents/{agentId}']).toBeDefined();
    await (await import('supertest')).default(h.app).get('/v2/templates').expect(401);
    // The media module is mounted and documented too.
    expect(res.body.paths['/procedures/uploadFile']).toBeDefined();
    const { person } = await personWithWorkspace(h);
    await h.as(person).get('/translate').expect(200);
  });
});

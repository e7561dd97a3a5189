import { AGENT_API_MESSAGES } from '@platform/contracts';
import { COLLECTION } from '../src/store/collections';
import { agentIdentity, gateway, someone, startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

const CREDENTIALS = {
  whatsappToken: 'EAAG-whatsapp-token-1',
  gcloudClientEmail: 'agent@project.iam.gserviceaccount.com',
  gcloudPrivateKey: '-----BEGIN PRIVATE KEY-----,gcloud-private-1',
  instagramAccessToken: 'IGQV-instagram-token-1',
  instagramOptions: { pageId: 'page-1', accessToken: 'page-access-token-1' },
  vfApiKey: 'VF.DM.voiceflow-key-1',
  flowise: { webhookUrl: 'https://flowise.example.com/hook', webhookSecret: 'flowise-secret-1' },
  tools: [{ id: 'tool1', name: 'Lookup', description: 'Finds things', serverUrl: 'https://tools.example.com', serverUrlSecret: 'tool-secret-1' }],
};
const SECRET_TEXTS = ['EAAG-whatsapp', 'gcloud-private', 'IGQV-instagram', 'page-access-token', 'voiceflow-key', 'flowise-secret', 'tool-secret'];

describe('channel credentials at rest and in history', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('stores them sealed (AES-256-GCM), shows them in clear to whoever may read the agent, and never keeps them in versions', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', CREDENTIALS);
    await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, ...CREDENTIALS, title: 'Second', lastModified: 2 }).expect(200);

    const read = (await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200)).body.agent;
    expect(read).toMatchObject(CREDENTIALS);

    const raw = await h.mongo.collection('eu', COLLECTION.agents).findOne({ _id: agent.ID } as never);
    expect(raw!.whatsappToken).toMatch(/^enc:v1:/);
    expect(raw!.instagramOptions).toMatchObject({ pageId: 'page-1', accessToken: expect.stringMatching(/^enc:v1:/) });
    const kept = await h.mongo.collection('eu', COLLECTION.versions).find({ agentId: agent.ID }).toArray();
    expect(kept).toHaveLength(2);
    for (const text of SECRET_TEXTS) {
      expect(JSON.stringify(raw)).not.toContain(text);
      expect(JSON.stringify(kept)).not.toContain(text);
    }
    const history = (await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions;
    for (const text of SECRET_TEXTS) expect(JSON.stringify(history)).not.toContain(text);
  });

  it('restoring a version keeps the credentials the agent has now', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', { ...CREDENTIALS, title: 'Old' });
    const newer = { ...CREDENTIALS, whatsappToken: 'EAAG-whatsapp-token-2', instagramOptions: { pageId: 'page-1', accessToken: 'page-access-token-2' } };
    await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, ...newer, title: 'New', lastModified: 2 }).expect(200);
    const versions = (await h.as(person).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions;
    const restored = await h.as(person).post(`/v2/agents/${agent.ID}/versions/${versions[1].versionId}/restore`).expect(200);
    expect(restored.body.agent).toMatchObject({ title: 'Old', ...newer });
  });
});

describe('agent secret key rotation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const verify = (credential: string) => h.as(gateway).post('/internal/credentials/verify', { credential });

  it('a member regenerates the key: the old key is refused, the new one works, the agent is otherwise unchanged', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', CREDENTIALS);
    await verify(agent.SECRET_API_KEY).expect(200);

    const res = await h.as(person).post(`/v2/agents/${agent.ID}/secret-key`, {}).expect(200);
    const fresh = res.body.data.SECRET_API_KEY as string;
    expect(fresh).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect(fresh).not.toBe(agent.SECRET_API_KEY);
    await verify(agent.SECRET_API_KEY).expect(404);
    expect((await verify(fresh).expect(200)).body.identity).toEqual({ kind: 'agent', agentId: agent.ID, region: 'eu' });
    const after = (await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200)).body.agent;
    expect(after).toMatchObject({ ...CREDENTIALS, SECRET_API_KEY: fresh, title: agent.title });

    // A save whose body still carries the old key does not bring it back.
    await h.as(person).post(`/v2/agents/${agent.ID}`, { ...agent, title: 'Later', lastModified: 3 }).expect(200);
    expect((await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200)).body.agent.SECRET_API_KEY).toBe(fresh);
  });

  it('refuses the key itself, strangers and unknown agents', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    await h.as(agentIdentity(agent.ID)).post(`/v2/agents/${agent.ID}/secret-key`, {}).expect(403, { success: false, message: AGENT_API_MESSAGES.rotateNeedsMember });
    await h.as(someone('stranger')).post(`/v2/agents/${agent.ID}/secret-key`, {}).expect(403);
    await h.as(person).post('/v2/agents/NoSuchAgent00000/secret-key', {}).expect(404);
    await verify(agent.SECRET_API_KEY).expect(200);
  });
});
